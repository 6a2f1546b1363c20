import { createHash } from 'node:crypto';
import jmespath from 'jmespath';
import { MAX_COMPILED_EXPRESSIONS, MAX_EXPRESSION_BYTES } from './limits.js';

/** The syntax tree the package's public `compile` returns, as printed by `compile(...)` for each construct. */
export type Node =
  | { type: 'Field'; name: string }
  | { type: 'Identity' | 'Current' }
  | { type: 'Literal'; value: unknown }
  | { type: 'Index'; value: number }
  | { type: 'Slice'; children: [number | null, number | null, number | null] }
  | { type: 'Subexpression' | 'IndexExpression' | 'Pipe' | 'OrExpression' | 'AndExpression'; children: [Node, Node] }
  | { type: 'Projection' | 'ValueProjection'; children: [Node, Node] }
  /** Children: the array, what is projected from each kept element, the condition. */
  | { type: 'FilterProjection'; children: [Node, Node, Node] }
  | { type: 'Flatten' | 'NotExpression' | 'ExpressionReference'; children: [Node] }
  | { type: 'Comparator'; name: 'EQ' | 'NE' | 'LT' | 'LTE' | 'GT' | 'GTE'; children: [Node, Node] }
  | { type: 'MultiSelectList'; children: Node[] }
  | { type: 'MultiSelectHash'; children: { type: 'KeyValuePair'; name: string; value: Node }[] }
  | { type: 'Function'; name: string; children: Node[] };

declare module 'jmespath' {
  /** Exported by the package beside `search` (its type declarations list only `search`). */
  export function compile(expression: string): import('./ast.js').Node;
}

type Compiled = { ast: Node; canonical?: string } | { error: Error };

/** Parses, most recently used last; at most MAX_COMPILED_EXPRESSIONS entries, parse errors included. */
const compiled = new Map<string, Compiled>();

function lookup(expression: string): Compiled {
  let entry = compiled.get(expression);
  if (entry) {
    compiled.delete(expression);
  } else {
    try {
      entry = { ast: deepFreeze(jmespath.compile(expression)) };
    } catch (err) {
      entry = { error: err instanceof Error ? err : new Error(String(err)) };
    }
    if (compiled.size >= MAX_COMPILED_EXPRESSIONS) compiled.delete(compiled.keys().next().value as string);
  }
  compiled.set(expression, entry);
  return entry;
}

/**
 * The parse of `expression`, shared by every request that sends the same text: frozen, because the
 * literals in it are returned as (parts of) answers and must not change for the next request.
 * Throws the parser's error for an expression that does not parse.
 */
export function compileExpression(expression: string): Node {
  const entry = lookup(expression);
  if ('error' in entry) throw entry.error;
  return entry.ast;
}

/**
 * A key for `expression` that equals another expression's exactly when both parse to the same tree,
 * so `a.b` and ` a . b ` share one response cache entry: the SHA-256 of an injective serialisation
 * of the tree. Undefined when the expression does not parse or is over MAX_EXPRESSION_BYTES (the
 * refusal then names its byte length, which differs between variants).
 */
export function canonicalExpression(expression: string): string | undefined {
  if (Buffer.byteLength(expression, 'utf8') > MAX_EXPRESSION_BYTES) return undefined;
  const entry = lookup(expression);
  if ('error' in entry) return undefined;
  entry.canonical ??= createHash('sha256').update(serialise(entry.ast)).digest('base64url');
  return entry.canonical;
}

/**
 * JSON, except for the numbers JSON cannot tell apart: `1e400` parses to Infinity (which JSON
 * writes as null) and -0 (which JSON writes as 0) are written bare, so two trees serialise alike
 * only when they are alike.
 */
function serialise(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number')
    return Object.is(value, -0) ? '-0' : Number.isFinite(value) ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(serialise).join(',')}]`;
  const object = value as Record<string, unknown>;
  return `{${Object.keys(object)
    .map((k) => `${JSON.stringify(k)}:${serialise(object[k])}`)
    .join(',')}}`;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
