import { z } from 'zod';
import { describeIssue } from './validation-messages.js';

/**
 * Query parameter schemas. Each helper's schema is typed as what the value is (number, boolean,
 * string list), so a native tRPC client passes `page_size: 3` and `symbols: ['AAPL']`. The REST
 * adapter turns query strings into those values first with `decodeQuery`, strictly: only plain
 * decimal literals become numbers (never `0x10` or `1e2`), only `true`/`false` become booleans, and
 * a repeated key is refused unless the parameter is a list. The OpenAPI document keeps the
 * contract's wire type through `override`.
 */

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

interface NumericOpts {
  min?: number;
  max?: number;
  description: string;
  /** The value's unit, repeated in every refusal (`Unix epoch milliseconds`); time parameters name it in their description. */
  unit?: string;
}

/** Time parameters say so in their description; their refusals then give the unit. */
const EPOCH_MS = /epoch milliseconds/i;
const unitOf = (opts: NumericOpts) =>
  opts.unit ?? (EPOCH_MS.test(opts.description) ? 'Unix epoch milliseconds' : undefined);

/** Turns one query-string value (or the repeats of a key) into the schema's input, or says why not. */
type WireDecoder = (raw: string | string[]) => { ok: true; value: unknown } | { ok: false; description: string };

const DECODERS = new WeakMap<z.ZodType, WireDecoder>();

function withDecoder<T extends z.ZodType>(schema: T, decoder: WireDecoder): T {
  DECODERS.set(schema, decoder);
  return schema;
}

const single =
  (decode: (raw: string) => ReturnType<WireDecoder>): WireDecoder =>
  (raw) =>
    Array.isArray(raw) ? { ok: false, description: 'value must not be repeated' } : decode(raw);

function numberDecoder(pattern: RegExp, what: 'integer' | 'number', unit?: string): WireDecoder {
  const inUnit = unit ? ` (${unit})` : '';
  return single((raw) => {
    if (!pattern.test(raw)) return { ok: false, description: `value must be a plain decimal ${what}${inUnit}` };
    const n = Number(raw);
    if (!Number.isFinite(n) || (what === 'integer' && !Number.isSafeInteger(n)))
      return { ok: false, description: `value is out of range${inUnit}` };
    return { ok: true, value: n };
  });
}

function bounded(schema: z.ZodNumber, opts: NumericOpts) {
  const unit = unitOf(opts);
  // With a unit, a bound's refusal says it: `number must be greater than or equal to 0 (Unix epoch milliseconds)`.
  const error = unit
    ? { error: (issue: z.core.$ZodRawIssue) => `${describeIssue(issue) ?? 'value is out of range'} (${unit})` }
    : undefined;
  let s = schema;
  if (opts.min !== undefined) s = s.min(opts.min, error);
  if (opts.max !== undefined) s = s.max(opts.max, error);
  return s;
}

function documented<T extends z.ZodType>(
  schema: T,
  type: Record<string, unknown>,
  description: string,
  opts?: NumericOpts,
) {
  const extra: Record<string, unknown> = { ...type, description };
  // Bounds only mean something on a numeric wire type; int64 travels as a string.
  if (opts && type.type !== 'string' && opts.min !== undefined) extra.minimum = opts.min;
  if (opts && type.type !== 'string' && opts.max !== undefined) extra.maximum = opts.max;
  return schema.meta({
    description,
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      for (const k of Object.keys(jsonSchema)) delete jsonSchema[k];
      Object.assign(jsonSchema, extra);
    },
  } as never);
}

/** A 32-bit integer query parameter, decimal digits only on the wire. */
export function int32Param(opts: NumericOpts) {
  const s = bounded(z.number().int().min(-2147483648).max(2147483647), opts);
  return withDecoder(
    documented(s, { type: 'integer', format: 'int32' }, opts.description, opts).optional(),
    numberDecoder(INTEGER, 'integer'),
  );
}

/** A 64-bit integer carried as a decimal string on the wire (epoch milliseconds, for example); a number over tRPC. */
export function int64Param(opts: NumericOpts) {
  const s = bounded(z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER), opts);
  return withDecoder(
    documented(s, { type: 'string', format: 'int64' }, opts.description, opts).optional(),
    numberDecoder(INTEGER, 'integer', unitOf(opts)),
  );
}

/** A floating point query parameter, plain decimal notation on the wire (no exponent, no hex). */
export function doubleParam(opts: NumericOpts) {
  const s = bounded(z.number(), opts);
  return withDecoder(
    documented(s, { type: 'number', format: 'double' }, opts.description, opts).optional(),
    numberDecoder(DECIMAL, 'number'),
  );
}

/** `true` or `false` on the wire; coercion would read the string "false" as true. */
export function boolParam(description: string) {
  const decoder = single((raw) =>
    raw === 'true' || raw === 'false'
      ? { ok: true, value: raw === 'true' }
      : { ok: false, description: 'value must be one of: true, false' },
  );
  return withDecoder(documented(z.boolean(), { type: 'boolean' }, description).optional(), decoder);
}

/** A free string; a repeated key is refused rather than silently picking one value. */
export function stringParam(description: string, max = 256) {
  return z.string().max(max).meta({ description }).optional();
}

/**
 * A list, given on the wire as repeated keys, comma-separated values, or both (`?s=A,B&s=C`), and
 * as an array over tRPC. Items are trimmed and empty items dropped; the caller decides about case
 * and duplicates.
 */
export function listParam(description: string, opts: { maxItemLength?: number } = {}) {
  const item = z
    .string()
    .trim()
    .max(opts.maxItemLength ?? 64);
  const list = z.array(item).transform((items) => items.filter((p) => p !== ''));
  const decoder: WireDecoder = (raw) => ({
    ok: true,
    value: (Array.isArray(raw) ? raw : [raw]).flatMap((s) => s.split(',')),
  });
  return withDecoder(documented(list, { type: 'array', items: { type: 'string' } }, description).optional(), decoder);
}

/** The wire decoder of a schema made by these helpers, looking through optional/default wrappers. */
function decoderOf(schema: z.ZodType | undefined): WireDecoder | undefined {
  for (let s = schema, i = 0; s && i < 8; i++) {
    const d = DECODERS.get(s);
    if (d) return d;
    const inner = (s as unknown as { _zod?: { def?: { innerType?: z.ZodType } } })._zod?.def?.innerType;
    s = inner;
  }
  return undefined;
}

/** The named fields of an object input schema, or undefined when the input is not a plain object schema. */
export function inputShape(schema: unknown): Record<string, z.ZodType> | undefined {
  const shape = (schema as { shape?: unknown } | undefined)?.shape;
  return shape && typeof shape === 'object' ? (shape as Record<string, z.ZodType>) : undefined;
}

/**
 * Query-string values -> procedure input: each field made by a helper above is decoded to its type;
 * other fields (enums, free strings) keep their string. Problems come back as violations naming the
 * parameter.
 */
export function decodeQuery(
  raw: Record<string, string | string[]>,
  shape: Record<string, z.ZodType> | undefined,
): { input: Record<string, unknown>; violations: { field: string; description: string }[] } {
  // No prototype: a `__proto__` parameter stays a plain (refused) key.
  const input: Record<string, unknown> = Object.create(null);
  const violations: { field: string; description: string }[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const decoder = shape && Object.hasOwn(shape, key) ? decoderOf(shape[key]) : undefined;
    if (!decoder) {
      input[key] = value;
      continue;
    }
    const out = decoder(value);
    if (out.ok) input[key] = out.value;
    else violations.push({ field: key, description: out.description });
  }
  return { input, violations };
}

/** Query parameters every REST operation accepts besides its own: projection (spec part 8) and the export format. */
export const PLATFORM_PARAMS: readonly string[] = ['jmespath', 'format'];

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/** The known name a mistyped one most likely meant, when one is close enough to suggest. */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: { name: string; d: number } | undefined;
  for (const k of known) {
    const kl = k.toLowerCase();
    // Same letters but for separators, or one name a word-prefix of the other (country -> country_code): close.
    const near =
      kl.replace(/_/g, '') === lower.replace(/[_-]/g, '') || kl.startsWith(`${lower}_`) || lower.startsWith(`${kl}_`);
    const d = near ? 1 : editDistance(lower, kl);
    if (!best || d < best.d) best = { name: k, d };
  }
  return best && best.d <= Math.max(2, Math.floor(name.length / 3)) ? best.name : undefined;
}

/**
 * Parameters the operation does not have: each is refused by name (with the closest known name),
 * so a typo never silently falls back to a default and never becomes a separate cache entry.
 */
export function unknownParams(
  search: URLSearchParams,
  known: readonly string[],
): { field: string; description: string }[] {
  const out: { field: string; description: string }[] = [];
  const seen = new Set<string>();
  for (const key of search.keys()) {
    if (seen.has(key) || known.includes(key) || PLATFORM_PARAMS.includes(key)) continue;
    seen.add(key);
    const guess = closestName(key, [...known, ...PLATFORM_PARAMS]);
    const accepted = known.length
      ? `this operation accepts ${[...known, ...PLATFORM_PARAMS].join(', ')}`
      : `this operation accepts only ${PLATFORM_PARAMS.join(', ')}`;
    out.push({ field: key, description: `unknown parameter${guess ? `; did you mean ${guess}?` : ''} (${accepted})` });
  }
  return out;
}
