import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { appRouter } from '../../src/root/app-router.js';
import { collectOperations } from '../../src/http/operations.js';
import { startTestApp, type TestApp } from '../support/app.js';
import type { ManualClock } from '../../src/platform/clock.js';
import { assertConforms, openApiDocument } from '../support/conformance.js';

/**
 * Property-based conformance, generated from the router: for every GET operation, random values for
 * each declared query parameter (well-formed and hostile), random jmespath and random key headers.
 * Every answer must carry a documented status and validate against openapi.gen.yaml (checked by
 * assertConforms), never be a 500, and come back within a bounded time. Where the document makes the
 * outcome certain (a value outside its schema, a bad credential, an over-long expression), the
 * exact refusal is asserted too.
 */

type Json = Record<string, any>;

interface Param {
  name: string;
  schema: Json;
}

const RUNS_PER_OPERATION = Number(process.env.CONFORMANCE_RUNS ?? 40);
/** Fixed by default so CI runs the same cases every time; set CONFORMANCE_SEED to explore others. */
const SEED = Number(process.env.CONFORMANCE_SEED ?? 20261121);
const REQUEST_TIMEOUT_MS = 10_000;

let app: TestApp;
/** Statuses seen across the whole suite, to show the generators reach both answers and refusals. */
const seen = new Map<number, number>();
let keys: { valid: string; free: string; revoked: string };

beforeAll(async () => {
  app = await startTestApp();
  const free = await app.createKey({ plan: 'free', rateLimitPerMinute: 1_000_000 });
  const revoked = await app.createKey();
  await app.revokeKey(revoked.id);
  keys = { valid: app.defaultKey.key, free: free.key, revoked: revoked.key };
});
afterAll(async () => app?.close());

const doc = openApiDocument();
const operations = [...collectOperations(appRouter).values()].filter((op) => op.method === 'GET');

function paramsOf(path: string): Param[] {
  const op = doc.paths[path].get as Json;
  return (op.parameters as Json[])
    .filter((p) => p.in === 'query' && p.name && p.name !== 'jmespath')
    .map((p) => ({ name: p.name, schema: p.schema }));
}

// ---------------------------------------------------------------- value generators

const COUNTRY_NAMES = [
  'Côte d’Ivoire'.normalize('NFC'),
  'Côte d’Ivoire'.normalize('NFD'),
  'Türkiye'.normalize('NFD'),
  'São Tomé and Príncipe',
  'Ukraine',
  'UA',
  'ua',
  '\u200FIran\u200F',
  '\u202Eniarku',
  'اليمن',
  'Россия',
  '🇺🇦',
  'Nigeria',
  'Niger',
];

/** Numbers as text: plain, and every hostile spelling a client might send. */
const numberText = fc.oneof(
  fc.integer({ min: -5, max: 600 }).map(String),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map(String),
  fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String),
  fc.constantFrom(
    '0',
    '-0',
    '+1',
    '01',
    '1.5',
    '-1',
    '0x10',
    '0X1f',
    '1e2',
    '1E400',
    '.5',
    '5.',
    'NaN',
    'Infinity',
    '-Infinity',
    ' 7',
    '7 ',
    '١٢',
    '9007199254740993',
    '2147483648',
    '-2147483649',
    '99999999999999999999999',
  ),
  fc.constantFrom('1751328000000', '1763640000000', '1763596800000', '0', '1'),
);

const longText = fc
  .tuple(fc.constantFrom('a', 'ü', '€', '𝄞', 'Z'), fc.integer({ min: 100, max: 6000 }))
  .map(([c, n]) => c.repeat(n));

const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(...COUNTRY_NAMES),
  longText,
  fc.constantFrom(
    '',
    ' ',
    'null',
    'undefined',
    '[]',
    '{}',
    'true',
    'false',
    '\u0000',
    '<script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%',
    '%%',
  ),
);

function valueFor(p: Param): fc.Arbitrary<string> {
  const s = p.schema;
  const options: fc.Arbitrary<string>[] = [anyText, numberText];
  if (Array.isArray(s.enum))
    options.push(
      fc.constantFrom(...(s.enum as string[])),
      fc.constantFrom(...(s.enum as string[])).map((v) => v.toLowerCase()),
    );
  if (s.type === 'boolean') options.push(fc.constantFrom('true', 'false', 'TRUE', '1', '0', 'yes'));
  if (s.type === 'integer' || s.type === 'number' || s.format === 'int64') options.push(numberText, numberText);
  if (p.name.includes('country')) options.push(fc.constantFrom(...COUNTRY_NAMES), fc.constantFrom(...COUNTRY_NAMES));
  if (s.type === 'array')
    options.push(
      fc
        .array(fc.constantFrom('AAPL', 'MSFT', '^GSPC', 'BTC-USD', '', ' ', 'x'.repeat(70)), { maxLength: 4 })
        .map((a) => a.join(',')),
    );
  return fc.oneof(...options);
}

/** One encoded query string part: a proper encoding, or a raw (possibly malformed) form. */
function encodedPart(name: string, value: string, raw: boolean): string | undefined {
  if (raw) return `${name}=${value.replace(/[&#\s]/g, '')}`;
  try {
    return `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  } catch {
    return undefined; // a lone surrogate cannot be encoded; skip it
  }
}

const jmespathArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '@',
      'keys(@)',
      'length(keys(@))',
      '*',
      '[*]',
      'values(@)[0]',
      'pagination',
      'to_string(@)',
      'type(@)',
      '{k: keys(@)}',
      '@.*[0]',
      'not_null(@)',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'items[?mag >',
      '[[',
      'a.',
      '`',
      "'unterminated",
      'sort_by(@, &nope)',
      'abs(@)',
      'length(`1`)',
      'items[`1e400`]',
      '&',
      '||',
      'foo[-]',
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1, max: 22 }).map((n) => Array.from({ length: n }, () => '{a:@,b:@}').join('|')),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', 'ü', '€'), fc.integer({ min: 300, max: 1100 }))
      .map(([c, n]) => `'${c.repeat(n)}'`),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 400 }).map((n) => '('.repeat(n) + '@' + ')'.repeat(n)) },
);

type KeyKind =
  | 'service'
  | 'api-alias'
  | 'both-same'
  | 'both-differ'
  | 'inner-space'
  | 'repeated'
  | 'garbage'
  | 'missing'
  | 'revoked'
  | 'free';
const keyKindArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant<KeyKind>('service') },
  { weight: 2, arbitrary: fc.constantFrom<KeyKind>('api-alias', 'both-same') },
  {
    weight: 3,
    arbitrary: fc.constantFrom<KeyKind>(
      'both-differ',
      'inner-space',
      'repeated',
      'garbage',
      'missing',
      'revoked',
      'free',
    ),
  },
);

function keyHeaders(kind: KeyKind, garbage: string): Record<string, string> {
  const k = keys.valid;
  switch (kind) {
    case 'service':
      return { 'x-service-key': k };
    case 'api-alias':
      return { 'x-api-key': k };
    case 'both-same':
      return { 'x-service-key': k, 'x-api-key': k };
    case 'both-differ':
      return { 'x-service-key': k, 'x-api-key': keys.free };
    case 'inner-space':
      return { 'x-service-key': `${k.slice(0, 8)} ${k.slice(8)}` };
    case 'repeated':
      return { 'x-service-key': `${k}, ${k}` };
    case 'garbage':
      return { 'x-service-key': garbage || 'x' };
    case 'missing':
      return {};
    case 'revoked':
      return { 'x-service-key': keys.revoked };
    case 'free':
      return { 'x-service-key': keys.free };
  }
}

const VALID_KEY_KINDS: KeyKind[] = ['service', 'api-alias', 'both-same'];
const REFUSED_KEY_KINDS: KeyKind[] = ['both-differ', 'inner-space', 'repeated', 'garbage', 'missing', 'revoked'];

// ---------------------------------------------------------------- the oracle

const INTEGER = /^[+-]?\d+$/;

/** True when the document's schema for the parameter certainly excludes this (decoded, non-empty) value. */
function certainlyInvalid(p: Param, values: string[]): boolean {
  const s = p.schema;
  if (s.type === 'array') return false;
  if (values.length > 1) return true; // one scalar parameter, two values
  const v = values[0];
  if (Array.isArray(s.enum)) return !s.enum.includes(v);
  if (s.type === 'boolean') return v !== 'true' && v !== 'false';
  if (s.type === 'integer' || s.format === 'int64') {
    if (!INTEGER.test(v)) return true;
    const n = Number(v);
    if (s.format === 'int32' && (n < -(2 ** 31) || n >= 2 ** 31)) return true;
    if (s.minimum !== undefined && n < s.minimum) return true;
    if (s.maximum !== undefined && n > s.maximum) return true;
    return false;
  }
  if (s.type === 'number') {
    // Exponent spellings are left to the service (refused by its strict decoding, not by the document).
    if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(v)) return true;
    const n = Number(v);
    if (!Number.isFinite(n)) return false;
    return (s.minimum !== undefined && n < s.minimum) || (s.maximum !== undefined && n > s.maximum);
  }
  if (s.type === 'string') {
    const len = [...v].length;
    return (s.maxLength !== undefined && len > s.maxLength) || (s.minLength !== undefined && len < s.minLength);
  }
  return false;
}

async function call(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: any; text: string }> {
  const res = await fetch(app.baseUrl + url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await res.text();
  seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
  assertConforms({ method: 'GET', url, status: res.status, headers: res.headers, text });
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text };
}

// ---------------------------------------------------------------- the properties

describe('every GET operation, random parameters, projections and keys', () => {
  it('covers the router', () => {
    expect(operations.length).toBeGreaterThanOrEqual(25);
    for (const op of operations) expect(doc.paths[op.path]?.get, op.path).toBeDefined();
  });

  for (const op of operations) {
    const params = paramsOf(op.path);
    const gated = Boolean(op.meta.requiredTier);

    const entry = fc.record({
      param: params.length ? fc.constantFrom(...params) : fc.constant(undefined),
      unknown: fc.constantFrom('foo', 'PAGE_SIZE', 'page_size[]', '__proto__', 'constructor', 'x'.repeat(300)),
      value: fc.string({ maxLength: 10 }),
      raw: fc.boolean(),
    });
    const requestArb = fc.record({
      values: fc.tuple(
        ...(params.length
          ? params.map((p) => fc.option(valueFor(p), { nil: undefined, freq: 2 }))
          : [fc.constant(undefined)]),
      ),
      repeats: fc.array(entry, { maxLength: 2 }),
      unknowns: fc.array(entry, { maxLength: 2 }),
      malformed: fc.option(fc.constantFrom('%E0%A4%A', '%', '%zz', '%C3', '%ED%A0%80', '+%2B+'), {
        nil: undefined,
        freq: 5,
      }),
      rawValues: fc.boolean(),
      jmespath: jmespathArb,
      key: keyKindArb,
      garbage: fc.string({
        unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_-.'.split('')),
        maxLength: 80,
      }),
    });

    it(`GET ${op.path}`, async () => {
      // Refused and missing credentials are limited per client address (600 a minute) and all of these
      // come from one address: each operation's run starts in a fresh minute of the frozen clock.
      (app.clock as ManualClock).advance(60_000);
      await fc.assert(
        fc.asyncProperty(requestArb, async (r) => {
          const parts: string[] = [];
          params.forEach((p, i) => {
            const v = r.values[i];
            if (v === undefined) return;
            const part = encodedPart(p.name, v, r.rawValues);
            if (part) parts.push(part);
          });
          for (const e of r.repeats) if (e.param) parts.push(encodedPart(e.param.name, e.value, false) ?? '');
          for (const e of r.unknowns) parts.push(`${encodeURIComponent(e.unknown)}=${encodeURIComponent(e.value)}`);
          if (r.malformed && params.length) parts.push(`${params[0].name}=${r.malformed}`);
          if (r.jmespath) parts.push(`jmespath=${encodeURIComponent(r.jmespath)}`);
          const query = parts.filter(Boolean).join('&');
          const url = query ? `${op.path}?${query}` : op.path;

          const res = await call(url, keyHeaders(r.key, r.garbage));
          expect(res.status, `${url} -> ${res.text.slice(0, 300)}`).not.toBe(500);
          // Node's own refusal of an over-long request line: nothing reached the service.
          if (res.status === 431) {
            expect(new URL(app.baseUrl + url).href.length + 200, 'a 431 for a short request').toBeGreaterThan(8 * 1024);
            return;
          }

          // What the service will see, decoded exactly as it decodes it.
          const search = new URLSearchParams(query);
          const invalid = params.filter((p) => {
            const values = search.getAll(p.name).filter((v) => v !== '');
            return values.length > 0 && certainlyInvalid(p, values);
          });
          const expression = search.getAll('jmespath').filter((v) => v !== '');
          // Parameters the operation does not have are refused by name, whatever their value.
          const unknown = [...new Set(search.keys())].filter(
            (k) => k !== 'jmespath' && !params.some((p) => p.name === k),
          );

          if (REFUSED_KEY_KINDS.includes(r.key)) {
            expect(res.status, `${r.key} key on ${url}`).toBe(401);
            return;
          }
          if (r.key === 'free') {
            if (gated) expect([403, 429], url).toContain(res.status);
            return;
          }
          expect(VALID_KEY_KINDS).toContain(r.key);
          if (invalid.length || unknown.length) {
            const names = [...invalid.map((p) => p.name), ...unknown];
            expect(res.status, `${url}: ${names.join(',')} is outside the document -> ${res.text.slice(0, 300)}`).toBe(
              400,
            );
            if (res.body?.violations) {
              const fields = (res.body.violations as { field: string }[]).map((v) => v.field);
              expect(
                fields.some((f) => names.some((n) => f === n || f.startsWith(`${n}[`) || f.startsWith(`${n}.`))),
                `${url}: ${res.text}`,
              ).toBe(true);
            } else {
              // Only a projection error may take precedence, and only when an expression was sent.
              expect(expression.length, `${url}: ${res.text}`).toBeGreaterThan(0);
            }
            return;
          }
          if (res.status === 400 && res.body?._jmespath_error !== undefined) {
            expect(expression.length, `${url}: projection error without an expression`).toBeGreaterThan(0);
            expect(res.body._jmespath_error).toMatch(/^(expression_too_long|invalid_expression|projection_too_large):/);
          }
          if (expression.length === 1 && Buffer.byteLength(expression[0]) > 1024) {
            expect(res.status, url).toBe(400);
            if (res.body?._jmespath_error) expect(res.body._jmespath_error).toMatch(/^expression_too_long/);
          }
          // An operation naming one of the caller's own records answers 404 for an id it does not hold (documented).
          const answers = op.meta.notFound ? [200, 400, 404] : [200, 400];
          expect(answers, `${url} -> ${res.text.slice(0, 300)}`).toContain(res.status);
        }),
        { numRuns: RUNS_PER_OPERATION, seed: SEED, interruptAfterTimeLimit: 20_000 },
      );
    });
  }

  it('reached successes and each kind of refusal', () => {
    expect([...seen.keys()]).toEqual(expect.arrayContaining([200, 400, 401, 403]));
    console.info('statuses seen:', Object.fromEntries([...seen].sort((a, b) => a[0] - b[0])));
  });
});
