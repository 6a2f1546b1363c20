import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';

// ajv-formats is CommonJS: under NodeNext its default import is the module object.
const addFormats = ((formatsPlugin as unknown as { default?: unknown }).default ?? formatsPlugin) as unknown as (
  ajv: Ajv2020,
) => void;

/**
 * Checks HTTP answers against the committed OpenAPI document (openapi.gen.yaml): the status must be
 * declared for that path and method, the body must validate against that status's schema (JSON
 * Schema 2020-12, $refs into components resolved), and every declared header that is present (or
 * marked required) must validate against its schema.
 */

type Json = Record<string, any>;

export const OPENAPI_PATH = fileURLToPath(new URL('../../openapi.gen.yaml', import.meta.url));

export interface ConformanceInput {
  method: string;
  /** Path and query, as requested. */
  url: string;
  status: number;
  headers: Headers | Record<string, string | string[] | undefined>;
  /** The raw (decoded) body text. */
  text: string;
}

export interface ConformanceResult {
  /** false when the path is not a documented operation (nothing to check). */
  checked: boolean;
  problems: string[];
}

let loaded: { doc: Json; ajv: Ajv2020 } | undefined;
const validators = new Map<string, ValidateFunction>();

/** Rewrites `#/components/schemas/X` into refs to one registered schema; int64 strings become a digit pattern. */
function prepare(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(prepare);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/'))
      out[k] = `components.json#/$defs/${v.slice('#/components/schemas/'.length)}`;
    else out[k] = prepare(v);
  }
  // An int64 carried as a JSON string (the contract's convention): an optionally signed integer literal.
  if (out.format === 'int64' && (out.type === 'string' || (Array.isArray(out.type) && out.type.includes('string')))) {
    delete out.format;
    out.pattern ??= '^-?(0|[1-9][0-9]{0,18})$';
  }
  return out;
}

function load(): { doc: Json; ajv: Ajv2020 } {
  if (loaded) return loaded;
  const doc = parse(fs.readFileSync(OPENAPI_PATH, 'utf8')) as Json;
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31,
  });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  ajv.addFormat('double', { type: 'number', validate: (n: number) => Number.isFinite(n) });
  ajv.addFormat('float', { type: 'number', validate: (n: number) => Number.isFinite(n) });
  ajv.addSchema({ $id: 'components.json', $defs: prepare(doc.components?.schemas ?? {}) as Json });
  loaded = { doc, ajv };
  return loaded;
}

function validatorFor(key: string, schema: Json): ValidateFunction {
  const known = validators.get(key);
  if (known) return known;
  const v = load().ajv.compile(prepare(schema) as Json);
  validators.set(key, v);
  return v;
}

function headerOf(headers: ConformanceInput['headers'], name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 8)
    .map(
      (e) =>
        `${e.instancePath || '(root)'} ${e.message}${e.params && Object.keys(e.params).length ? ' ' + JSON.stringify(e.params) : ''}`,
    )
    .join('; ');
}

/** The documented operations: path -> lower-case methods. */
export function documentedOperations(): Map<string, string[]> {
  const { doc } = load();
  const out = new Map<string, string[]>();
  for (const [p, item] of Object.entries(doc.paths as Json)) {
    out.set(
      p,
      Object.keys(item as Json).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)),
    );
  }
  return out;
}

export function openApiDocument(): Json {
  return load().doc;
}

/** Checks one answer; see the module comment for what "conforms" means. */
export function checkConformance(r: ConformanceInput): ConformanceResult {
  const { doc } = load();
  const q = r.url.indexOf('?');
  const pathname = q >= 0 ? r.url.slice(0, q) : r.url;
  const item = (doc.paths as Json)[pathname] as Json | undefined;
  if (!item) return { checked: false, problems: [] };
  const method = r.method.toLowerCase();
  // CORS preflights are answered before routing and are not operations.
  if (method === 'options') return { checked: false, problems: [] };
  const problems: string[] = [];
  const where = `${r.method.toUpperCase()} ${pathname} -> ${r.status}`;
  const opMethod = method === 'head' && item.get ? 'get' : method;
  const op = item[opMethod] as Json | undefined;

  let body: unknown;
  let parsed = false;
  const responseType = (headerOf(r.headers, 'content-type') ?? '').split(';')[0].trim().toLowerCase();
  const exported = responseType === 'text/csv' || responseType === 'application/x-ndjson';
  if (r.text !== '' && !exported) {
    try {
      body = JSON.parse(r.text);
      parsed = true;
    } catch {
      problems.push(`${where}: body is not JSON: ${JSON.stringify(r.text.slice(0, 200))}`);
    }
  }

  if (!op) {
    // A method the document does not declare for a documented path: 405 naming the allowed methods.
    if (r.status !== 405)
      problems.push(
        `${where}: ${r.method} is not documented for this path, so the answer must be 405 (got ${r.status})`,
      );
    const allow = headerOf(r.headers, 'allow');
    if (!allow) problems.push(`${where}: a 405 must carry an Allow header`);
    if (parsed) {
      const v = validatorFor('#GatewayError', { $ref: '#/components/schemas/GatewayError' });
      if (!v(body)) problems.push(`${where}: body does not match GatewayError: ${describeErrors(v.errors)}`);
    }
    return { checked: true, problems };
  }

  const responses = op.responses as Json;
  const declared = responses[String(r.status)] ?? responses.default;
  if (!declared) {
    problems.push(
      `${where}: status ${r.status} is not documented (documented: ${Object.keys(responses).join(', ')}); body ${r.text.slice(0, 300)}`,
    );
    return { checked: true, problems };
  }

  for (const [name, h] of Object.entries((declared.headers ?? {}) as Json)) {
    const value = headerOf(r.headers, name);
    if (value === undefined) {
      if (h.required) problems.push(`${where}: required header ${name} is missing`);
      continue;
    }
    if (h.schema) {
      const v = validatorFor(`${pathname} ${opMethod} ${r.status} header ${name}`, h.schema);
      if (!v(value)) problems.push(`${where}: header ${name}: ${JSON.stringify(value)} ${describeErrors(v.errors)}`);
    }
  }

  const content = declared.content as Json | undefined;
  const noBody = method === 'head' || r.status === 304 || r.status === 204;
  if (noBody) {
    if (r.text !== '') problems.push(`${where}: expected no body, got ${r.text.slice(0, 100)}`);
    return { checked: true, problems };
  }
  if (!content) {
    if (r.text !== '') problems.push(`${where}: the document declares no body, got ${r.text.slice(0, 100)}`);
    return { checked: true, problems };
  }
  if (exported) {
    // A list operation's export: the document must offer it; NDJSON lines are its rows (unless projected).
    if (!content[responseType]) problems.push(`${where}: ${responseType} is not documented for this operation`);
    const rowsField = op['x-rows-field'] as string | undefined;
    if (!rowsField) problems.push(`${where}: an export of an operation without x-rows-field`);
    const projected = q >= 0 && new URLSearchParams(r.url.slice(q + 1)).getAll('jmespath').some((e) => e !== '');
    const json = content['application/json']?.schema as Json | undefined;
    if (responseType === 'application/x-ndjson' && rowsField && json && !projected) {
      // Each line is one row of the JSON answer: validated against the answer's schema with only that row.
      const ref = typeof json.$ref === 'string' ? json.$ref.split('/').pop()! : undefined;
      const answer = (ref ? (doc.components as Json).schemas[ref] : json) as Json;
      const rowSchema = (answer.properties as Json | undefined)?.[rowsField]?.items as Json | undefined;
      if (rowSchema) {
        const v = validatorFor(`${pathname} ${opMethod} ${r.status} row`, rowSchema);
        for (const line of r.text.split('\n').filter(Boolean).slice(0, 50))
          if (!v(JSON.parse(line))) {
            problems.push(`${where}: an NDJSON row does not match the documented row: ${describeErrors(v.errors)}`);
            break;
          }
      }
    }
    return { checked: true, problems };
  }
  const media = content['application/json'];
  if (!media) return { checked: true, problems };
  const type = headerOf(r.headers, 'content-type') ?? '';
  if (!/^application\/json\b/i.test(type))
    problems.push(`${where}: content-type ${JSON.stringify(type)} is not application/json`);
  if (!parsed) {
    if (r.text === '') problems.push(`${where}: empty body where JSON is documented`);
    return { checked: true, problems };
  }
  // A projected 200 is whatever the caller's expression produced; only unprojected bodies have a schema.
  if (r.status === 200 && q >= 0 && new URLSearchParams(r.url.slice(q + 1)).getAll('jmespath').some((e) => e !== ''))
    return { checked: true, problems };
  const v = validatorFor(`${pathname} ${opMethod} ${r.status}`, media.schema ?? {});
  if (!v(body))
    problems.push(
      `${where}: body does not match the documented schema: ${describeErrors(v.errors)}; body ${r.text.slice(0, 300)}`,
    );
  return { checked: true, problems };
}

/** Throws (failing the calling test) when the answer does not conform. */
export function assertConforms(r: ConformanceInput): void {
  const { problems } = checkConformance(r);
  if (problems.length) throw new Error(`response does not conform to openapi.gen.yaml:\n  ${problems.join('\n  ')}`);
}
