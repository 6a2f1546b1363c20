import type { Node } from './ast.js';

/**
 * The value of `&expression`: the function it is passed to evaluates it against each element. It
 * has no JSON form, so it serialises as null (the AST behind it never reaches a response).
 */
export class ExpressionValue {
  readonly #node: Node;
  constructor(node: Node) {
    this.#node = node;
    Object.freeze(this);
  }
  get node(): Node {
    return this.#node;
  }
  toJSON(): null {
    return null;
  }
}

/** The spec's type names; `expref` is what `type(&x)` answers. */
export type JmespathType = 'number' | 'string' | 'boolean' | 'array' | 'object' | 'null' | 'expref';

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof ExpressionValue);
}

/** Undefined (a field a handler left unset) reads as null, as it would once serialised. */
export function typeOf(value: unknown): JmespathType {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
  }
  if (Array.isArray(value)) return 'array';
  if (value instanceof ExpressionValue) return 'expref';
  return 'object';
}

/**
 * Spec: false, null, the empty string, the empty array and the empty object are false; everything
 * else (0 included) is true. Whether an object has a key is remembered in `emptiness` (one per
 * evaluation): finding the first key of an object with many keys enumerates all of them, which a
 * filter over many references to one such object would otherwise repeat for each reference.
 */
export function isTruthy(value: unknown, emptiness: WeakMap<object, boolean>): boolean {
  if (value === null || value === undefined || value === false || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isObject(value)) {
    let empty = emptiness.get(value);
    if (empty === undefined) {
      empty = true;
      for (const key in value) {
        if (Object.hasOwn(value, key)) {
          empty = false;
          break;
        }
      }
      emptiness.set(value, empty);
    }
    return !empty;
  }
  return true;
}

/**
 * Spec equality: same type and same value, arrays element by element, objects by the same set of
 * keys with equal values (key order does not matter). The caller pays for the walk beforehand.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const type = typeOf(a);
  if (type !== typeOf(b)) return false;
  if (type === 'null') return true;
  if (type === 'array') {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!deepEqual(x[i], y[i])) return false;
    return true;
  }
  if (type === 'object') {
    const x = a as JsonObject;
    const y = b as JsonObject;
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const key of keys) if (!Object.hasOwn(y, key) || !deepEqual(x[key], y[key])) return false;
    return true;
  }
  // Numbers, strings and booleans that are not === differ; an expression reference equals only itself.
  return false;
}

/**
 * Orders strings by Unicode code point, as the spec asks (plain `<` orders UTF-16 code units, which
 * differs past U+FFFF). `scanned` is told how many characters were compared, so that sorting long
 * strings that share long prefixes is paid for.
 */
export function compareStrings(a: string, b: string, scanned?: (characters: number) => void): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  scanned?.(i);
  if (i === n) return a.length - b.length;
  const x = a.charCodeAt(i);
  const y = b.charCodeAt(i);
  // A surrogate (D800-DFFF) stands for a code point above every BMP character, E000-FFFF included.
  const rx = x >= 0xd800 && x <= 0xdfff ? x + 0x2000 : x >= 0xe000 ? x - 0x800 : x;
  const ry = y >= 0xd800 && y <= 0xdfff ? y + 0x2000 : y >= 0xe000 ? y - 0x800 : y;
  return rx - ry;
}

/**
 * Whether `pattern` occurs in `text`, in time linear in their lengths whatever they hold (Knuth,
 * Morris and Pratt): the native search can take time proportional to the product of the two lengths
 * on repetitive strings, which their sizes alone would not pay for.
 */
export function containsSubstring(text: string, pattern: string): boolean {
  const m = pattern.length;
  if (m === 0) return true;
  if (m > text.length) return false;
  const fallback = new Int32Array(m);
  for (let i = 1, k = 0; i < m; i++) {
    while (k > 0 && pattern.charCodeAt(i) !== pattern.charCodeAt(k)) k = fallback[k - 1];
    if (pattern.charCodeAt(i) === pattern.charCodeAt(k)) k++;
    fallback[i] = k;
  }
  for (let i = 0, k = 0; i < text.length; i++) {
    while (k > 0 && text.charCodeAt(i) !== pattern.charCodeAt(k)) k = fallback[k - 1];
    if (text.charCodeAt(i) === pattern.charCodeAt(k)) k++;
    if (k === m) return true;
  }
  return false;
}

/** Sets a key on a new object as data, so that a `__proto__` key stays a key instead of replacing the prototype. */
export function setEntry(target: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** Number of Unicode code points, which is what the spec's `length` of a string counts. */
export function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}
