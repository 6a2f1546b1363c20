import { STREAM_PATH } from './stream.js';
import { generateOpenApiDocument } from 'trpc-to-openapi';
import { stringify } from 'yaml';
import type { AnyTRPCRouter } from '@trpc/server';
import { collectOperations, operationKey } from './operations.js';
import { procedureEntry } from './procedure-table.js';
import { MAX_EXPRESSION_BYTES } from '../platform/jmespath.js';
import { rowsFieldOf } from './export.js';
import { SESSION_COOKIE } from '../platform/auth/session.js';
import { isPublicOperation } from '../platform/auth/public-paths.js';
import { SESSION_PATH } from './session.js';

type Json = Record<string, any>;

const ERROR_SCHEMAS: Json = {
  FieldViolation: {
    type: 'object',
    description: 'One request field that failed validation.',
    properties: {
      field: {
        type: 'string',
        description: 'Wire name of the parameter, a body path such as `operations[3].id`, or a header name.',
      },
      description: { type: 'string', description: 'What is wrong with it.' },
    },
    required: ['field', 'description'],
  },
  ValidationError: {
    type: 'object',
    description: 'The request was refused before any data was read.',
    properties: { violations: { type: 'array', items: { $ref: '#/components/schemas/FieldViolation' } } },
    required: ['violations'],
  },
  JmespathProjectionError: {
    type: 'object',
    description: 'The `jmespath` expression was too long, invalid, or produced more than 256 KiB.',
    properties: {
      _jmespath_error: {
        type: 'string',
        description: '`<code>: <detail>` with code expression_too_long, invalid_expression or projection_too_large.',
      },
      original_keys: {
        type: 'array',
        items: { type: 'string' },
        description: 'Top-level keys of the unprojected body.',
      },
    },
    required: ['_jmespath_error', 'original_keys'],
  },
  UnauthorizedError: {
    type: 'object',
    description: 'No usable credential.',
    properties: { error: { type: 'string' } },
    required: ['error'],
  },
  ForbiddenError: {
    type: 'object',
    description: 'The credential is valid but may not call this operation.',
    properties: {
      error: { type: 'string' },
      code: { type: 'string', enum: ['subscription_lapsed'] },
      requiredTier: { type: 'integer', format: 'int32' },
      currentTier: { type: 'integer', format: 'int32' },
      planKey: { type: 'string' },
    },
    required: ['error'],
  },
  RateLimitError: {
    type: 'object',
    description: 'Too many requests in the current window.',
    properties: { error: { type: 'string' } },
    required: ['error'],
  },
  BillingVerificationError: {
    type: 'object',
    description: 'Paid access cannot be confirmed right now; retry after the indicated delay.',
    properties: {
      error: { type: 'string' },
      code: {
        type: 'string',
        enum: ['renewal_verification_pending', 'renewal_verification_failed', 'entitlement_verification_unavailable'],
      },
      requiredTier: { type: 'integer', format: 'int32' },
    },
    required: ['error', 'code'],
  },
  GatewayError: {
    type: 'object',
    description: 'Refused or failed before an operation ran (routing, method, infrastructure).',
    properties: { error: { oneOf: [{ type: 'string' }, { type: 'object', additionalProperties: true }] } },
    required: ['error'],
  },
  Error: {
    type: 'object',
    description: 'An operation failed while handling the request.',
    properties: { message: { type: 'string' } },
    required: ['message'],
  },
};

const DIGITS = { type: 'string', pattern: '^[0-9]+$' };

const RATE_HEADERS: Json = {
  'X-RateLimit-Limit': { description: 'Requests allowed in the current window.', schema: DIGITS },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window.', schema: DIGITS },
  'X-RateLimit-Reset': { description: 'When the window resets, Unix epoch milliseconds.', schema: DIGITS },
};

/** The same headers, always sent on a refusal by the limiter. */
const REQUIRED_RATE_HEADERS: Json = Object.fromEntries(
  Object.entries(RATE_HEADERS).map(([k, v]) => [k, { ...v, required: true }]),
);

/** Validators and caching of every successful GET (the body is a pure function of the snapshot). */
const CACHE_HEADERS: Json = {
  ETag: {
    description: 'Weak validator of this representation; send it back in `If-None-Match` to get a 304.',
    required: true,
    schema: { type: 'string', pattern: '^(W/)?"[^"]*"$' },
  },
  'Cache-Control': {
    description: '`no-store` for degraded or refused answers; otherwise the tier of the operation.',
    required: true,
    schema: { type: 'string' },
  },
  'Last-Modified': {
    description:
      'The time the answer’s data describes: the newest capture among the snapshots it was computed from (absent ' +
      'when it read none). Every time window in the answer is measured from the snapshots’ capture, not the clock.',
    schema: { type: 'string' },
  },
  'Memento-Datetime': {
    description:
      'With `as_of` only (RFC 7089): when the snapshot versions this answer was computed from began to be served (an HTTP-date).',
    schema: { type: 'string' },
  },
};

const NOT_MODIFIED: Json = {
  description: 'Not modified: `If-None-Match` holds the current validator. No body.',
  headers: { ETag: CACHE_HEADERS.ETag },
};

const json = (schema: Json) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function errorResponses(isPublic: boolean): Json {
  const out: Json = {
    '400': {
      description: 'Invalid or unknown parameters (each named in `violations`), or a refused projection.',
      content: json({ oneOf: [ref('ValidationError'), ref('JmespathProjectionError')] }),
    },
    '429': {
      description: 'Rate limit exceeded.',
      headers: {
        ...REQUIRED_RATE_HEADERS,
        'Retry-After': { description: 'Seconds to wait.', required: true, schema: DIGITS },
      },
      content: json(ref('RateLimitError')),
    },
    // Node's HTTP parser answers this before any route runs (a very long query string counts too).
    '431': {
      description: 'The request line and headers together exceed the server limit (16 KiB); answered without a body.',
    },
    '500': { description: 'Unexpected failure.', content: json(ref('Error')) },
    '503': {
      description:
        'Billing verification, a fail-closed dependency or the database (locked, full, unreachable) is unavailable; retry after `Retry-After`.',
      headers: {
        'Retry-After': {
          description: 'Seconds to wait (1-60).',
          required: true,
          schema: { type: 'string', pattern: '^([1-9]|[1-5][0-9]|60)$' },
        },
        'X-Billing-Verification': BILLING_HEADER,
        'X-RateLimit-Mode': {
          description: '`degraded` when the rate-limit store is unavailable for a fail-closed endpoint policy.',
          schema: { type: 'string', enum: ['degraded'] },
        },
        'X-Validation-Mode': {
          description: '`degraded` when key validation is temporarily unavailable.',
          schema: { type: 'string', enum: ['degraded'] },
        },
      },
      // anyOf: every billing body is also a valid gateway body, so oneOf would reject both.
      content: json({ anyOf: [ref('BillingVerificationError'), ref('GatewayError')] }),
    },
  };
  if (!isPublic) {
    out['401'] = {
      description:
        'Missing, malformed, unknown, expired or revoked credential; both key headers with different values; a repeated key header.',
      content: json(ref('UnauthorizedError')),
    };
    out['403'] = {
      description:
        'Subscription lapsed (`code: subscription_lapsed`, with `X-Billing-Verification`), plan tier too low, or a browser session on a tier-gated operation.',
      headers: { 'X-Billing-Verification': BILLING_HEADER },
      content: json(ref('ForbiddenError')),
    };
  }
  return out;
}

const BILLING_HEADER: Json = {
  description: 'Billing verification outcome; matches the body `code`.',
  schema: {
    type: 'string',
    enum: [
      'subscription_lapsed',
      'renewal_verification_pending',
      'renewal_verification_failed',
      'entitlement_verification_unavailable',
    ],
  },
};

/** Integer bounds the generator adds for `z.number().int()` say nothing; drop them. */
function tidy(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(tidy);
  if (!node || typeof node !== 'object') return;
  const o = node as Json;
  if (o.minimum === -9007199254740991) delete o.minimum;
  if (o.maximum === 9007199254740991) delete o.maximum;
  for (const v of Object.values(o)) tidy(v);
}

/**
 * The OpenAPI 3.1 document, generated from the procedures and then completed with what the
 * generator cannot know: the jmespath parameter, the spec's error shapes, security per operation.
 */
export function buildOpenApiDocument(router: AnyTRPCRouter, version: string): Json {
  const doc = generateOpenApiDocument(router as never, {
    title: 'Monitoring Data Service',
    description:
      'Read-only monitoring data (earthquakes, supply chain, markets, conflict and more) served from ' +
      'snapshots refreshed by ingestion jobs. Every GET accepts a server-side `jmespath` projection and `as_of` (the answer as served at a past instant); ' +
      'degraded data is flagged in the body rather than hidden.',
    version,
    openApiVersion: '3.1.0',
    baseUrl: 'http://localhost:8080',
    license: { name: 'UNLICENSED', identifier: 'UNLICENSED' } as never,
    securitySchemes: {
      ServiceKey: {
        type: 'apiKey',
        in: 'header',
        name: 'X-Service-Key',
        description: 'API key issued to you (`mds_...`).',
      },
      ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'Alias header for the same key.' },
      SessionCookie: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description: 'Browser session minted by `POST /api/session` from a key; not accepted on tier-gated operations.',
      },
    },
  }) as Json;
  const ops = collectOperations(router);
  doc.servers = [{ url: 'http://localhost:8080', description: 'Local development server' }];
  doc.security = [{ ServiceKey: [] }, { ApiKeyHeader: [] }, { SessionCookie: [] }];
  doc.components ??= {};
  doc.components.schemas = { ...(doc.components.schemas ?? {}), ...ERROR_SCHEMAS };
  for (const k of Object.keys(doc.components.schemas)) if (k.startsWith('error.')) delete doc.components.schemas[k];
  doc.components.parameters = {
    Jmespath: {
      name: 'jmespath',
      in: 'query',
      required: false,
      description: `JMESPath expression applied to the response body on the server (at most ${MAX_EXPRESSION_BYTES} UTF-8 bytes; the projected result at most 256 KiB). Empty means no projection.`,
      schema: { type: 'string', maxLength: MAX_EXPRESSION_BYTES },
    },
    Format: {
      name: 'format',
      in: 'query',
      required: false,
      description:
        'How the answer is written: `json` (the default), or the rows as `csv` or `ndjson`, streamed, after any `jmespath` projection. Wins over `Accept` (`text/csv`, `application/x-ndjson`).',
      schema: { type: 'string', enum: ['json', 'csv', 'ndjson'] },
    },
    AsOf: {
      name: 'as_of',
      in: 'query',
      required: false,
      description:
        'Answer as the service answered at this past instant: RFC 3339 with a time zone (`2026-11-20T12:00:00Z`) or Unix epoch milliseconds. ' +
        'The answer is computed from the snapshot versions in force then and is the same bytes and ETag as were served then; it carries `Memento-Datetime`. ' +
        'History is kept for SNAPSHOT_RETENTION_DAYS (30) or SNAPSHOT_RETENTION_VERSIONS (100) per dataset, whichever is less, and each plan reaches back `historyDays` (`/api/product-catalog`). ' +
        "An instant before that, or in the future, is a 400 naming the earliest instant available. Each dataset's versions: `GET /api/datasets/{name}/versions`.",
      schema: {
        type: 'string',
        pattern:
          '^([0-9]{1,15}|[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ][0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2}))$',
      },
    },
  };
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const info = ops.get(operationKey(method, path));
      const isPublic = isPublicOperation(info?.meta);
      if (method === 'get')
        op.parameters = [
          ...(op.parameters ?? []),
          { $ref: '#/components/parameters/Jmespath' },
          { $ref: '#/components/parameters/AsOf' },
        ];
      const ok = op.responses?.['200'];
      const rowsField =
        method === 'get' && info ? rowsFieldOf(procedureEntry(router, info.procedure)?.output) : undefined;
      if (rowsField !== undefined && ok?.content) {
        op.parameters.push({ $ref: '#/components/parameters/Format' });
        op['x-rows-field'] = rowsField;
        Object.assign(ok.content, exportContent(rowsField));
      }
      if (ok) ok.headers = { ...(ok.headers ?? {}), ...RATE_HEADERS, ...(method === 'get' ? CACHE_HEADERS : {}) };
      op.responses = {
        ...(ok ? { '200': ok } : {}),
        ...(method === 'get' ? { '304': NOT_MODIFIED } : {}),
        ...errorResponses(isPublic),
      };
      if (method !== 'get')
        completeBodyOperation(
          doc,
          op,
          info?.meta.openapi?.requestHeaders !== undefined,
          info && bodyIdOf(router, info.procedure),
        );
      if (ok && info?.meta.successStatus === 202) acceptedInsteadOfOk(op);
      if (info?.meta.notFound)
        op.responses['404'] = {
          description: 'No such record among the caller’s own (another account’s is answered the same).',
          content: json(ref('GatewayError')),
        };
      const keys = [{ ServiceKey: [] }, { ApiKeyHeader: [] }];
      op.security = isPublic ? [] : info?.meta.requiredTier ? keys : [...keys, { SessionCookie: [] }];
      if (info?.meta.requiredTier) op['x-required-tier'] = info.meta.requiredTier;
      op['x-cache-tier'] = info?.meta.cacheTier;
    }
  }
  doc.paths[SESSION_PATH] = sessionPathItem();
  doc.paths[STREAM_PATH] = streamPathItem();
  tidy(doc);
  return doc;
}

/** A list operation's exports (export.ts): its rows as CSV and as NDJSON, beside the JSON answer. */
function exportContent(rowsField: string): Json {
  return {
    'text/csv': {
      schema: {
        type: 'string',
        description: `The \`${rowsField}\` rows (or the rows the \`jmespath\` projection gives) as CSV (RFC 4180, CRLF): a header of every field, one record per row; nested values as JSON; a text cell a spreadsheet would read as a formula starts with \`'\`.`,
      },
    },
    'application/x-ndjson': {
      schema: {
        type: 'string',
        description: `The \`${rowsField}\` rows (or the rows the \`jmespath\` projection gives), one JSON object per line.`,
      },
    },
  };
}

/** The contract name (`.meta({ id })`) of a procedure's input schema, if it has one. */
function bodyIdOf(router: AnyTRPCRouter, procedure: string): string | undefined {
  const input = procedureEntry(router, procedure)?.input as { meta?: () => { id?: string } | undefined } | undefined;
  return input?.meta?.()?.id;
}

/** A POST: its body by reference to the named schema, the body errors, and idempotency answers. */
function completeBodyOperation(doc: Json, op: Json, idempotent: boolean, bodySchemaId: string | undefined): void {
  // The generator inlines request bodies; move the schema under its contract name and refer to it.
  const body = op.requestBody?.content?.['application/json'];
  if (body?.schema && bodySchemaId && !body.schema.$ref) {
    doc.components.schemas[bodySchemaId] = body.schema;
    body.schema = ref(bodySchemaId);
  }
  op.responses['400'] = {
    description:
      'Invalid body (malformed JSON, a missing, invalid or unknown field: each named in `violations`), parameters or projection.',
    content: json({ oneOf: [ref('ValidationError'), ref('JmespathProjectionError')] }),
  };
  op.responses['413'] = { description: 'Request body too large.', content: json(ref('GatewayError')) };
  op.responses['415'] = { description: 'Request body is not application/json.', content: json(ref('GatewayError')) };
  if (idempotent) {
    op.responses['409'] = {
      description: 'The first request with this Idempotency-Key is still being processed.',
      headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'string' } } },
      content: json(ref('GatewayError')),
    };
    op.responses['422'] = {
      description: 'This Idempotency-Key was used with a different body.',
      content: json(ref('GatewayError')),
    };
    const ok = op.responses['200'];
    if (ok) {
      ok.headers = {
        ...(ok.headers ?? {}),
        'Idempotency-Key': { description: 'The key, echoed.', schema: { type: 'string' } },
        'Idempotent-Replayed': {
          description: '`true` when this is a stored answer replayed.',
          schema: { type: 'string', enum: ['true', 'false'] },
        },
      };
    }
  }
}

/** An operation that queues work answers 202 with the address of its status in `Location`. */
function acceptedInsteadOfOk(op: Json): void {
  const { '200': ok, ...rest } = op.responses;
  ok.description = 'Accepted: the work is queued; poll the address in `Location`.';
  ok.headers = {
    ...(ok.headers ?? {}),
    Location: { description: 'Where to read the status of the queued work.', schema: { type: 'string' } },
  };
  op.responses = { '202': ok, ...rest };
}

function sessionPathItem(): Json {
  const keys = [{ ServiceKey: [] }, { ApiKeyHeader: [] }];
  return {
    post: {
      operationId: 'CreateBrowserSession',
      summary: 'Start a browser session from an API key',
      description:
        'Exchanges a valid key for an HttpOnly, SameSite=Strict session cookie holding a signed, expiring token. ' +
        'The session is accepted wherever its key is, except on tier-gated operations, and ends when the key is revoked.',
      tags: ['session'],
      security: keys,
      responses: {
        '200': {
          description: 'Session cookie set.',
          headers: {
            'Set-Cookie': {
              description: `\`${SESSION_COOKIE}=<token>; HttpOnly; SameSite=Strict\``,
              schema: { type: 'string' },
            },
            ...RATE_HEADERS,
          },
          content: json({
            type: 'object',
            properties: {
              expiresAt: {
                type: 'integer',
                format: 'int64',
                description: 'When the session ends, Unix epoch milliseconds.',
              },
              planKey: { type: 'string' },
              tier: { type: 'integer', format: 'int32' },
            },
            required: ['expiresAt', 'planKey', 'tier'],
          }),
        },
        ...Object.fromEntries(Object.entries(errorResponses(false)).filter(([k]) => k !== '400')),
        // The session takes no body, but one sent is read under the one limit of every entry point.
        '413': { description: 'Request body too large.', content: json(ref('GatewayError')) },
      },
    },
    delete: {
      operationId: 'EndBrowserSession',
      summary: 'Clear the browser session cookie',
      tags: ['session'],
      security: [],
      responses: { '204': { description: 'Cookie cleared.' } },
    },
  };
}

/** `GET /api/stream` (./stream.ts): Server-Sent Events of changes to GET operations' answers. */
function streamPathItem(): Json {
  const keys = [{ ServiceKey: [] }, { ApiKeyHeader: [] }];
  const change = {
    type: 'object',
    description: 'The `data` of a `change` event.',
    properties: {
      operation: { type: 'string', description: 'The subscription as given: a GET operation path with its query.' },
      etag: { type: 'string', description: "The new answer's ETag, as the GET serves it (identity representation)." },
      lastModified: { type: ['string', 'null'], description: "The new answer's Last-Modified (HTTP-date)." },
      body: { description: "The new answer, with the subscription's `jmespath` applied (only with `include=body`)." },
    },
    required: ['operation', 'etag', 'lastModified'],
  };
  return {
    get: {
      operationId: 'StreamChanges',
      summary: "Stream changes of operations' answers (Server-Sent Events)",
      description:
        'Opens a `text/event-stream`. Each subscription is a GET operation path with its query; when a snapshot swap changes ' +
        'its answer (its ETag), an event follows within a second: `id:` a resumable cursor, `event: change`, `data:` a ChangeEvent. ' +
        "The stream starts with `event: subscribed` (each subscription's current ETag). A `Last-Event-ID` header replays the " +
        "changes missed since that cursor from the snapshot history (at least 24 hours back, as far as the plan's `historyDays` " +
        'reach), then goes live. A comment line arrives every 15 s; on shutdown the server sends `retry:` and closes. ' +
        "`watches` streams watch-rule events of the key's account. Plans cap open streams per key (`maxStreams`, " +
        '`/api/product-catalog`); opening counts as one request and every delivered event as one more; past the limit the ' +
        "stream gets `event: error` (status 429, retryAfter) and closes. A revoked or expired key's stream gets `event: end` and closes. " +
        'The same changes are a tRPC subscription, `stream.changes`.',
      tags: ['stream'],
      security: keys,
      parameters: [
        {
          name: 'operations',
          in: 'query',
          description:
            'GET operation paths with their query, each URL-encoded; several comma-separated or the parameter repeated. ' +
            'Each is validated as its GET would be (400 naming `operations[i].<parameter>`); `as_of` is refused.',
          schema: { type: 'string' },
        },
        { name: 'watches', in: 'query', description: 'Watch rule ids, comma-separated.', schema: { type: 'string' } },
        {
          name: 'include',
          in: 'query',
          description: '`body`: each change carries the new answer.',
          schema: { type: 'string', enum: ['body'] },
        },
        {
          name: 'Last-Event-ID',
          in: 'header',
          description: 'The `id` of the last event received: missed changes are replayed.',
          schema: { type: 'string', pattern: '^[0-9]{1,15}$' },
        },
      ],
      responses: {
        '200': {
          description:
            'The event stream (`subscribed`, `change`, watch events, `error`, `end`; comment lines as heartbeats).',
          content: { 'text/event-stream': { schema: { type: 'string' }, 'x-event-data': change } },
        },
        ...errorResponses(false),
      },
    },
  };
}

export function toYaml(doc: Json): string {
  return stringify(doc, { aliasDuplicateObjects: false, lineWidth: 0 });
}

const COMPONENT_REF = /^#\/components\/([^/]+)\/([^/]+)$/;

/** Every `#/components/...` reference inside a value, as [kind, name] pairs. */
function componentRefs(node: unknown, out: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) {
    for (const v of node) componentRefs(v, out);
  } else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      const m = k === '$ref' && typeof v === 'string' ? COMPONENT_REF.exec(v) : null;
      if (m) out.push([m[1], m[2]]);
      else componentRefs(v, out);
    }
  }
  return out;
}

/**
 * The document cut down to one service (one tag): its operations, and only the components they reach,
 * followed through components that reference others. Each is complete on its own, so a reader can
 * load a single service (Swagger UI takes seconds per megabyte of OpenAPI 3.1). Its server is the
 * origin it is served from, which is where its operations live.
 */
export function serviceDocument(doc: Json, tag: string): Json | undefined {
  const paths: Json = {};
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    const kept = Object.entries(item as Json).filter(
      ([, op]) => typeof op === 'object' && (op.tags ?? []).includes(tag),
    );
    if (kept.length) paths[path] = Object.fromEntries(kept);
  }
  if (!Object.keys(paths).length) return undefined;
  const components: Json = { securitySchemes: doc.components?.securitySchemes };
  const pending = componentRefs(paths);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [kind, name] = next;
    if (components[kind]?.[name] !== undefined) continue;
    const target = doc.components?.[kind]?.[name];
    if (target === undefined) continue;
    (components[kind] ??= {})[name] = target;
    componentRefs(target, pending);
  }
  return {
    ...doc,
    info: { ...doc.info, title: `${doc.info.title}: ${tag}` },
    servers: [{ url: '/', description: 'The server this document came from' }],
    tags: doc.tags?.filter((t: { name: string }) => t.name === tag),
    paths,
    components,
  };
}

/** The services (operation tags) of a document, in alphabetical order. */
export function documentServices(doc: Json): string[] {
  const tags = new Set<string>();
  for (const item of Object.values(doc.paths as Json))
    for (const op of Object.values(item as Json)) for (const t of (op as Json)?.tags ?? []) tags.add(t);
  return [...tags].sort();
}
