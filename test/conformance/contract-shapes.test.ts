import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readPublishedContract } from '../support/published-contract.js';
import { parse } from 'yaml';

/**
 * Walks the published contract's schemas for every operation this service serves and compares them
 * with openapi.gen.yaml: parameter names and types, request and 200-response property names,
 * required lists and types, recursively. The contract governs names and types; our document may add
 * descriptions, bounds and formats, never rename, drop or retype a contract field.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const contract = readPublishedContract();
const ours = parse(readFileSync(path.join(ROOT, 'openapi.gen.yaml'), 'utf8'));

type Schema = Record<string, any>;

/**
 * Fields we serve beyond the contract, each deliberate and additive (no contract field renamed or
 * dropped for them). Any other extra field fails the walk.
 */
/** Query parameters the platform adds to operations, beside the contract's own (jmespath is in the contract already). */
const PLATFORM_PARAMETERS: Record<string, string> = {
  format: "a list operation's export format (json, csv, ndjson); the JSON answer is the contract's",
  as_of: 'the answer as served at a past instant (snapshot history); the answer is the same shape',
};

const EXTENSIONS: Record<string, string> = {
  'GET /api/supply-chain/v1/get-chokepoint-status response.chokepoints[].navigationalWarningsAvailable':
    'named by the spec, part 9',
  'GET /api/supply-chain/v1/get-chokepoint-status response.chokepoints[].aisSnapshotAvailable':
    'named by the spec, part 9',
  'GET /api/supply-chain/v1/get-chokepoint-status response.chokepoints[].transitSummary.todayCountsAvailable':
    'says when the today* counts are unsupplied rather than zero',
  'GET /api/market/v1/list-market-quotes response.asOf': 'time of the newest price in the snapshot',
  'POST /api/intelligence/v1/search-intel-history response.ranking':
    'says which ranking ran (bm25 or embeddings), issue 21',
  'POST /api/intelligence/v1/get-similar-events response.ranking':
    'says which ranking ran (bm25 or embeddings), issue 21',
};

function resolve(doc: Schema, s: Schema | undefined): Schema | undefined {
  let cur = s;
  for (let i = 0; cur && cur.$ref && i < 20; i++) {
    const parts = String(cur.$ref).replace(/^#\//, '').split('/');
    cur = parts.reduce((o: any, p) => o?.[p], doc);
  }
  return cur;
}

/** The JSON type a schema stands for, ignoring nullability ("integer" counts as a number). */
function typeOf(doc: Schema, s: Schema | undefined): string | undefined {
  const r = resolve(doc, s);
  if (!r) return undefined;
  const pick = (t: unknown): string | undefined => {
    const list = (Array.isArray(t) ? t : [t]).filter((x) => x !== 'null' && x !== undefined);
    return list.length === 1 ? (list[0] === 'integer' ? 'number' : String(list[0])) : undefined;
  };
  if (r.type) return pick(r.type);
  for (const k of ['anyOf', 'oneOf']) {
    if (Array.isArray(r[k])) {
      const ts = [...new Set(r[k].map((x: Schema) => typeOf(doc, x)).filter((x: unknown) => x && x !== 'null'))];
      if (ts.length === 1) return ts[0] as string;
    }
  }
  if (r.properties) return 'object';
  if (r.enum) return typeof r.enum[0] === 'number' ? 'number' : 'string';
  return undefined;
}

function compare(
  where: string,
  c: Schema | undefined,
  o: Schema | undefined,
  out: string[],
  depth = 0,
  seen = new Set<Schema>(),
): void {
  const cs = resolve(contract, c);
  const os = resolve(ours, o);
  if (!cs || depth > 12 || seen.has(cs)) return;
  if (!os) return void out.push(`${where}: missing in openapi.gen.yaml`);
  const ct = typeOf(contract, cs);
  const ot = typeOf(ours, os);
  // int64 travels as a string in the contract; we keep that wire type too.
  if (ct && ot && ct !== ot) out.push(`${where}: type ${ct} in the contract, ${ot} here`);
  const next = new Set(seen).add(cs);
  if (ct === 'array') return compare(`${where}[]`, cs.items, os.items, out, depth + 1, next);
  if (ct !== 'object' || !cs.properties) return;
  const oprops: Schema = os.properties ?? {};
  for (const [name, sub] of Object.entries(cs.properties as Schema)) {
    if (!(name in oprops)) out.push(`${where}.${name}: missing here`);
    else compare(`${where}.${name}`, sub, oprops[name], out, depth + 1, next);
  }
  for (const name of Object.keys(oprops))
    if (!(name in cs.properties)) out.push(`${where}.${name}: not in the contract`);
  for (const name of (cs.required ?? []) as string[]) {
    if (!(os.required ?? []).includes(name)) out.push(`${where}.${name}: required in the contract, optional here`);
  }
}

function parameters(doc: Schema, op: Schema): Map<string, Schema> {
  const out = new Map<string, Schema>();
  for (const p of op.parameters ?? []) {
    const r = resolve(doc, p)!;
    if (r.in === 'query') out.set(r.name, r.schema);
  }
  return out;
}

const served: [string, string, Schema, Schema][] = [];
for (const [p, methods] of Object.entries(ours.paths as Schema)) {
  for (const [m, op] of Object.entries(methods as Schema)) {
    const theirs = contract.paths[p]?.[m];
    if (theirs) served.push([p, m, theirs, op as Schema]);
  }
}

describe('every served operation matches the published contract', () => {
  it('serves operations the contract lists', () => {
    expect(served.length).toBeGreaterThan(20);
  });

  it.each(served.map(([p, m, c, o]) => [`${m.toUpperCase()} ${p}`, c, o] as const))('%s', (_name, c, o) => {
    const problems: string[] = [];
    const cp = parameters(contract, c);
    const op = parameters(ours, o);
    for (const [name, schema] of cp) {
      if (!op.has(name)) problems.push(`query ${name}: missing here`);
      else {
        const ct = typeOf(contract, schema);
        const ot = typeOf(ours, op.get(name));
        if (ct !== ot) problems.push(`query ${name}: type ${ct} in the contract, ${ot} here`);
      }
    }
    for (const name of op.keys())
      if (!cp.has(name) && !PLATFORM_PARAMETERS[name]) problems.push(`query ${name}: not in the contract`);
    const cBody = c.requestBody?.content?.['application/json']?.schema;
    if (cBody) compare('request', cBody, o.requestBody?.content?.['application/json']?.schema, problems);
    compare(
      'response',
      c.responses?.['200']?.content?.['application/json']?.schema,
      o.responses?.['200']?.content?.['application/json']?.schema,
      problems,
    );
    const unexplained = problems.filter(
      (p) =>
        !(p.endsWith(': not in the contract') && EXTENSIONS[`${_name} ${p.slice(0, -': not in the contract'.length)}`]),
    );
    expect(unexplained).toEqual([]);
  });
});
