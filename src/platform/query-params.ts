import { z } from 'zod';

/**
 * Query parameter schemas with strict decoding. The REST adapter would otherwise coerce with
 * `Number()`, turning `0x10` into 16 and `1e2` into 100. Each helper accepts only plain decimal
 * literals and keeps the contract's wire type in the OpenAPI document through `override`.
 */

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

interface NumericOpts {
  min?: number;
  max?: number;
  description: string;
}

function decode(pattern: RegExp, what: string) {
  return z.string().transform((raw, ctx) => {
    if (!pattern.test(raw)) {
      ctx.issues.push({ code: 'custom', message: `value must be a plain decimal ${what}`, input: raw });
      return z.NEVER;
    }
    const n = Number(raw);
    if (!Number.isFinite(n) || (what === 'integer' && !Number.isSafeInteger(n))) {
      ctx.issues.push({ code: 'custom', message: `value is out of range`, input: raw });
      return z.NEVER;
    }
    return n;
  });
}

function bounded(schema: z.ZodNumber, opts: NumericOpts) {
  let s = schema;
  if (opts.min !== undefined) s = s.min(opts.min);
  if (opts.max !== undefined) s = s.max(opts.max);
  return s;
}

function documented<T extends z.ZodType>(schema: T, type: Record<string, unknown>, opts: NumericOpts) {
  const extra: Record<string, unknown> = { ...type, description: opts.description };
  // Bounds only mean something on a numeric wire type; int64 travels as a string.
  if (type.type !== 'string' && opts.min !== undefined) extra.minimum = opts.min;
  if (type.type !== 'string' && opts.max !== undefined) extra.maximum = opts.max;
  return schema.meta({ description: opts.description, override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    for (const k of Object.keys(jsonSchema)) delete jsonSchema[k];
    Object.assign(jsonSchema, extra);
  } } as never);
}

/** A 32-bit integer query parameter, decimal digits only. */
export function int32Param(opts: NumericOpts) {
  const s = decode(INTEGER, 'integer').pipe(bounded(z.number().int().min(-2147483648).max(2147483647), opts));
  return documented(s, { type: 'integer', format: 'int32' }, opts).optional();
}

/** A 64-bit integer carried as a decimal string on the wire (epoch milliseconds, for example). */
export function int64Param(opts: NumericOpts) {
  const s = decode(INTEGER, 'integer').pipe(bounded(z.number().int(), opts));
  return documented(s, { type: 'string', format: 'int64' }, opts).optional();
}

/** A floating point query parameter, plain decimal notation (no exponent, no hex). */
export function doubleParam(opts: NumericOpts) {
  const s = decode(DECIMAL, 'number').pipe(bounded(z.number(), opts));
  return documented(s, { type: 'number', format: 'double' }, opts).optional();
}

/** `true` or `false` only; the adapter's coercion would read the string "false" as true. */
export function boolParam(description: string) {
  const s = z.enum(['true', 'false']).transform((v) => v === 'true');
  return s.meta({ description, override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    for (const k of Object.keys(jsonSchema)) delete jsonSchema[k];
    Object.assign(jsonSchema, { type: 'boolean', description });
  } } as never).optional();
}

/** A free string; a repeated key is refused rather than silently picking one value. */
export function stringParam(description: string, max = 256) {
  return z.string().max(max).meta({ description }).optional();
}

/**
 * A list given as repeated keys, comma-separated values, or both (`?s=A,B&s=C`).
 * Items are trimmed and empty items dropped; the caller decides about case and duplicates.
 */
export function listParam(description: string, opts: { maxItemLength?: number } = {}) {
  const item = z.string().max(opts.maxItemLength ?? 64);
  const split = (v: unknown) => {
    const parts = (Array.isArray(v) ? v : [v]).flatMap((s) => (typeof s === 'string' ? s.split(',') : [s]));
    return parts.map((p) => (typeof p === 'string' ? p.trim() : p)).filter((p) => p !== '');
  };
  return z
    .preprocess(split, z.array(item))
    .meta({ description, override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      for (const k of Object.keys(jsonSchema)) delete jsonSchema[k];
      Object.assign(jsonSchema, { type: 'array', items: { type: 'string' }, description });
    } } as never)
    .optional();
}
