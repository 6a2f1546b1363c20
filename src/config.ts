import { z } from 'zod';
import path from 'node:path';
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
const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_PATH: z.string().min(1).default(path.join('data', 'mds.db')),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** How often (ms) a request may look for snapshot swaps written by another process. */
    SNAPSHOT_POLL_MS: z.coerce.number().int().min(0).default(1000),
    /** Deadline of each batch sub-operation. */
    BATCH_OPERATION_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(10_000),
    /** Deadline of each outbound upstream request (headers and whole body), per attempt. */
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
    /** Overall deadline of one dataset's live refresh: every request, retry and wait of all its sources. */
    UPSTREAM_DATASET_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
    /** Largest upstream response body read, in bytes; a larger one is aborted while streaming. */
    UPSTREAM_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(50 * 1024 * 1024),
    /** Further attempts after a transient failure (429, 5xx, connection reset or refused, timeout). */
    UPSTREAM_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
    /** First retry waits about this long (jittered), doubling per attempt, unless Retry-After says otherwise. */
    UPSTREAM_RETRY_BASE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    /** Overrides for live upstream URLs, mainly so tests can point a fetcher at a local server. */
    UPSTREAM_BASE_OVERRIDE: z.string().optional(),
    /** Load the bundled samples when the database holds no snapshot yet. */
    LOAD_SAMPLES: z.enum(['auto', 'never']).default('auto'),
    /** Operator-issued enterprise keys (tier 3), comma-separated; compared in constant time. Never logged. */
    OPERATOR_KEYS: parsed(parseOperatorKeyList),
    /** HMAC secret for browser-session tokens; when unset one is generated once and kept in the database. */
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Lifetime of a browser session minted by POST /api/session. */
    SESSION_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(30 * 86_400)
      .default(12 * 3600),
    /**
     * Browser origins allowed to call the API, comma-separated (`https://app.example.com`, or
     * `https://*.example.com` for its subdomains). Outside production localhost origins are also allowed.
     */
    CORS_ALLOWED_ORIGINS: parsed(parseOriginList),
    /** Per-minute overrides of the endpoint rate policies, `batch=30,list-market-quotes=60`. */
    RATE_POLICY_OVERRIDES: parsed(parsePolicyOverrides),
    /**
     * How often rate-limit counts decided in memory are written to SQLite: a hard kill loses at most
     * the decisions of one interval (README). Keep in step with DEFAULT_FLUSH_MS.
     */
    RATE_LIMIT_FLUSH_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
    /** On first start with no key outside production, create a local development key (`never` to skip). */
    DEV_KEY: z.enum(['auto', 'never']).default('auto'),
    /**
     * 0 (the default) turns the in-process refresh scheduler off. Otherwise it runs, and this is the
     * shortest time between two refreshes of one dataset: each dataset refreshes on its own cadence
     * (`mds datasets` shows it) or on this one, whichever is longer.
     */
    INGEST_INTERVAL_MINUTES: z.coerce
      .number()
      .min(0)
      .max(7 * 24 * 60)
      .default(0),
    /** Per-dataset refresh cadences in minutes that replace the datasets' own, `seismology.earthquakes=5,news.feeds=15`. */
    INGEST_CADENCE_OVERRIDES: parsed(parseCadenceOverrides),
    /** On SIGTERM, how long in-flight requests may take before their connections are closed. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    /** A client must finish sending its request headers within this time (slowloris defence). */
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
    /** A client must finish sending its whole request within this time; at least the headers timeout. */
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    /** `true` serves /metrics without a credential (for a scraper on a private network); otherwise operator keys only. */
    METRICS_PUBLIC: z.enum(['true', 'false']).default('false'),
    /** Responses larger than this many bytes are compressed (brotli or gzip, as the client accepts). */
    COMPRESSION_THRESHOLD_BYTES: z.coerce.number().int().min(0).default(1024),
    /** Commit reported by /api/version; when unset, `git rev-parse HEAD` is tried once at start. */
    GIT_COMMIT: optional(z.string().regex(/^[0-9a-f]{7,64}$/i, 'must be a hex commit id')),
    /** Build time reported by /api/version (ISO 8601), set by whatever builds the image. */
    BUILD_TIME: optional(z.iso.datetime({ offset: true })),
    /** Finnhub token: list-market-quotes fills symbols missing from the snapshot live when set. */
    FINNHUB_API_KEY: optional(z.string().min(1)),
    /** AviationStack access key: live get-flight-status lookups and the flights dataset. */
    AVIATIONSTACK_API_KEY: optional(z.string().min(1)),
    /** Cloudflare Radar API token (Bearer) for the internet-outages dataset. */
    CLOUDFLARE_RADAR_TOKEN: optional(z.string().min(1)),
    /** ACLED API access token (Bearer) for the ACLED conflict and unrest datasets. */
    ACLED_ACCESS_TOKEN: optional(z.string().min(1)),
    /** UCDP API access token (`x-ucdp-access-token`) for the UCDP events dataset. */
    UCDP_ACCESS_TOKEN: optional(z.string().min(1)),
    // economic
    /** FRED API key (free): the FRED series dataset (rates, labour, prices, stress inputs). */
    FRED_API_KEY: optional(z.string().min(1)),
    /** EIA API v2 key (free): energy prices, inventories, storage and generating capacity. */
    EIA_API_KEY: optional(z.string().min(1)),
    /** GIE AGSI+ key (free, `x-key` header; optional for light use): EU gas storage. */
    GIE_API_KEY: optional(z.string().min(1)),
    /** IMF data API subscription key (optional, `Ocp-Apim-Subscription-Key`): WEO national debt inputs. */
    IMF_API_KEY: optional(z.string().min(1)),
    // Platform state: model provider, jobs, archive
    /** OpenAI-compatible API root (`https://host/v1`); unset turns model-written text and embeddings off. */
    LLM_BASE_URL: optional(z.url({ protocol: /^https?$/ })),
    /** Bearer token of the model provider (optional: local servers often need none). Never logged. */
    LLM_API_KEY: optional(z.string().min(1)),
    /** Chat model name sent with every completion; required when LLM_BASE_URL is set. */
    LLM_MODEL: optional(z.string().min(1)),
    /** Embeddings model name; embeddings stay off without it. */
    EMBEDDINGS_MODEL: optional(z.string().min(1)),
    /** Deadline of each call to the model provider. */
    LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    /**
     * Largest chat completion accepted, in bytes of its text (UTF-8); a longer answer fails like an
     * unavailable model (the deterministic method answers, nothing is cached).
     */
    LLM_MAX_ANSWER_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(1024 * 1024)
      .default(64 * 1024),
    /** How long a model answer is reused for the same input. */
    LLM_CACHE_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(365 * 24 * 60)
      .default(24 * 60),
    /** Most cached model answers kept (oldest dropped first). */
    LLM_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(10_000),
    /** Jobs the in-process worker runs at the same time. */
    JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    /** Finished (done or failed) jobs are kept this long, then deleted. */
    JOBS_RETENTION_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(365 * 24)
      .default(7 * 24),
    /**
     * How often the worker deletes expired jobs and, on PostgreSQL, re-queues the running jobs of a
     * dead node: the bound on that recovery (README). Keep in step with DEFAULT_SWEEP_MS.
     */
    JOBS_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
    /** Archive documents older than this (by their date) are deleted. */
    ARCHIVE_RETENTION_DAYS: z.coerce
      .number()
      .int()
      .min(1)
      .max(100 * 365)
      .default(365),
    /** Most archive documents kept; the oldest go first. */
    ARCHIVE_MAX_DOCUMENTS: z.coerce.number().int().min(1).default(200_000),
    // request path
    /** Longest the serving process waits for another process's write lock: sqlite waits synchronously, so this is event-loop time. */
    DB_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).max(1000).default(20),
    // military
    /** Wingbits customer API key: aircraft details from Wingbits instead of the open registry sample. */
    WINGBITS_API_KEY: optional(z.string().min(1)),
    /** USPTO Open Data Portal key (`x-api-key`) for the defense patents dataset. */
    USPTO_API_KEY: optional(z.string().min(1)),
    // aviation (operations summary, fares)
    /** ICAO API Data Service key for the NOTAM dataset. */
    ICAO_API_KEY: optional(z.string().min(1)),
    /** Travelpayouts Data API token (`X-Access-Token`): live search-flight-prices. */
    TRAVELPAYOUTS_API_TOKEN: optional(z.string().min(1)),
    /** Base URL of the live relay (Google Flights searches, YouTube live status, AIS vessel snapshot, aircraft tracks). */
    RELAY_URL: optional(z.url()),
    /** Shared secret the relay expects (`x-relay-key` and Bearer). */
    RELAY_SHARED_SECRET: optional(z.string().min(1)),
    // environment and infrastructure catalogue (wildfire, webcam, infrastructure geo)
    /** NASA FIRMS MAP_KEY for the fire-detections dataset (it is part of the request path). */
    FIRMS_MAP_KEY: optional(z.string().min(1)),
    /** Windy Webcams API key (`x-windy-api-key`): the webcam list and live webcam images. */
    WINDY_API_KEY: optional(z.string().min(1)),
    /** OpenAQ v3 API key (`X-API-Key`) for the air-quality dataset. */
    OPENAQ_API_KEY: optional(z.string().min(1)),
    /** Base URL of a Nominatim-compatible reverse geocoder; unset means the bundled gazetteer answers alone. */
    REVERSE_GEOCODER_URL: optional(z.url()),
    /** ReliefWeb API application name (approved per use) for the climate disasters dataset. */
    RELIEFWEB_APPNAME: optional(z.string().min(1)),
    /** Header a trusted proxy puts the client address in (`x-forwarded-for`, `cf-connecting-ip`); unset means the socket address. */
    CLIENT_IP_HEADER: optional(z.string().regex(/^[a-z0-9-]{1,64}$/i, 'must be a header name')),
    // market
    /** CoinGecko Pro key (pro-api host); the coin-markets dataset uses the keyless public API without either key. */
    COINGECKO_API_KEY: optional(z.string().min(1)),
    /** CoinGecko Demo key (public host, higher limits than keyless). */
    COINGECKO_DEMO_API_KEY: optional(z.string().min(1)),
    /** `true` where the Shanghai Gold Exchange benchmark redistribution licence is held: live SGE ingestion for get-physical-premiums. */
    SGE_BENCHMARK_LICENSED: optional(z.enum(['true', 'false'])),
    // Trade, sanctions
    /** WTO Timeseries API subscription key (`Ocp-Apim-Subscription-Key`) for the WTO tariff and trade dataset. */
    WTO_API_KEY: optional(z.string().min(1)),
    /** OpenSanctions API key: lookup-sanction-entity asks OpenSanctions live when set, otherwise the OFAC snapshot answers. */
    OPENSANCTIONS_API_KEY: optional(z.string().min(1)),
    // Conflict (humanitarian summaries)
    /** HDX HAPI app identifier (base64 of `application:email`, not a secret) for the humanitarian conflict-events dataset. */
    HAPI_APP_IDENTIFIER: optional(z.string().min(1)),
    // Consumer prices
    /** Where an operator-run collector publishes price observations (CSV, bundled layout); unset, consumer prices are unavailable. */
    CONSUMER_PRICES_OBSERVATIONS_URL: optional(z.url({ protocol: /^https?$/ })),
    // Grocery basket
    /** Where an operator-run collector publishes grocery shelf-price observations (CSV, bundled layout); unset, the basket is unavailable. */
    GROCERY_OBSERVATIONS_URL: optional(z.url({ protocol: /^https?$/ })),
    // news
    /** USDA FAS API key for the PSD food stocks dataset (resilience get-food-stocks). */
    USDA_FAS_PSD_API_KEY: optional(z.string()),
    /** Feeds of list-feed-digest: comma-separated `category|name|url[|tier[|lang]]`; unset means the built-in list. */
    NEWS_FEEDS: optional(z.string()),
    // shipping v2 webhooks
    /** `on` sends chokepoint-disruption events to registered webhooks; `off` records nothing and sends nothing. */
    WEBHOOK_DELIVERY: z.enum(['on', 'off']).default('on'),
    /** Most webhook registrations one account may hold. */
    WEBHOOK_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(10),
    /** Attempts per event before it is marked failed. */
    WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
    /** Wait before the second attempt; doubled for each one after. */
    WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    /** Deadline of one delivery attempt. */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    // Intelligence feeds
    /** Address of a live alerts document in OREF's alerts.json shape (OREF itself, or a relay that can reach it); unset keeps list-oref-alerts to its history. */
    OREF_ALERTS_URL: optional(z.url({ protocol: /^https?$/ })),
    /** X API v2 bearer token (a paid tier) for the followed accounts' timelines; unset, list-x-feed replays its capture. */
    X_BEARER_TOKEN: optional(z.string().min(1)),
    /** Root of a relay running the Telegram MTProto client (TELEGRAM_API_ID/HASH + session live there) that serves `/telegram/feed`. */
    TELEGRAM_RELAY_URL: optional(z.url({ protocol: /^https?$/ })),
    /** Bearer token the Telegram relay expects, if any. Never logged. */
    TELEGRAM_RELAY_TOKEN: optional(z.string().min(1)),
    // intelligence energy profiles
    /** ENTSO-E Transparency Platform security token for the day-ahead electricity price dataset. Never logged. */
    ENTSO_E_TOKEN: optional(z.string().min(1)),
    // Scale-out: Redis
    /** `redis://host:port[/db]` (or `rediss://` for TLS): rate limits, key revocations and snapshot notices shared by every node; unset keeps them in this process. */
    REDIS_URL: optional(z.url({ protocol: /^rediss?$/ })),
    /** Redis AUTH password; wins over one in REDIS_URL (kept here so it is redacted by value). Never logged. */
    REDIS_PASSWORD: optional(z.string().min(1)),
    /** A Redis command not answered within this time fails, and the caller degrades (a stalled server must not hold requests). */
    REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(200),
    /** Prefix of every Redis key and channel, so several deployments can share one server. */
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:._-]{0,64}$/, 'must be up to 64 of [A-Za-z0-9:._-]')
      .default('mds:'),
    // Scale-out: PostgreSQL
    /** `postgres://user:password@host:5432/db`: snapshots and ingestion live there, shared by every node (each dataset ingested by one node at a time); unset keeps everything in DATABASE_PATH. */
    DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\/\S+$/i, 'must be a postgres:// or postgresql:// URL')),
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
