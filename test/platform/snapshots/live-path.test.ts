import fs from 'node:fs';
import path from 'node:path';
import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client.js';
import { testConfig, type Config, type ConfigOverrides } from '../../../src/config.js';
import { createDeps } from '../../../src/deps.js';
import { ManualClock } from '../../../src/platform/clock.js';
import { datasetCatalogue } from '../../../src/platform/snapshots/catalogue.js';
import type { AnyDataset, DatasetSource } from '../../../src/platform/snapshots/dataset.js';
import { isRequestLog, readRequestLog } from '../../../src/platform/snapshots/request-log.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { ALL_DATASETS, findDataset } from '../../../src/root/datasets.js';
import type { AppDeps } from '../../../src/trpc/context.js';
import { SAMPLE_NOW, tempDbFile } from '../../support/app.js';
import { replaying, startUpstream, type Upstream } from '../../support/upstream.js';

/**
 * Every dataset fetched from an upstream (`live`, and `relay` with its relay configured) is
 * ingested through its live code path from a local upstream that answers only the upstream's real
 * requests, at the real path and query, with the dataset's bundled sample. It must publish as many
 * rows as `mds ingest --samples` does, and ask for exactly those requests. Generated from
 * `mds datasets`: a dataset whose kind changes joins or leaves the list by itself.
 */

/**
 * How each upstream takes the configuration a source requires (from the upstreams' API
 * documentation): a credential in a query parameter, a request header or a path segment (several
 * places separated by spaces); an operator's address (`address`); or a setting that is no
 * credential at all (`flag`).
 */
const REQUIREMENTS: Record<string, string> = {
  ACLED_ACCESS_TOKEN: 'header:authorization',
  AVIATIONSTACK_API_KEY: 'query:access_key',
  CLOUDFLARE_RADAR_TOKEN: 'header:authorization',
  EIA_API_KEY: 'query:api_key',
  ENTSO_E_TOKEN: 'query:securityToken',
  FINNHUB_API_KEY: 'header:x-finnhub-token',
  FIRMS_MAP_KEY: 'path',
  FRED_API_KEY: 'query:api_key',
  HAPI_APP_IDENTIFIER: 'query:app_identifier',
  ICAO_API_KEY: 'query:api_key',
  OPENAQ_API_KEY: 'header:x-api-key',
  RELIEFWEB_APPNAME: 'query:appname',
  USDA_FAS_PSD_API_KEY: 'header:x-api-key',
  USPTO_API_KEY: 'header:x-api-key',
  WINDY_API_KEY: 'header:x-windy-api-key',
  WTO_API_KEY: 'header:ocp-apim-subscription-key',
  X_BEARER_TOKEN: 'header:authorization',
  CONSUMER_PRICES_OBSERVATIONS_URL: 'address',
  GROCERY_OBSERVATIONS_URL: 'address',
  RELAY_URL: 'address',
  RELAY_SHARED_SECRET: 'header:x-relay-key header:authorization',
  TELEGRAM_RELAY_URL: 'address',
  TELEGRAM_RELAY_TOKEN: 'header:authorization',
  SGE_BENCHMARK_LICENSED: 'flag',
};

/**
 * Datasets whose live path cannot be replayed from their sample, each with the reason. Kept short
 * and counted below: an entry here is a dataset whose live path this test does not exercise.
 */
const NOT_REPLAYABLE: Record<string, string> = {
  'intelligence.regime-history':
    'a history that grows by ingestion: its `seed` source has no upstream (its live fetch reads the bundled file), so there is no request to replay',
  'market.hyperliquid-flow':
    "accumulates poll by poll: the sample is sixteen successive polls of both dexes, one live poll is one of them, so the rows of one replayed poll are not the sample's",
  'climate.zone-normals':
    'its sample is the normals computed from 30 years of daily ERA5 values per zone (13 archive answers of about 11,000 days for two zones each), not those answers; the normals computation is tested on a hand-made archive document',
  'intelligence.x-posts':
    'the sample is a capture the operations present as one (`live: false`); replaying the live requests would present it as live timelines',
};

const entries = datasetCatalogue(ALL_DATASETS, testConfig()).filter((e) => e.kind === 'live' || e.kind === 'relay');
const required = [...new Set(entries.flatMap((e) => e.sources.flatMap((s) => s.requires)))].sort();

let upstream: Upstream;
let live: AppDeps;
let samples: AppDeps;
let liveClock: ManualClock;
let samplesClock: ManualClock;
/** Credential stand-in value -> the variable it stands for. */
let credentials: Map<string, string>;
const files: string[] = [];

function openAt(config: ConfigOverrides, clock: ManualClock): AppDeps {
  const file = tempDbFile();
  files.push(file);
  return createDeps(testConfig({ DATABASE_PATH: file, SNAPSHOT_POLL_MS: 0, ...config }), {
    clock,
    db: openDatabase(file),
  });
}

beforeAll(async () => {
  upstream = await startUpstream();
  // Every variable a source requires gets a stand-in: a credential its own name, an address the local server.
  const settings: Record<string, string> = {};
  for (const name of required) {
    const how = REQUIREMENTS[name];
    if (how === undefined) continue;
    settings[name] = how === 'address' ? upstream.origin : how === 'flag' ? 'true' : name;
  }
  // Stand-in value -> variable, for the credentials (not the addresses or flags) a request may carry.
  credentials = new Map(
    Object.entries(settings)
      .filter(([name]) => /^(query|header|path)/.test(REQUIREMENTS[name]!))
      .map(([name, value]) => [value, name]),
  );
  liveClock = new ManualClock(SAMPLE_NOW);
  samplesClock = new ManualClock(SAMPLE_NOW);
  live = openAt(
    { ...(settings as ConfigOverrides), UPSTREAM_BASE_OVERRIDE: upstream.origin, UPSTREAM_RETRIES: 0 },
    liveClock,
  );
  // `mds ingest --samples` as a new user runs it: no credentials, no relay.
  samples = openAt({}, samplesClock);
});

afterAll(async () => {
  for (const deps of [live, samples]) {
    if (!deps) continue;
    await deps.store.close();
    deps.db.$client.close();
  }
  await upstream?.close();
  for (const f of files) fs.rmSync(path.dirname(f), { recursive: true, force: true });
});

/** A request as the upstream sees it: `path?query`, and ` body` for a POST. */
function requestKey(address: string, body?: string): string {
  const u = new URL(address);
  return u.pathname + u.search + (body === undefined ? '' : ` ${body}`);
}

/**
 * Takes the credential stand-ins out of a request (query parameters whose value is one, path
 * segments equal to one) and says where each was found.
 */
function withoutCredentials(key: string, found?: Set<string>): string {
  const space = key.indexOf(' ');
  const target = space === -1 ? key : key.slice(0, space);
  const rest = space === -1 ? '' : key.slice(space);
  const q = target.indexOf('?');
  const pathname = (q === -1 ? target : target.slice(0, q))
    .split('/')
    .map((segment) => {
      const name = credentials.get(decodeURIComponent(segment));
      if (name === undefined) return segment;
      found?.add(`${name} path`);
      return `{${name}}`;
    })
    .join('/');
  if (q === -1) return pathname + rest;
  const params = target
    .slice(q + 1)
    .split('&')
    .filter((pair) => {
      const eq = pair.indexOf('=');
      const value = eq === -1 ? '' : decodeURIComponent(pair.slice(eq + 1).replaceAll('+', ' '));
      const name = credentials.get(value);
      if (name === undefined) return true;
      found?.add(`${name} query:${decodeURIComponent(pair.slice(0, eq))}`);
      return false;
    });
  return pathname + (params.length ? `?${params.join('&')}` : '') + rest;
}

/**
 * The address a single-request source asks for at `now`, as `mds datasets` documents it; a relay's
 * starts with the `$VARIABLE` of its configured address.
 */
function addressOf(source: DatasetSource, now: number, config: Config): string {
  if (source.urlAt) return source.urlAt(now, config);
  return source.url!.replace(/^\$([A-Z0-9_]+)/, (_, name: string) =>
    String(config[name as keyof Config] ?? '').replace(/\/$/, ''),
  );
}

/**
 * What the local upstream answers for one dataset, in the order the runner asks (sources in turn),
 * and the requests the live path must make.
 */
function recorded(dataset: AnyDataset, now: number): { answers: Map<string, (Buffer | number)[]>; expected: string[] } {
  const answers = new Map<string, (Buffer | number)[]>();
  const expected: string[] = [];
  const answer = (key: string, bytes: Buffer | number) => {
    const k = withoutCredentials(key);
    answers.set(k, [...(answers.get(k) ?? []), bytes]);
    expected.push(k);
  };
  for (const source of Object.values(dataset.sources)) {
    // A reference source is a file of db/reference/, read rather than requested.
    if (source.reference) continue;
    const sample = path.join(SAMPLES_DIR, source.sample);
    if (isRequestLog(source.sample)) {
      for (const { request, answer: bytes } of readRequestLog(sample))
        answer(requestKey(request.url, request.body), bytes);
    } else {
      answer(requestKey(addressOf(source, now, live.config)), fs.readFileSync(sample));
    }
  }
  return { answers, expected };
}

describe('every live dataset ingests its sample through its live path', () => {
  it('lists every variable a source requires with the way its upstream takes it', () => {
    expect(required.filter((n) => REQUIREMENTS[n] === undefined)).toEqual([]);
  });

  it('names few datasets whose live path cannot be replayed, each with its reason', () => {
    expect(Object.keys(NOT_REPLAYABLE).filter((n) => findDataset(n) === undefined)).toEqual([]);
    expect(Object.keys(NOT_REPLAYABLE).length).toBeLessThanOrEqual(5);
  });

  it.each(entries.filter((e) => NOT_REPLAYABLE[e.name] === undefined).map((e) => [e.name, e] as const))(
    '%s',
    async (name, entry) => {
      const dataset = findDataset(name)!;
      const now = entry.sampleCapturedAt ? Date.parse(entry.sampleCapturedAt) : SAMPLE_NOW;
      liveClock.set(now);
      samplesClock.set(now);
      const fromSamples = await samples.runner.run(dataset, { origin: { kind: 'samples' } });
      expect(fromSamples.error).toBeUndefined();

      const { answers, expected } = recorded(dataset, now);
      const asked: { key: string; headers: IncomingHttpHeaders }[] = [];
      const found = new Set<string>();
      upstream.play(replaying(answers, asked, (key) => withoutCredentials(key, found)));
      const fromLive = await live.runner.run(dataset, { origin: { kind: 'live' } });

      // One comparison, so a failure shows the live error and the requests side by side.
      expect({
        error: fromLive.error,
        missingSources: fromLive.partialSources,
        rows: fromLive.recordCount,
        requests: asked.map((a) => a.key).sort(),
      }).toEqual({
        error: undefined,
        missingSources: undefined,
        rows: fromSamples.recordCount,
        requests: [...expected].sort(),
      });

      // Each credential travels where its upstream takes it, under the upstream's own name.
      for (const a of asked)
        for (const [header, value] of Object.entries(a.headers))
          for (const [stand, variable] of credentials)
            if (String(value).includes(stand)) found.add(`${variable} header:${header}`);
      const needs = [...new Set(entry.sources.flatMap((s) => s.requires))].filter((n) =>
        /^(query|header|path)/.test(REQUIREMENTS[n]!),
      );
      expect([...found].sort()).toEqual(
        needs.flatMap((n) => REQUIREMENTS[n]!.split(' ').map((at) => `${n} ${at}`)).sort(),
      );
    },
  );
});
