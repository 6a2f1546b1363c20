import { z } from 'zod';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { parseOperatorKeyList } from './config/operator-keys.js';
import { parsePolicyOverrides } from './config/rate-policies.js';
import { parseOriginList } from './config/origins.js';
import { parseCadenceOverrides } from './config/cadence-overrides.js';

/**
 * A list setting parsed once, at start-up, into the value its readers use; a bad value stops the
 * process with its name. Unset or empty is the empty list.
 */
const parsed = <T>(parse: (raw: string) => T) =>
  z
    .string()
    .default('')
    .transform((raw, ctx) => {
      try {
        return parse(raw);
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: (e as Error).message });
        return z.NEVER;
      }
    });

/** An optional setting where an empty value (`FOO=` in a compose file) means unset. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/**
 * The only reader of process.env. Parsed once at start-up; a bad value stops the
 * process with a message naming the variable instead of failing later at request time.
 */
export const ConfigSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'test', 'production'])
      .default('development')
      .describe('`production` turns off the development key, localhost CORS and insecure cookies'),
    PORT: z.coerce
      .number()
      .int()
      .min(0)
      .max(65535)
      .default(8080)
      .describe('listening port; `0` picks a free one (printed on start)'),
    HOST: z.string().default('0.0.0.0').describe('listening address'),
    DATABASE_PATH: z
      .string()
      .min(1)
      .default(path.join('data', 'mds.db'))
      .describe('SQLite file; created and migrated on start'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info')
      .describe('`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`'),
    LOG_FORMAT: z
      .enum(['json', 'pretty'])
      .default('json')
      .describe(
        '`json`: one JSON object per line (pino), for machines; `pretty`: one readable line per entry (time, level, message, fields), for people at a terminal',
      ),
    SNAPSHOT_POLL_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(1000)
      .describe('how often a request may look for snapshots written by another process (`mds ingest`)'),
    SNAPSHOT_RETENTION_DAYS: z.coerce
      .number()
      .int()
      .min(0)
      .default(30)
      .describe(
        'days a superseded snapshot version is kept after it stopped being served, for `as_of` and `/api/datasets/<name>/versions` (the smaller of this and SNAPSHOT_RETENTION_VERSIONS wins)',
      ),
    SNAPSHOT_RETENTION_VERSIONS: z.coerce
      .number()
      .int()
      .min(1)
      .default(100)
      .describe('most snapshot versions kept per dataset, the current one included (`1` keeps no history)'),
    BATCH_OPERATION_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1)
      .max(60_000)
      .default(10_000)
      .describe('deadline of each batch sub-operation'),
    UPSTREAM_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(20_000)
      .describe('deadline of each upstream request (headers and whole body), per attempt'),
    UPSTREAM_DATASET_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(120_000)
      .describe("overall deadline of one dataset's live refresh (all its requests, retries and waits)"),
    UPSTREAM_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(50 * 1024 * 1024)
      .describe('largest upstream response body read (50 MiB); a larger one is aborted while streaming'),
    UPSTREAM_RETRIES: z.coerce
      .number()
      .int()
      .min(0)
      .max(10)
      .default(2)
      .describe('further attempts after a transient failure (429, 5xx, connection reset/refused, timeout)'),
    UPSTREAM_RETRY_BASE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(60_000)
      .default(1_000)
      .describe('first retry waits about this long (jittered), doubling per attempt; `Retry-After` wins (up to 60 s)'),
    UPSTREAM_BASE_OVERRIDE: z
      .string()
      .optional()
      .describe('replaces the origin of every upstream URL (tests point fetchers at a local server)'),
    LOAD_SAMPLES: z
      .enum(['auto', 'never'])
      .default('auto')
      .describe('`auto` loads the bundled samples into datasets that have no snapshot yet; `never` skips it'),
    OPERATOR_KEYS: parsed(parseOperatorKeyList).describe(
      'comma-separated operator keys (16-256 chars of `[A-Za-z0-9._~+/=-]`): enterprise access plus the operator endpoints',
    ),
    SESSION_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .describe('HMAC secret for browser sessions (≥ 32 chars); when unset one is generated and kept in the database'),
    SESSION_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(30 * 86_400)
      .default(12 * 3600)
      .describe('lifetime of a browser session from `POST /api/session`'),
    CORS_ALLOWED_ORIGINS: parsed(parseOriginList).describe(
      'comma-separated browser origins (`https://app.example.com`, `https://*.example.com`); outside production localhost is also allowed',
    ),
    RATE_POLICY_OVERRIDES: parsed(parsePolicyOverrides).describe(
      'per-minute overrides of endpoint policies, e.g. `batch=30,list-market-quotes=60`',
    ),
    // Keep in step with DEFAULT_FLUSH_MS.
    RATE_LIMIT_FLUSH_MS: z.coerce
      .number()
      .int()
      .min(10)
      .max(60_000)
      .default(1_000)
      .describe(
        'how often rate-limit counts decided in memory are written to SQLite; a hard kill loses at most the requests admitted in one interval (see Stopping), a graceful stop none. Shorter costs a write transaction per interval',
      ),
    DEV_KEY: z
      .enum(['auto', 'never'])
      .default('auto')
      .describe('`auto` creates a local development key on first start outside production; `never` skips it'),
    MCP_KEY: z
      .string()
      .optional()
      .describe(
        'the API key `mds mcp` (MCP over stdio) calls every tool with, under its plan, tier gates and limits; `--key` wins over it',
      ),
    INGEST_INTERVAL_MINUTES: z.coerce
      .number()
      .min(0)
      .max(7 * 24 * 60)
      .default(0)
      .describe(
        'above 0, `mds serve` refreshes the `live` and `relay` datasets in the background, one at a time, each on its own cadence (`mds datasets` shows it), and never more often than this many minutes; 0 leaves the scheduler off (the samples need no network). A dataset is due one cadence after its last attempt by any node, so a restart or a second node keeps the schedule',
      ),
    INGEST_CADENCE_OVERRIDES: parsed(parseCadenceOverrides).describe(
      "per-dataset cadences in minutes replacing the datasets' own, `seismology.earthquakes=5,news.feeds=15`; an unknown dataset name stops the start",
    ),
    SHUTDOWN_GRACE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(120_000)
      .default(10_000)
      .describe('how long requests in flight may take after SIGTERM'),
    HTTP_HEADERS_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(600_000)
      .default(20_000)
      .describe('a client that has not sent all its request headers by then is disconnected (slowloris defence)'),
    HTTP_REQUEST_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(3_600_000)
      .default(30_000)
      .describe('a client that has not sent its whole request by then gets 408 and is disconnected'),
    METRICS_PUBLIC: z
      .enum(['true', 'false'])
      .default('false')
      .describe('`true` serves `/metrics` without a credential (for a scraper on a private network)'),
    COMPRESSION_THRESHOLD_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .default(1024)
      .describe('smallest response body that is compressed'),
    GIT_COMMIT: optional(z.string().regex(/^[0-9a-f]{7,64}$/i, 'must be a hex commit id')).describe(
      'commit reported by `/api/version` (hex); otherwise `git rev-parse HEAD` is tried at start',
    ),
    BUILD_TIME: optional(z.iso.datetime({ offset: true })).describe('build time reported by `/api/version` (ISO 8601)'),
    FINNHUB_API_KEY: optional(z.string().min(1)).describe(
      'Finnhub token: list-market-quotes looks up symbols missing from the snapshot live; live refresh of the earnings calendar and insider transactions',
    ),
    AVIATIONSTACK_API_KEY: optional(z.string().min(1)).describe(
      'AviationStack key: live get-flight-status lookups and the flights dataset',
    ),
    CLOUDFLARE_RADAR_TOKEN: optional(z.string().min(1)).describe(
      'Cloudflare Radar API token (sent as `Authorization: Bearer`) for internet outages',
    ),
    ACLED_ACCESS_TOKEN: optional(z.string().min(1)).describe(
      'ACLED API token (sent as `Authorization: Bearer`) for the ACLED conflict and unrest datasets',
    ),
    UCDP_ACCESS_TOKEN: optional(z.string().min(1)).describe(
      'UCDP API token (sent as `x-ucdp-access-token`) for the UCDP events dataset',
    ),
    // economic
    FRED_API_KEY: optional(z.string().min(1)).describe(
      'FRED API key (free, sent as `api_key`) for the economic FRED series dataset; the sample loads without it',
    ),
    EIA_API_KEY: optional(z.string().min(1)).describe(
      'EIA API v2 key (free, sent as `api_key`) for the economic EIA datasets (prices, inventories, storage, capacity)',
    ),
    GIE_API_KEY: optional(z.string().min(1)).describe(
      'GIE AGSI+ key (free, sent as `x-key`; optional for light use) for the EU gas storage dataset',
    ),
    IMF_API_KEY: optional(z.string().min(1)).describe(
      'IMF data API subscription key (optional, sent as `Ocp-Apim-Subscription-Key`) for the World Economic Outlook national debt inputs',
    ),
    // Platform state: model provider, jobs, archive
    LLM_BASE_URL: optional(z.url({ protocol: /^https?$/ })).describe(
      'root of an OpenAI-compatible API (`https://host/v1`); unset keeps model-written text and embeddings off (the deterministic methods answer)',
    ),
    LLM_API_KEY: optional(z.string().min(1)).describe(
      'bearer token for that API (optional for local servers); never logged nor shown in errors',
    ),
    LLM_MODEL: optional(z.string().min(1)).describe(
      'chat model name sent with every completion; required when `LLM_BASE_URL` is set',
    ),
    EMBEDDINGS_MODEL: optional(z.string().min(1)).describe('embeddings model name; embeddings stay off without it'),
    LLM_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(600_000)
      .default(30_000)
      .describe('deadline of each call to the model provider; past it the deterministic method answers'),
    LLM_MAX_ANSWER_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(1024 * 1024)
      .default(64 * 1024)
      .describe(
        "largest chat answer accepted, in bytes of its text (1024 to 1048576); the provider's HTTP answer is read no further than 6 times that plus 16 KiB. A longer answer counts as a model failure: the deterministic method answers, and neither the model cache nor the summary cache keeps it",
      ),
    LLM_CACHE_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(365 * 24 * 60)
      .default(24 * 60)
      .describe('how long a model answer is reused for the same input (`0` turns the cache off)'),
    LLM_CACHE_MAX_ENTRIES: z.coerce
      .number()
      .int()
      .min(0)
      .default(10_000)
      .describe('most cached model answers kept; the oldest go first'),
    JOBS_CONCURRENCY: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .default(2)
      .describe('jobs the in-process worker runs at the same time'),
    JOBS_RETENTION_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(365 * 24)
      .default(7 * 24)
      .describe('finished (done or failed) jobs are deleted after this long'),
    // Keep in step with DEFAULT_SWEEP_MS.
    JOBS_SWEEP_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(3_600_000)
      .default(10_000)
      .describe(
        "how often each worker deletes expired jobs and, with `DATABASE_URL`, re-queues the running jobs of a dead node: such jobs wait at most this long (plus the 1 s poll) once PostgreSQL has dropped the dead node's connection",
      ),
    ARCHIVE_RETENTION_DAYS: z.coerce
      .number()
      .int()
      .min(1)
      .max(100 * 365)
      .default(365)
      .describe('archive documents dated earlier than this are deleted'),
    ARCHIVE_MAX_DOCUMENTS: z.coerce
      .number()
      .int()
      .min(1)
      .default(200_000)
      .describe('most archive documents kept; the oldest by date go first'),
    // request path
    DB_BUSY_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(1000)
      .default(20)
      .describe(
        "longest the server waits for another process's write lock (SQLite waits synchronously, blocking every request); past it, rate limits count in memory (`X-RateLimit-Mode: degraded`), fail-closed policies answer 503 and `/readyz` reports the lock",
      ),
    // military
    WINGBITS_API_KEY: optional(z.string().min(1)).describe(
      'Wingbits customer API key: get-aircraft-details(-batch) ask Wingbits live (24 h cache) instead of the bundled open registry; get-wingbits-status reports it',
    ),
    USPTO_API_KEY: optional(z.string().min(1)).describe(
      'USPTO Open Data Portal key (sent as `x-api-key`) for the defense patents dataset',
    ),
    // aviation (operations summary, fares)
    ICAO_API_KEY: optional(z.string().min(1)).describe(
      'ICAO API Data Service key for the NOTAM dataset (airport closures and restrictions in get-airport-ops-summary)',
    ),
    TRAVELPAYOUTS_API_TOKEN: optional(z.string().min(1)).describe(
      'Travelpayouts Data API token: search-flight-prices asks Travelpayouts live (1 h cache); without it the answer is `degraded` with `missing_credentials`, never an invented fare',
    ),
    RELAY_URL: optional(z.url()).describe(
      "base URL of the live relay (an operator-run companion holding the aisstream.io websocket, `AISSTREAM_API_KEY`, and the scraped upstreams). search-google-flights, search-google-dates, get-youtube-live-stream-info, get-vessel-snapshot and track-aircraft ask it live (short caches). The relay datasets are read from it: `maritime.vessel-snapshot` at `/ais/snapshot?candidates=true&tankers=true` (the published relay's aggregate: `sequence`, `timestamp`, `status`, `density[]`, `disruptions[]`, `candidateReports[]`, `tankerReports[]`); `supply-chain.ais-crossings` at `/v1/chokepoints/crossings?window=24h` and `supply-chain.ais-disruptions` at `/v1/vessels/snapshot?bbox=0,0,0,0`, in the layouts of `db/samples/supply-chain/ais-crossings-24h.json` and `ais-vessel-snapshot.json` (the published relay computes these figures but keeps them in its own Redis, so a relay for this service must serve these two paths). Unset: those operations answer unavailable (`dataAvailable:false`; get-chokepoint-status without AIS figures and `upstreamUnavailable:true`), `Cache-Control: no-store`, and a loaded AIS sample is never served as current",
    ),
    RELAY_SHARED_SECRET: optional(z.string().min(1)).describe(
      'secret sent to the relay as `x-relay-key` and `Authorization: Bearer`',
    ),
    // environment and infrastructure catalogue (wildfire, webcam, infrastructure geo)
    FIRMS_MAP_KEY: optional(z.string().min(1)).describe(
      'NASA FIRMS MAP_KEY (part of the request path) for the fire-detections dataset',
    ),
    WINDY_API_KEY: optional(z.string().min(1)).describe(
      'Windy Webcams API key (sent as `x-windy-api-key`): the webcams dataset and live webcam images',
    ),
    OPENAQ_API_KEY: optional(z.string().min(1)).describe(
      'OpenAQ v3 API key (sent as `X-API-Key`) for the air-quality dataset',
    ),
    REVERSE_GEOCODER_URL: optional(z.url()).describe(
      'base URL of a Nominatim-compatible `/reverse` service: reverse-geocode asks it when the bundled gazetteer has no place nearby',
    ),
    RELIEFWEB_APPNAME: optional(z.string().min(1)).describe(
      'approved ReliefWeb API application name (sent as `appname`): live ingestion of the climate disasters dataset refuses without it',
    ),
    CLIENT_IP_HEADER: optional(z.string().regex(/^[a-z0-9-]{1,64}$/i, 'must be a header name')).describe(
      "header a trusted proxy sets to the client address (`x-forwarded-for` uses its first entry); get-ip-geo looks that address up instead of the socket's. Set it only behind such a proxy",
    ),
    // market
    COINGECKO_API_KEY: optional(z.string().min(1)).describe(
      'CoinGecko Pro key (sent as `x-cg-pro-api-key` to the pro host) for the market coin-markets dataset; keyless public API otherwise',
    ),
    COINGECKO_DEMO_API_KEY: optional(z.string().min(1)).describe(
      'CoinGecko Demo key (sent as `x-cg-demo-api-key`) when no Pro key is set',
    ),
    SGE_BENCHMARK_LICENSED: optional(z.enum(['true', 'false'])).describe(
      '`true` where the Shanghai Gold Exchange benchmark licence is held: live SGE ingestion for get-physical-premiums; otherwise only the bundled dated sample serves, and not once it is over 10 days old',
    ),
    // Trade, sanctions
    WTO_API_KEY: optional(z.string().min(1)).describe(
      'WTO Timeseries API subscription key (sent as `Ocp-Apim-Subscription-Key`) for the trade tariff and merchandise-trade dataset',
    ),
    OPENSANCTIONS_API_KEY: optional(z.string().min(1)).describe(
      'OpenSanctions API key: lookup-sanction-entity searches OpenSanctions live when set; otherwise the OFAC SDN snapshot answers',
    ),
    // Conflict (humanitarian summaries)
    HAPI_APP_IDENTIFIER: optional(z.string().min(1)).describe(
      'HDX HAPI app identifier (base64 of `application:email`; not a secret) for the humanitarian conflict-events dataset',
    ),
    // Consumer prices
    CONSUMER_PRICES_OBSERVATIONS_URL: optional(z.url({ protocol: /^https?$/ })).describe(
      'address where an operator-run price collector publishes retailer shelf-price observations as one CSV in the layout of `db/samples/consumer-prices/observations-ae.csv` (columns documented in `src/services/consumer-prices/datasets/observations.ts`; the published service scrapes retailer pages with paid services instead, and no public upstream serves them). Unset, the six consumer-prices operations answer `upstreamUnavailable:true` (no-store), even with the bundled sample loaded',
    ),
    // Grocery basket
    GROCERY_OBSERVATIONS_URL: optional(z.url({ protocol: /^https?$/ })).describe(
      'where an operator-run collector publishes grocery shelf-price observations, a CSV in the layout of `db/samples/economic/grocery/observations.csv` (documented in `src/services/economic/prices/datasets/grocery.ts`); no public upstream serves shelf prices, so without it the grocery basket has no live data',
    ),
    // news
    USDA_FAS_PSD_API_KEY: optional(z.string()).describe(
      'USDA FAS Open Data key (sent as `X-Api-Key`) for the PSD food stocks dataset',
    ),
    NEWS_FEEDS: optional(z.string()).describe(
      "RSS/Atom feeds of list-feed-digest, comma-separated `category|name|url[|tier[|lang]]`; they replace the built-in list (BBC World, Guardian World, NPR, DW, Al Jazeera, Ars Technica, The Verge, Financial Times, CNBC, Federal Reserve, OilPrice.com, Good News Network, ScienceDaily), or with a leading `+` are added to it (an entry named like a built-in feed replaces it). Categories are the published feed categories, which are also the digest's keys: `full` reads politics, us, europe, middleeast, tech, ai, finance, commodities, gov, africa, latam, asia, energy, thinktanks, crisis, layoffs; `tech` reads tech, ai, startups, security, policy, cloud, finance, ... ; `finance` markets, forex, bonds, crypto, centralbanks, economic, ...; `commodity` energy, markets, finance, gold-silver, ...; `happy` positive, science, nature, inspiring, community (the full lists: `src/services/news/feeds.ts`). Tier 1 most trusted; `lang` a tag such as `en` or `pt-br`, default `en`",
    ),
    // live push (GET /api/stream, the tRPC stream.changes subscription)
    STREAM_HEARTBEAT_MS: z.coerce
      .number()
      .int()
      .min(10)
      .max(300_000)
      .default(15_000)
      .describe(
        'how often an open event stream gets a comment line, so proxies keep it open (and a revoked key is noticed without a change)',
      ),
    STREAM_RETRY_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(600_000)
      .default(2_000)
      .describe('the `retry:` hint (ms) an event stream gets when the server closes it on shutdown'),
    // shipping v2 webhooks
    WEBHOOK_DELIVERY: z
      .enum(['on', 'off'])
      .default('on')
      .describe('`on` sends signed chokepoint-disruption events to registered shipping webhooks; `off` sends nothing'),
    WEBHOOK_MAX_PER_ACCOUNT: z.coerce
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(10)
      .describe('most webhook registrations one account may hold'),
    WEBHOOK_MAX_ATTEMPTS: z.coerce
      .number()
      .int()
      .min(1)
      .max(20)
      .default(6)
      .describe('delivery attempts per event before it is marked failed'),
    WEBHOOK_RETRY_BASE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(3_600_000)
      .default(30_000)
      .describe('wait before the second delivery attempt, doubled for each later one'),
    WEBHOOK_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(60_000)
      .default(10_000)
      .describe('deadline of one delivery attempt'),
    // Intelligence feeds
    OREF_ALERTS_URL: optional(z.url({ protocol: /^https?$/ })).describe(
      'live Home Front Command alerts document (OREF `alerts.json` shape, e.g. through a relay with Israeli access); unset, `list-oref-alerts` answers its history with `configured:false`',
    ),
    X_BEARER_TOKEN: optional(z.string().min(1)).describe(
      "X API v2 bearer token (paid tier): `intelligence.x-posts` then reads the followed accounts' timelines; unset, `list-x-feed` replays the bundled capture with `enabled:false`",
    ),
    TELEGRAM_RELAY_URL: optional(z.url({ protocol: /^https?$/ })).describe(
      'root of a relay running the Telegram MTProto client (it holds `TELEGRAM_API_ID`/`TELEGRAM_API_HASH`/session) and serving `/telegram/feed?limit=200` as the published relay does: `{items: [{id, channel, channelTitle, url, ts, text, topic}]}`. Unset, `list-telegram-feed` answers `enabled:false`, no messages and `error:"TELEGRAM_RELAY_URL not configured"` (no-store), even with the bundled capture loaded',
    ),
    TELEGRAM_RELAY_TOKEN: optional(z.string().min(1)).describe('bearer token for that relay, if it asks for one'),
    // intelligence energy profiles
    ENTSO_E_TOKEN: optional(z.string().min(1)).describe(
      'ENTSO-E Transparency Platform security token (free on registration, sent as `securityToken`) for the day-ahead electricity prices in country energy profiles',
    ),
    // Scale-out: Redis
    REDIS_URL: optional(z.url({ protocol: /^rediss?$/ })).describe(
      '`redis://host:port[/db]` or `rediss://` (TLS): rate limits, key revocations and snapshot-change notices shared by every node through this Redis (see "Shared Redis" below); unset, each process keeps them to itself',
    ),
    REDIS_PASSWORD: optional(z.string().min(1)).describe(
      'Redis `AUTH` password; wins over one written in `REDIS_URL` (put it here so logs redact it)',
    ),
    REDIS_COMMAND_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(10)
      .max(10_000)
      .default(200)
      .describe(
        'a Redis command unanswered this long fails and the request takes the degraded path; a closed connection fails at once',
      ),
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:._-]{0,64}$/, 'must be up to 64 of [A-Za-z0-9:._-]')
      .default('mds:')
      .describe('prefix of every Redis key and channel, so deployments can share a server'),
    // Scale-out: PostgreSQL
    DATABASE_URL: optional(
      z.string().regex(/^postgres(ql)?:\/\/\S+$/i, 'must be a postgres:// or postgresql:// URL'),
    ).describe(
      "`postgres://user:password@host:5432/db`: snapshots and ingestion move to that PostgreSQL database (migrated from `migrations-pg/` on start, every published snapshot decoded before listening, other nodes' swaps seen within `SNAPSHOT_POLL_MS`); each dataset is ingested by one node at a time (advisory lock; the others skip it). Unset: everything stays in `DATABASE_PATH`. Its password is redacted like any credential",
    ),
  })
  .superRefine((c, ctx) => {
    if (c.LLM_BASE_URL && !c.LLM_MODEL)
      ctx.addIssue({ code: 'custom', path: ['LLM_MODEL'], message: 'is required when LLM_BASE_URL is set' });
  });

export type Config = z.infer<typeof ConfigSchema>;

/** Every variable the configuration reads (for redaction tests and tooling). */
export const CONFIG_VARIABLES = Object.keys(ConfigSchema.shape) as (keyof Config)[];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * Reads `.env` in `dir` (the working directory) when there is one, into `env`: a variable already in
 * the environment is never overridden, so the shell and the supervisor win over the file. Returns the
 * file read, or undefined. Node's own parser (`util.parseEnv`), no dependency.
 */
export function readDotEnv(dir: string = process.cwd(), env: NodeJS.ProcessEnv = process.env): string | undefined {
  const file = path.join(dir, '.env');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`cannot read ${file}: ${(e as Error).message}`);
  }
  for (const [name, value] of Object.entries(parseEnv(text))) if (env[name] === undefined) env[name] = value;
  return file;
}

/** The settings the schema parses into another shape; overrides may give them in their environment form. */
const PARSED_SETTINGS = [
  'OPERATOR_KEYS',
  'CORS_ALLOWED_ORIGINS',
  'RATE_POLICY_OVERRIDES',
  'INGEST_CADENCE_OVERRIDES',
] as const;
type ParsedSetting = (typeof PARSED_SETTINGS)[number];

/** Overrides of a test config: typed values, or the environment's string for a parsed setting. */
export type ConfigOverrides = { [K in keyof Config]?: K extends ParsedSetting ? Config[K] | string : Config[K] };

/** A config for tests and tools: defaults plus explicit overrides, never the ambient env. */
export function testConfig(overrides: ConfigOverrides = {}): Config {
  const config = { ...ConfigSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides } as Record<
    string,
    unknown
  >;
  // A parsed setting given as the environment would give it is parsed as at start-up (a bad one throws).
  for (const name of PARSED_SETTINGS)
    if (typeof config[name] === 'string') config[name] = ConfigSchema.shape[name].parse(config[name]);
  return config as Config;
}
