import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { z } from 'zod';
import { storageFailureOf, storageFailureWire } from './storage-failure.js';

/** One field-level problem, as in spec part 7: `field` is the wire name or a path such as `operations[3].id`. */
export interface Violation {
  field: string;
  description: string;
}

export type WireHeaders = Record<string, string>;

/** What the REST wrapper writes: status, exact JSON body and extra headers. */
export interface WireError {
  status: number;
  body: Record<string, unknown>;
  headers: WireHeaders;
}

const CODE_FOR_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  501: 'NOT_IMPLEMENTED',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

/**
 * The single error type thrown anywhere in the service. It is a TRPCError, so /trpc clients get a
 * proper tRPC code, and it carries the exact REST wire shape (spec part 7) for the REST wrapper.
 */
export class ServiceError extends TRPCError {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: WireHeaders;

  constructor(status: number, body: Record<string, unknown>, headers: WireHeaders = {}) {
    const message = String(body.error ?? body.message ?? body._jmespath_error ?? `HTTP ${status}`);
    super({ code: CODE_FOR_STATUS[status] ?? 'INTERNAL_SERVER_ERROR', message });
    this.status = status;
    this.body = body;
    this.headers = headers;
  }

  static validation(violations: Violation[]): ServiceError {
    return new ServiceError(400, { violations });
  }
  /** A refusal in the family's shape for its status (`errorBody`). */
  static of(status: number, text: string, field?: string, headers?: WireHeaders): ServiceError {
    return new ServiceError(status, errorBody(status, text, field), headers);
  }
  /** Gateway-style failures (auth, routing, quota) use `{error}`. */
  static gateway(status: number, error: string, headers?: WireHeaders): ServiceError {
    return new ServiceError(status, { error }, headers);
  }
  /** Handler-level failures use `{message}`. */
  static handler(status: number, message: string, headers?: WireHeaders): ServiceError {
    return new ServiceError(status, { message }, headers);
  }
}

/**
 * The one error family (interface specification, part 7), by status:
 *
 * - 400: `{violations: [{field, description}]}`: every request validation failure, the request's body
 *   included (malformed JSON, an unknown or invalid field; `field` is its path, `body` for the body as
 *   a whole) and headers (`field` is the header's name). One exception the contract fixes: a refused
 *   `jmespath` is `{_jmespath_error, original_keys}` (`jmespath.ts`).
 * - 401, 403, 404, 405, 406, 413, 415, 429, 503 and every refusal before a handler runs (origin,
 *   routing, method, credential, quota): `{error}`, with the optional fields part 7 names (`code`,
 *   `requiredTier`, `currentTier`, `planKey`).
 * - 500 and other handler failures: `{message}`.
 */
export function errorBody(status: number, text: string, field = 'body'): Record<string, unknown> {
  if (status === 400) return { violations: [{ field, description: text }] };
  if (status >= 500 && status !== 503) return { message: text };
  return { error: text };
}

/** `['operations', 3, 'id']` -> `operations[3].id`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out ? `.${String(seg)}` : String(seg);
  }
  return out || 'body';
}

export function violationsFromZod(error: z.ZodError): Violation[] {
  return error.issues.map((issue) => ({ field: fieldPath(issue.path), description: issue.message }));
}

const INTERNAL: WireError = { status: 500, body: { message: 'Internal server error' }, headers: {} };

/** Maps any failure that reaches the tRPC layer to the wire shape of spec part 7. Never leaks internals. */
export function toWire(error: TRPCError): WireError {
  if (error instanceof ServiceError) return { status: error.status, body: error.body, headers: error.headers };
  const cause = error.cause;
  if (error.code === 'BAD_REQUEST' && cause instanceof z.ZodError) {
    return { status: 400, body: { violations: violationsFromZod(cause) }, headers: {} };
  }
  switch (error.code) {
    case 'BAD_REQUEST':
      // tRPC's own input reading (malformed `input` parameter or body), before any schema ran.
      return {
        status: 400,
        body: errorBody(400, cause instanceof SyntaxError ? 'not valid JSON' : error.message, 'input'),
        headers: {},
      };
    case 'PARSE_ERROR':
      return { status: 400, body: errorBody(400, 'not valid JSON'), headers: {} };
    case 'PAYLOAD_TOO_LARGE':
      return { status: 413, body: { error: 'request body too large' }, headers: {} };
    case 'UNSUPPORTED_MEDIA_TYPE':
      // Only the tRPC adapter raises this (REST answers 415 itself): a tRPC body that is not JSON is malformed input.
      return { status: 400, body: errorBody(400, 'must be application/json', 'content-type'), headers: {} };
    case 'NOT_FOUND':
      return { status: 404, body: { error: 'not found' }, headers: {} };
    case 'METHOD_NOT_SUPPORTED':
      return { status: 405, body: { error: 'method not allowed' }, headers: {} };
    default: {
      // A locked, full or unreachable database is a passing outage of the service, not a crash.
      const storage = storageFailureOf(cause);
      return storage ? storageFailureWire(storage) : INTERNAL;
    }
  }
}

/** One line for a client to show: the first violation (and how many more), or the refusal's message. */
export function summaryOf(wire: WireError): string {
  const violations = wire.body.violations;
  if (Array.isArray(violations) && violations.length) {
    const first = violations[0] as Violation;
    return `${first.field}: ${first.description}${violations.length > 1 ? ` (and ${violations.length - 1} more)` : ''}`;
  }
  return String(wire.body.error ?? wire.body.message ?? wire.body._jmespath_error ?? `HTTP ${wire.status}`);
}

/** Whether an error is one we expected (a client mistake or a deliberate refusal) rather than a crash. */
export function isExpected(error: TRPCError): boolean {
  return toWire(error).status < 500 || error instanceof ServiceError;
}
