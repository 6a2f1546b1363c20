import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { buildFlow, hyperliquidFlowDataset } from '../../../../src/services/market/flows/datasets/hyperliquid-flow.js';
import {
  alertsFor,
  BASELINE_POLLS,
  HL_ASSETS,
  scoreSample,
  type Sample,
} from '../../../../src/services/market/flows/hyperliquid-rules.js';
import { parseMetaAndAssetCtxs } from '../../../../src/sources/hyperliquid/info.js';

const PATH = '/api/market/v1/get-hyperliquid-flow';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [hyperliquidFlowDataset] });
});
afterAll(() => app.close());

type Asset = { symbol: string; [k: string]: unknown };
const find = (b: { assets: Asset[] }, s: string) => b.assets.find((a) => a.symbol === s)!;

describe('GET get-hyperliquid-flow', () => {
  it('serves the 14 assets scored against baselines built from the recorded polls', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({
      unavailable: false,
      warmup: false,
      assetCount: 14,
      ts: '1795175700000',
      fetchedAt: '2026-11-20T11:55:00.000Z',
    });
    expect(b.assets.map((a: Asset) => a.symbol)).toEqual(HL_ASSETS.map((a) => a.symbol));
    const btc = find(b, 'BTC');
    expect(btc).toMatchObject({
      display: 'BTC',
      assetClass: 'crypto',
      group: 'crypto',
      warmup: false,
      stale: false,
      staleSince: '0',
      alerts: [],
    });
    expect(btc.markPx).toMatch(/^\d+(\.\d+)?$/);
    expect((btc.sparkScore as number[]).length).toBe(16);
    // SOL: funding spike, open interest up 21% in two polls and a volume surge.
    const sol = find(b, 'SOL');
    expect(sol).toMatchObject({ fundingScore: 100, oiScore: 100 });
    expect(sol.alerts).toEqual([`HIGH RISK ${Math.round(sol.composite as number)}/100`]);
    // Silver's mark dislocated from its oracle by 2.1%: 70% of the 3% commodity threshold.
    expect(find(b, 'xyz:SILVER').basisScore).toBe(70);
    // Palladium vanished from the last two polls: carried as stale.
    expect(find(b, 'xyz:PALLADIUM')).toMatchObject({
      stale: true,
      missingPolls: 2,
      staleSince: '1795175400000',
      alerts: [],
    });
  });

  it('each ingestion adds a poll: a live POST to both dexes folds into the held state', async () => {
    const bodies: string[] = [];
    const fixture = JSON.stringify([
      { universe: [{ name: 'BTC', szDecimals: 5 }] },
      [{ funding: '0.0000125', openInterest: '30000', markPx: '92000', oraclePx: '92010', dayNtlVlm: '2500000000' }],
    ]);
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        bodies.push(`${req.method} ${req.url} ${req.headers['content-type']} ${body}`);
        res.setHeader('content-type', 'application/json');
        res.end(body.includes('xyz') ? JSON.stringify([{ universe: [] }, []]) : fixture);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const clockStart = Date.UTC(2026, 10, 20, 12, 0);
    const { ManualClock } = await import('../../../../src/platform/clock.js');
    await withTestApp(
      {
        samples: [hyperliquidFlowDataset],
        clock: new ManualClock(clockStart),
        config: { UPSTREAM_BASE_OVERRIDE: origin },
      },
      async (live) => {
        const r = await live.deps.runner.run(hyperliquidFlowDataset, { origin: { kind: 'live' } });
        expect(r.ok, JSON.stringify(r)).toBe(true);
        expect(bodies).toEqual([
          'POST /info application/json {"type":"metaAndAssetCtxs"}',
          'POST /info application/json {"type":"metaAndAssetCtxs","dex":"xyz"}',
        ]);
        const b = (await live.get(PATH)).body;
        expect(b.ts).toBe(String(clockStart));
        expect(find(b, 'BTC')).toMatchObject({ markPx: '92000', stale: false });
        expect((find(b, 'BTC').sparkScore as number[]).length).toBe(17);
        // Every other asset missed this poll; palladium has now missed three and is still carried.
        expect(find(b, 'ETH')).toMatchObject({ stale: true, missingPolls: 1 });
        expect(find(b, 'xyz:PALLADIUM')).toMatchObject({ missingPolls: 3 });
      },
    );
    server.close();
  });

  it('is unavailable and not cached without a state', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ ts: '0', fetchedAt: '', warmup: true, assetCount: 0, assets: [], unavailable: true });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('Hyperliquid state', () => {
  it('a short sequence is warm-up: volume and OI are not scored, no alerts', () => {
    const one = JSON.stringify([
      {
        time: 1,
        default: [
          { universe: [{ name: 'SOL' }] },
          [{ funding: '0.002', openInterest: '1', markPx: '1', oraclePx: '1', dayNtlVlm: '1000000' }],
        ],
      },
    ]);
    const { records } = buildFlow(Buffer.from(one));
    expect(records[0].scores).toMatchObject({ warmup: true, volumeScore: 0, oiScore: 0, fundingScore: 100 });
    expect(alertsFor(records[0].scores)).toEqual([]);
  });

  it('refuses an answer whose contexts do not line up with the universe', () => {
    expect(() => parseMetaAndAssetCtxs([{ universe: [{ name: 'A' }, { name: 'B' }] }, [{}]])).toThrow(/2 assets but 1/);
    expect(() => parseMetaAndAssetCtxs({})).toThrow(/\[meta, assetCtxs\]/);
  });
});

describe('scoreSample', () => {
  const base = (n: number, gapAt = -1): Sample[] =>
    Array.from({ length: n }, (_, i) => ({
      t: i * 300_000 + (i >= gapAt && gapAt >= 0 ? 3_600_000 : 0),
      funding: 0,
      oi: 100,
      mark: 1,
      oracle: 1,
      dayNtl: 1_000_000,
      composite: 0,
    }));
  it.each([
    ['OI up 20% for crypto scores 100', 'crypto', { oi: 120 }, { oiScore: 100 }],
    ['OI up 7.5% for a commodity scores 50', 'commodity', { oi: 107.5 }, { oiScore: 50 }],
    ['volume at 3x for a commodity scores 100', 'commodity', { dayNtl: 3_000_000 }, { volumeScore: 100 }],
    ['basis of 1.5% for a commodity scores 50', 'commodity', { mark: 1.015 }, { basisScore: 50 }],
  ] as const)('%s', (_, cls, change, expected) => {
    const cur = { t: BASELINE_POLLS * 300_000, funding: 0, oi: 100, mark: 1, oracle: 1, dayNtl: 1_000_000, ...change };
    expect(scoreSample(cur, base(BASELINE_POLLS), cls)).toMatchObject(expected);
  });
  it('a gap over 15 minutes in the baseline stops OI scoring', () => {
    const cur = { t: BASELINE_POLLS * 300_000 + 3_600_000, funding: 0, oi: 150, mark: 1, oracle: 1, dayNtl: 1_000_000 };
    expect(scoreSample(cur, base(BASELINE_POLLS, 6), 'crypto').oiScore).toBe(0);
  });
  it('every score and the composite stay within 0-100', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        (funding, oi, mark) => {
          const s = scoreSample(
            { t: 13 * 300_000, funding, oi, mark, oracle: 1, dayNtl: 2e6 },
            base(BASELINE_POLLS),
            'crypto',
          );
          for (const v of [s.fundingScore, s.volumeScore, s.oiScore, s.basisScore, s.composite]) {
            expect(v).toBeGreaterThanOrEqual(0);
            expect(v).toBeLessThanOrEqual(100);
          }
        },
      ),
    );
  });
});
