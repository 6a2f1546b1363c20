import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { z } from 'zod';
import { isPgConnectionLoss } from '../../db/pg/client.js';

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
  /** Gateway-style failures (auth, routing, quota) use `{error}`. */
  static gateway(status: number, error: string, headers?: WireHeaders): ServiceError {
    return new ServiceError(status, { error }, headers);
  }
  /** Handler-level failures use `{message}`. */
  static handler(status: number, message: string, headers?: WireHeaders): ServiceError {
    return new ServiceError(status, { message }, headers);
  }
}

/** `['operations', 3, 'id']` -> `operations[3].id`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out ? `.${String(seg)}` : String(seg);
  }
  return out || '$request';
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
        body: {
          message: cause instanceof SyntaxError ? 'Invalid input: not valid JSON' : `Invalid input: ${error.message}`,
        },
        headers: {},
      };
    case 'PARSE_ERROR':
      return { status: 400, body: { message: 'Invalid request body: not valid JSON' }, headers: {} };
    case 'PAYLOAD_TOO_LARGE':
      return { status: 413, body: { error: 'request body too large' }, headers: {} };
    case 'UNSUPPORTED_MEDIA_TYPE':
      // Only the tRPC adapter raises this (REST answers 415 itself): a tRPC body that is not JSON is malformed input.
      return {
        status: 400,
        body: { message: 'Invalid request body: send JSON with Content-Type application/json' },
        headers: {},
      };
    case 'NOT_FOUND':
      return { status: 404, body: { error: 'not found' }, headers: {} };
    case 'METHOD_NOT_SUPPORTED':
      return { status: 405, body: { error: 'method not allowed' }, headers: {} };
    default:
      return databaseUnavailable(error) ?? INTERNAL;
  }
}

/** How long a client is asked to wait when PostgreSQL cannot be reached. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * A failure caused by PostgreSQL being unreachable (refused, closed, timed out) is the service being
 * briefly unavailable, not a crash: 503 with Retry-After on every operation, whichever store failed.
 */
function databaseUnavailable(error: TRPCError): WireError | undefined {
  if (!isPgConnectionLoss(error.cause)) return undefined;
  return {
    status: 503,
    body: { error: 'the database is unavailable; retry shortly' },
    headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  };
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
