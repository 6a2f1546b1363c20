import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Spec part 8: expression size and projected output size. */
export const MAX_EXPRESSION_BYTES = 1024;
export const MAX_PROJECTION_BYTES = 262_144;
/**
 * Work one evaluation may do, in steps: one per node visited, one per element of every new array or
 * object built, and for deep operations (`to_string`, `==`) one per value they walk. Counted, not
 * timed, so the same expression on the same snapshot always gets the same answer, whatever the load.
 * At this size the most expensive admissible expression holds the event loop for a few milliseconds.
 */
export const MAX_EVALUATION_STEPS = 100_000;

interface Node {
  type: string;
  name?: string;
  children: Node[];
}
interface Interpreter {
  visit(node: Node, value: unknown): unknown;
}
interface Runtime {
  _interpreter: Interpreter;
  callFunction(name: string, args: unknown[]): unknown;
}
interface Library {
  compile(expression: string): Node;
  strictDeepEqual(a: unknown, b: unknown): boolean;
  TreeInterpreter: new (runtime: Runtime) => Interpreter;
  Runtime: new () => Runtime;
}

/**
 * The jmespath package, loaded so that its parser, interpreter and function runtime can be driven
 * separately (it exports only `search`): the stock code runs unchanged, with the step counter
 * wrapped around each visit and function call of one evaluation.
 */
function loadLibrary(): Library {
  const file = createRequire(import.meta.url).resolve('jmespath');
  const source = readFileSync(file, 'utf8').replace(
    'exports.strictDeepEqual = strictDeepEqual;',
    'exports.strictDeepEqual = strictDeepEqual; exports.TreeInterpreter = TreeInterpreter; exports.Runtime = Runtime;',
  );
  const lib = {} as Library;
  new Function('exports', source)(lib);
  if (typeof lib.TreeInterpreter !== 'function' || typeof lib.Runtime !== 'function') throw new Error('jmespath: unexpected library layout');
  return lib;
}
const lib = loadLibrary();

class BudgetExceeded extends Error {}

/** Counts the work of one evaluation and stops it past MAX_EVALUATION_STEPS. */
class Budget {
  private left = MAX_EVALUATION_STEPS;

  spend(n: number): void {
    this.left -= n;
    if (this.left < 0) throw new BudgetExceeded();
  }

  /** Pays for a new array or object by its own length (not its contents, which were paid for when built). */
  shallow(value: unknown): void {
    if (Array.isArray(value)) this.spend(value.length);
    else if (value !== null && typeof value === 'object') this.spend(Object.keys(value).length);
  }

  /** Pays for walking a whole value, shared references once per appearance, before a deep operation walks it. */
  deep(value: unknown): void {
    const stack: unknown[] = [value];
    while (stack.length) {
      const v = stack.pop();
      this.spend(1);
      if (typeof v === 'string') this.spend(v.length >> 6);
      else if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
      else if (v !== null && typeof v === 'object') for (const k in v) stack.push((v as Record<string, unknown>)[k]);
    }
  }

  /** Pays for the direct size of a function argument (a function may loop over it). */
  argument(value: unknown): void {
    if (Array.isArray(value)) this.spend(value.length);
    else if (typeof value === 'string') this.spend(value.length >> 6);
    else if (value !== null && typeof value === 'object') this.spend(Object.keys(value).length);
  }
}

/** Nodes that build a new array or object; the others return a value that already exists (a field, `@`, a literal). */
const BUILDERS = new Set(['Projection', 'ValueProjection', 'FilterProjection', 'Slice', 'MultiSelectList', 'MultiSelectHash', 'Function']);

/** Functions that walk their argument in depth rather than along its top level. */
const DEEP_FUNCTIONS = new Set(['to_string']);

function evaluate(body: unknown, expression: string): unknown {
  const ast = lib.compile(expression);
  const budget = new Budget();
  const runtime = new lib.Runtime();
  const interpreter = new lib.TreeInterpreter(runtime);
  runtime._interpreter = interpreter;
  const visit = interpreter.visit;
  const callFunction = runtime.callFunction;
  // Instance properties shadow the prototype's, so every recursive visit and call goes through here.
  interpreter.visit = function (node: Node, value: unknown): unknown {
    budget.spend(1);
    if (node.type === 'Flatten') {
      // Paid for before the merge: flattening many references to one large array is work the output shows only afterwards.
      const original = this.visit(node.children[0], value);
      if (!Array.isArray(original)) return null;
      let size = original.length;
      for (const item of original) if (Array.isArray(item)) size += item.length;
      budget.spend(size);
      const merged: unknown[] = [];
      for (const item of original) {
        if (Array.isArray(item)) for (const x of item) merged.push(x);
        else merged.push(item);
      }
      budget.shallow(merged);
      return merged;
    }
    if (node.type === 'Comparator' && (node.name === 'EQ' || node.name === 'NE')) {
      const first = this.visit(node.children[0], value);
      const second = this.visit(node.children[1], value);
      budget.deep(first);
      budget.deep(second);
      const equal = lib.strictDeepEqual(first, second);
      return node.name === 'EQ' ? equal : !equal;
    }
    const result = visit.call(this, node, value);
    if (BUILDERS.has(node.type)) budget.shallow(result);
    return result;
  };
  runtime.callFunction = function (name: string, args: unknown[]): unknown {
    for (const a of args) {
      if (DEEP_FUNCTIONS.has(name)) budget.deep(a);
      else budget.argument(a);
    }
    return callFunction.call(this, name, args);
  };
  return interpreter.visit(ast, body);
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
    if (err instanceof BudgetExceeded) return fail(`projection_too_large: evaluation exceeded ${MAX_EVALUATION_STEPS} steps`);
    return fail(`invalid_expression: ${(err as Error).message}`);
  }
  if (value === undefined) value = null;
  const size = jsonSizeWithin(value, MAX_PROJECTION_BYTES);
  if (size === undefined) return fail(`projection_too_large: output exceeds ${MAX_PROJECTION_BYTES} bytes`);
  return { ok: true, value };
}
