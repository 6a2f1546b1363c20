import jmespath from 'jmespath';
import vm from 'node:vm';

/** Spec part 8: expression size and projected output size. */
export const MAX_EXPRESSION_BYTES = 1024;
export const MAX_PROJECTION_BYTES = 262_144;
/** Longest a projection may compute. Only expressions that could amplify work are timed. */
export const MAX_EVALUATION_MS = 50;

/** Field paths, indexes, slices-free wildcards and flattens: linear in the body, never amplifying. */
const PLAIN_PATH = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*|\[\d+\]|\[\*?\]|\.\*)*$/;

// One context and script reused for every timed evaluation; the job is swapped in per call.
const sandbox = vm.createContext({ job: undefined as undefined | (() => void) });
const runJob = new vm.Script('job()');

class EvaluationTimeout extends Error {}

/**
 * Evaluates an expression. Anything beyond a plain path runs under a time budget: an expression
 * such as `{a:@,b:@}` piped twenty times and then passed to `to_string` or walked by projections
 * would otherwise make the library work for minutes on a structure of 2^20 shared references.
 * Node's vm timeout interrupts the synchronous search wherever it is.
 */
function evaluate(body: unknown, expression: string): unknown {
  if (PLAIN_PATH.test(expression)) return jmespath.search(body as never, expression);
  let result: unknown;
  sandbox.job = () => {
    result = jmespath.search(body as never, expression);
  };
  try {
    runJob.runInContext(sandbox, { timeout: MAX_EVALUATION_MS });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new EvaluationTimeout();
    throw err;
  } finally {
    sandbox.job = undefined;
  }
  return result;
}

export type Projection =
  | { ok: true; value: unknown }
  | { ok: false; body: { _jmespath_error: string; original_keys: string[] } };

/**
 * Names the top level of the unprojected body so a caller can see what a failed expression
 * could have addressed: an object's keys (first 50, then a count), an array's length, or a type.
 */
export function originalKeys(body: unknown): string[] {
  if (Array.isArray(body)) return [`<array length=${body.length}>`];
  if (body !== null && typeof body === 'object') {
    const keys = Object.keys(body);
    return keys.length <= 50 ? keys : [...keys.slice(0, 50), `...<${keys.length - 50} more>`];
  }
  return [`<${typeof body}>`];
}

/**
 * Serialised JSON size of `value` in UTF-8 bytes, walking the value and giving up as soon as the
 * running total passes `limit`. Shared references are counted each time they appear, which is what
 * serialisation would do, but the walk stops after at most `limit` bytes of work, so a projection
 * that repeats the whole body a million times is refused in microseconds.
 */
export function jsonSizeWithin(value: unknown, limit: number): number | undefined {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || v === undefined) total += 4;
    else if (typeof v === 'string') total += utf8JsonStringBytes(v);
    else if (typeof v === 'number') total += Number.isFinite(v) ? String(v).length : 4;
    else if (typeof v === 'boolean') total += v ? 4 : 5;
    else if (Array.isArray(v)) {
      total += 2 + Math.max(0, v.length - 1);
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
    } else if (typeof v === 'object') {
      const keys = Object.keys(v as object);
      total += 2 + Math.max(0, keys.length - 1);
      for (const k of keys) {
        total += utf8JsonStringBytes(k) + 1;
        stack.push((v as Record<string, unknown>)[k]);
      }
    }
    if (total > limit) return undefined;
  }
  return total;
}

function utf8JsonStringBytes(s: string): number {
  // Fast path for the common case: printable ASCII without quotes or backslashes.
  let n = 2;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20) n += 6;
    else if (c === 0x22 || c === 0x5c) n += 2;
    else if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) { n += 4; i++; }
    else n += 3;
  }
  return n;
}

/**
 * Applies a JMESPath expression to a response body with the published limits. The caller treats
 * an empty expression as "no projection" before calling this. A path that misses yields `null`.
 */
export function project(body: unknown, expression: string): Projection {
  const fail = (message: string): Projection => ({
    ok: false,
    body: { _jmespath_error: message, original_keys: originalKeys(body) },
  });
  const bytes = Buffer.byteLength(expression, 'utf8');
  if (bytes > MAX_EXPRESSION_BYTES) return fail(`expression_too_long: ${bytes} > ${MAX_EXPRESSION_BYTES}`);
  let value: unknown;
  try {
    value = evaluate(body, expression);
  } catch (err) {
    if (err instanceof EvaluationTimeout) return fail(`projection_too_large: evaluation exceeded ${MAX_EVALUATION_MS} ms`);
    return fail(`invalid_expression: ${(err as Error).message}`);
  }
  if (value === undefined) value = null;
  const size = jsonSizeWithin(value, MAX_PROJECTION_BYTES);
  if (size === undefined) return fail(`projection_too_large: output exceeds ${MAX_PROJECTION_BYTES} bytes`);
  return { ok: true, value };
}
