import { ExpressionValue } from './values.js';

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
    if (v === null || v === undefined || v instanceof ExpressionValue) total += 4;
    else if (typeof v === 'string') total += utf8JsonStringBytes(v);
    else if (typeof v === 'number') total += Number.isFinite(v) ? String(v).length : 4;
    else if (typeof v === 'boolean') total += v ? 4 : 5;
    else if (Array.isArray(v)) {
      total += 2 + Math.max(0, v.length - 1);
      // Checked before the elements are stacked, so the stack never outgrows the limit either.
      if (total > limit) return undefined;
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
    } else if (typeof v === 'object') {
      const keys = Object.keys(v as object);
      total += 2 + Math.max(0, keys.length - 1);
      for (const k of keys) {
        total += utf8JsonStringBytes(k) + 1;
        if (total > limit) return undefined;
        stack.push((v as Record<string, unknown>)[k]);
      }
    }
    if (total > limit) return undefined;
  }
  return total;
}

/** Any character JSON escapes or UTF-8 writes in more than one byte. */
const NOT_PLAIN = /[^\x20\x21\x23-\x5b\x5d-\x7e]/;

function utf8JsonStringBytes(s: string): number {
  // Fast path for the common case, tested natively: printable ASCII without quotes or backslashes.
  if (!NOT_PLAIN.test(s)) return s.length + 2;
  let n = 2;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20) n += 6;
    else if (c === 0x22 || c === 0x5c) n += 2;
    else if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
