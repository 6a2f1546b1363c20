import type { IncomingHttpHeaders } from 'node:http';
import { ServiceError, type Violation } from '../errors.js';
import { classifyPath } from './paths.js';
import { prepareBody, type PreparedBody } from '../response-cache.js';

export const MAX_OPERATIONS = 20;
export const OPERATION_TIMEOUT_MS = 10_000;
/** Largest sub-response body carried in a result (1 MiB of UTF-8). */
export const MAX_RESPONSE_BYTES = 1_048_576;

/** Request headers a sub-operation inherits from the batch call: its credential and language only. */
const FORWARDED = ['x-service-key', 'x-api-key', 'cookie', 'accept-language'] as const;

export interface BatchOperation {
  id?: string;
  path: string;
}

export interface BatchResult {
  id: string;
  status: number;
  body?: unknown;
  error: string;
}

export interface BatchResponse {
  results: BatchResult[];
  succeeded: number;
  failed: number;
}

/** What runs one GET in process, through the same pipeline as a direct request. */
export type SubDispatch = (call: {
  method: 'GET';
  url: string;
  headers: IncomingHttpHeaders;
}) => Promise<{ status: number; body: string; headers?: Record<string, string>; prepared?: PreparedBody }>;

/**
 * Result ids: trimmed, a blank id becomes the operation's index, and every id must be unique or the
 * results could not be told apart (a 400 naming the second occurrence).
 */
export function assignIds(operations: readonly BatchOperation[]): string[] {
  const ids = operations.map((op, i) => (op.id ?? '').trim() || String(i));
  const seen = new Map<string, number>();
  const violations: Violation[] = [];
  ids.forEach((id, i) => {
    if (seen.has(id))
      violations.push({
        field: `operations[${i}].id`,
        description: `duplicate id "${id}": results would be ambiguous`,
      });
    else seen.set(id, i);
  });
  if (violations.length) throw ServiceError.validation(violations);
  return ids;
}

export function forwardedHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: Record<string, string | string[]> = { accept: 'application/json' };
  for (const name of FORWARDED) {
    const v = headers[name];
    if (v !== undefined) out[name] = v;
  }
  return out as IncomingHttpHeaders;
}

const TIMED_OUT = Symbol('timeout');

/** A result, and the operation's prepared body when it travels unchanged (spliced, never re-parsed). */
interface Outcome {
  result: BatchResult;
  raw?: PreparedBody;
}

async function runOne(
  id: string,
  path: string,
  dispatch: SubDispatch,
  headers: IncomingHttpHeaders,
  deadline: Promise<typeof TIMED_OUT>,
  keepRaw: boolean,
): Promise<Outcome> {
  const verdict = classifyPath(path);
  if (!verdict.ok) return { result: { id, status: 0, error: verdict.error } };
  try {
    const out = await Promise.race([dispatch({ method: 'GET', url: verdict.url, headers }), deadline]);
    if (out === TIMED_OUT) return { result: { id, status: 0, error: 'timeout' } };
    const size = out.prepared ? out.prepared.length : Buffer.byteLength(out.body, 'utf8');
    if (size > MAX_RESPONSE_BYTES) return { result: { id, status: out.status, error: 'response_too_large' } };
    // A result has no headers of its own: a refusal that says when to retry carries it in the body.
    const retryAfter = out.headers?.['retry-after'] ?? out.headers?.['Retry-After'];
    // The pipeline's prepared bodies are JSON it serialised itself: as they are, they can be spliced in.
    if (keepRaw && retryAfter === undefined && out.prepared)
      return { result: { id, status: out.status, error: '' }, raw: out.prepared };
    let body: unknown;
    try {
      body = JSON.parse(out.body);
    } catch {
      return { result: { id, status: out.status, error: 'invalid_json' } };
    }
    if (retryAfter !== undefined && body !== null && typeof body === 'object' && !Array.isArray(body)) {
      body = { ...(body as Record<string, unknown>), retryAfter: Number(retryAfter) };
    }
    return { result: { id, status: out.status, body, error: '' } };
  } catch {
    return { result: { id, status: 0, error: 'fetch_failed' } };
  }
}

export interface ExecutedBatch {
  /** The answer; a result whose body is in `raw` carries none here. */
  response: BatchResponse;
  /** Per result, the operation's prepared body when `keepRaw` let it travel unparsed. */
  raw: (PreparedBody | undefined)[];
}

/**
 * Runs every operation concurrently, each with its own deadline, and reports them in request order.
 * A sub-operation is authenticated, rate-limited, validated and projected exactly like a direct
 * call, because it is one: only the socket is missing. With `keepRaw`, bodies are not parsed: the
 * caller splices them into its answer with `serialiseBatch`.
 */
export async function executeBatch(
  operations: readonly BatchOperation[],
  dispatch: SubDispatch,
  callerHeaders: IncomingHttpHeaders,
  timeoutMs = OPERATION_TIMEOUT_MS,
  keepRaw = false,
): Promise<ExecutedBatch> {
  const ids = assignIds(operations);
  const headers = forwardedHeaders(callerHeaders);
  // The operations start together, so one timer is every operation's own deadline.
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
  });
  let outcomes: Outcome[];
  try {
    outcomes = await Promise.all(
      operations.map((op, i) => runOne(ids[i], op.path, dispatch, headers, deadline, keepRaw)),
    );
  } finally {
    clearTimeout(timer);
  }
  const results = outcomes.map((o) => o.result);
  const succeeded = results.filter((r) => r.status >= 200 && r.status < 300 && r.error === '').length;
  return { response: { results, succeeded, failed: results.length - succeeded }, raw: outcomes.map((o) => o.raw) };
}

/**
 * The answer with each raw body in its result's `body`, still prepared: serialised by `prepareBody`,
 * their bytes are spliced in place (twenty large bodies are copied, never re-parsed).
 */
export function withRawBodies({ response, raw }: ExecutedBatch): BatchResponse {
  if (!raw.some(Boolean)) return response;
  const results = response.results.map((r, i) => {
    const body = raw[i];
    return body ? { id: r.id, status: r.status, body, error: r.error } : r;
  });
  return { results, succeeded: response.succeeded, failed: response.failed };
}

/** The answer's bytes, exactly as JSON.stringify would write the complete response, raw bodies spliced in place. */
export function serialiseBatch(executed: ExecutedBatch): PreparedBody {
  return prepareBody(withRawBodies(executed), false);
}
