import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { startTestApp, type TestApp } from '../../support/app.js';
import { sampleAsFetched, startUpstream, type Upstream } from '../../support/upstream.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  comtradeFlowsDataset,
  COMTRADE_REPORTERS,
  COMTRADE_REQUESTS,
  COMTRADE_STRATEGIC_CODES,
  SUPPLY_CHAIN_CODES,
  SUPPLY_CHAIN_IMPORTERS,
} from '../../../src/services/trade/datasets/comtrade-flows.js';
import { customsRevenueDataset } from '../../../src/services/trade/datasets/customs-revenue.js';
import { WTO, wtoIndicatorsDataset } from '../../../src/services/trade/datasets/wto-indicators.js';

// The Comtrade sample is the per-(reporter, code) answers, joined by the dataset's own fetch as live.
const COMTRADE = await sampleAsFetched(comtradeFlowsDataset.sources.preview!);

const sample = (f: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'trade', f));
let upstream: Upstream;
let app: TestApp;

beforeAll(async () => {
  upstream = await startUpstream();
  app = await startTestApp({
    samples: [wtoIndicatorsDataset, customsRevenueDataset],
    config: { UPSTREAM_BASE_OVERRIDE: upstream.origin, UPSTREAM_RETRIES: 0 },
  });
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

describe('WTO live ingestion', () => {
  it('refuses without WTO_API_KEY before any request, and the sample keeps serving', async () => {
    upstream.play((_req, res) => res.writeHead(500).end());
    const r = await app.deps.runner.run(wtoIndicatorsDataset, { origin: { kind: 'live' } });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/needs WTO_API_KEY/);
    expect(upstream.seen).toHaveLength(0);
    expect((await app.get('/api/trade/v1/get-trade-restrictions')).body.restrictions.length).toBe(10);
  });

  it('sends the subscription key and reads one answer per indicator', async () => {
    const keyed = await startTestApp({
      samples: 'none',
      config: { UPSTREAM_BASE_OVERRIDE: upstream.origin, UPSTREAM_RETRIES: 0, WTO_API_KEY: 'wto-test-key' },
    });
    try {
      upstream.play((_req, res, url) =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(sample(`wto-${url.searchParams.get('i')!.toLowerCase()}.json`)),
      );
      expect(await keyed.deps.runner.run(wtoIndicatorsDataset, { origin: { kind: 'live' } })).toMatchObject({
        ok: true,
      });
      expect(upstream.seen.map((s) => new URL(s.path, 'http://x').searchParams.get('i')).sort()).toEqual(
        Object.values(WTO).sort(),
      );
      for (const s of upstream.seen) expect(s.headers['ocp-apim-subscription-key']).toBe('wto-test-key');
      expect((await keyed.get('/api/trade/v1/get-trade-flows')).body.flows).toHaveLength(6);
    } finally {
      await keyed.close();
    }
  });
});

describe('Comtrade live ingestion', () => {
  it('asks once per reporter and HS code and combines the answers', async () => {
    const rows = JSON.parse(COMTRADE.toString()).data as {
      reporterCode: number;
      cmdCode: string;
    }[];
    upstream.play((_req, res, url) => {
      const data = rows.filter(
        (r) =>
          String(r.reporterCode) === url.searchParams.get('reporterCode') &&
          r.cmdCode === url.searchParams.get('cmdCode'),
      );
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ count: data.length, data, error: '' }));
    });
    expect(await app.deps.runner.run(comtradeFlowsDataset, { origin: { kind: 'live' } })).toMatchObject({
      ok: true,
      recordCount: rows.length,
    });
    // The strategic codes of the followed reporters plus the supply-chain importers' codes, each pair once
    // (China and India ask for LNG in both lists).
    expect(upstream.seen).toHaveLength(COMTRADE_REQUESTS.length);
    expect(COMTRADE_REQUESTS.length).toBe(
      COMTRADE_REPORTERS.length * COMTRADE_STRATEGIC_CODES.length +
        SUPPLY_CHAIN_IMPORTERS.length * SUPPLY_CHAIN_CODES.length -
        2,
    );
    expect(upstream.seen[0].path).toMatch(
      /^\/public\/v1\/preview\/C\/A\/HS\?reporterCode=842&cmdCode=8542&flowCode=X%2CM&period=\d{4}%2C\d{4}&includeDesc=true$/,
    );
  });

  it('a failing answer keeps the last snapshot serving', async () => {
    const before = (await app.get('/api/trade/v1/list-comtrade-flows')).body;
    upstream.play((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"error":"Too many requests"}'),
    );
    const r = await app.deps.runner.run(comtradeFlowsDataset, { origin: { kind: 'live' } });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/Too many requests/);
    expect((await app.get('/api/trade/v1/list-comtrade-flows')).body).toEqual(before);
  });
});

describe('Treasury bad feed', () => {
  it('keeps the last customs snapshot when FiscalData answers an error body', async () => {
    const before = (await app.get('/api/trade/v1/get-customs-revenue')).body;
    const r = await app.deps.runner.run(customsRevenueDataset, {
      origin: {
        kind: 'bytes',
        payloads: { mts: Buffer.from('{"error":"Invalid Query Param","message":"Invalid filter"}') },
      },
    });
    expect(r.ok).toBe(false);
    expect((await app.get('/api/trade/v1/get-customs-revenue')).body).toEqual(before);
  });
});
