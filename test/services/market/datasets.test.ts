import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { parseYahooSpark, previousClose } from '../../../src/sources/yahoo/spark.js';
import { buildQuotes, marketQuotesDataset } from '../../../src/services/market/equities/datasets/quotes.js';
import { fearGreedDataset, parseCnn, parseFredCsv } from '../../../src/services/market/flows/datasets/fear-greed.js';
import { DEFAULT_QUOTES } from '../../../src/services/market/equities/rules.js';

const sample = (f: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'market', f));

describe('Yahoo spark/chart parser', () => {
  it('reads every symbol of the spark sample with its closes and price', () => {
    const series = parseYahooSpark(sample('yahoo-spark-quotes.json'));
    expect([...series.keys()]).toEqual(DEFAULT_QUOTES.map((q) => q.symbol));
    const aapl = series.get('AAPL')!;
    expect(aapl).toMatchObject({ name: 'Apple Inc.', currency: 'USD', instrumentType: 'EQUITY', price: 268.41 });
    expect(aapl.priceTime).toBe(Date.UTC(2026, 10, 19, 21, 0));
    expect(aapl.closes).toHaveLength(22);
    // Yahoo leaves null holes for missing bars; they are dropped rather than served as zeros.
    expect(series.get('MSFT')!.closes).toHaveLength(21);
  });

  it('also reads a chart document and skips results without a price', () => {
    const doc = {
      chart: {
        result: [
          {
            meta: { symbol: 'spy', regularMarketPrice: 600, regularMarketTime: 1795122000 },
            timestamp: [1795012200, 1795098600],
            indicators: { quote: [{ close: [590, 600] }] },
          },
          { meta: { symbol: 'BAD' }, timestamp: [], indicators: { quote: [{ close: [] }] } },
        ],
        error: null,
      },
    };
    const series = parseYahooSpark(Buffer.from(JSON.stringify(doc)));
    expect([...series.keys()]).toEqual(['SPY']);
    expect(previousClose(series.get('SPY')!)).toBe(590);
  });

  it.each([
    ['not JSON', 'oops'],
    ['another document', '{"quoteResponse":{"result":[]}}'],
  ])('refuses %s', (_, text) => {
    expect(() => parseYahooSpark(Buffer.from(text))).toThrow(/Yahoo/);
  });

  it('builds quotes with percent change and the newest price time', () => {
    const { records, info } = buildQuotes(sample('yahoo-spark-quotes.json'));
    expect(records).toHaveLength(20);
    const n225 = records.find((r) => r.symbol === '^N225')!;
    const prev = n225.sparkline.at(-2)!;
    expect(n225.change).toBeCloseTo(((n225.price - prev) / prev) * 100, 2);
    expect(info.asOf).toBe(Date.UTC(2026, 10, 20, 8, 8));
  });
});

describe('FRED and CNN readers', () => {
  it('reads the multi-series FRED CSV, skipping empty cells', () => {
    const fred = parseFredCsv(sample('fred-fear-greed-inputs.csv'));
    expect([...fred.keys()]).toEqual(['BAMLH0A0HYM2', 'T10Y2Y', 'DGS10', 'DFF', 'WALCL']);
    expect(fred.get('DFF')!.at(-1)).toBe(3.39); // after the October 2026 cut to 3.25-3.50 %
    expect(fred.get('WALCL')!.length).toBeGreaterThan(14);
    expect(fred.get('WALCL')!.length).toBeLessThan(40);
    expect(fred.get('BAMLH0A0HYM2')!.every(Number.isFinite)).toBe(true);
  });

  it('accepts the older DATE header and "." for a missing value', () => {
    const fred = parseFredCsv(Buffer.from('DATE,DFF\n2026-11-18,.\n2026-11-19,3.63\n'));
    expect(fred.get('DFF')).toEqual([3.63]);
  });

  it('refuses a document that is not FRED CSV', () => {
    expect(() => parseFredCsv(Buffer.from('<html></html>'))).toThrow(/FRED/);
    expect(() => parseFredCsv(Buffer.from('observation_date,DFF\nyesterday,1\n'))).toThrow(/FRED/);
  });

  it('reads the CNN graph data', () => {
    const cnn = parseCnn(sample('cnn-fear-greed-graphdata.json'));
    expect(cnn.fear_and_greed).toMatchObject({ score: 42.9, rating: 'fear', previous_close: 45.2 });
    expect(cnn.put_call_options!.data.length).toBe(30);
    expect(() => parseCnn(Buffer.from('{}'))).toThrow(/CNN/);
  });
});

/** Serves the bundled samples at their upstream paths, as the real hosts would. */
function sampleServer(): Promise<{ origin: string; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    hits.push(url.pathname + url.search);
    const file =
      url.pathname === '/v7/finance/spark'
        ? url.searchParams.get('range') === '1y'
          ? 'yahoo-spark-fear-greed.json'
          : 'yahoo-spark-quotes.json'
        : url.pathname === '/graph/fredgraph.csv'
          ? 'fred-fear-greed-inputs.csv'
          : url.pathname === '/index/fearandgreed/graphdata'
            ? 'cnn-fear-greed-graphdata.json'
            : undefined;
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(sample(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        hits,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}

describe('live ingestion against a local upstream', () => {
  let upstream: Awaited<ReturnType<typeof sampleServer>>;
  let app: TestApp;
  beforeAll(async () => {
    upstream = await sampleServer();
    app = await startTestApp({ samples: 'none', config: { UPSTREAM_BASE_OVERRIDE: upstream.origin } });
  });
  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  it('fetches the quotes spark document for the default board and serves it', async () => {
    const r = await app.deps.runner.run(marketQuotesDataset, { origin: { kind: 'live' } });
    expect(r).toMatchObject({ ok: true, recordCount: 20 });
    const hit = upstream.hits.find((h) => h.startsWith('/v7/finance/spark') && h.includes('range=1mo'))!;
    expect(new URL(hit, 'http://x').searchParams.get('symbols')).toBe(DEFAULT_QUOTES.map((q) => q.symbol).join(','));
    const res = await app.get('/api/market/v1/list-market-quotes?symbols=AAPL');
    expect(res.body.quotes[0].price).toBe(268.41);
  });

  it('fetches Yahoo, FRED and CNN for the fear & greed index', async () => {
    const r = await app.deps.runner.run(fearGreedDataset, { origin: { kind: 'live' } });
    expect(r).toMatchObject({ ok: true, recordCount: 10 });
    expect(upstream.hits).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/graph\/fredgraph\.csv\?id=BAMLH0A0HYM2,/),
        '/index/fearandgreed/graphdata',
      ]),
    );
    expect((await app.get('/api/market/v1/get-fear-greed-index')).body.compositeScore).toBe(62.2); // as in get-fear-greed-index.test.ts
  });
});

describe('a failed ingestion', () => {
  it('keeps serving the last good snapshots', async () => {
    await withTestApp({ samples: [marketQuotesDataset, fearGreedDataset] }, async (app) => {
      const before = await app.get('/api/market/v1/list-market-quotes');
      const fgBefore = await app.get('/api/market/v1/get-fear-greed-index');
      const bad = await app.deps.runner.run(marketQuotesDataset, {
        origin: { kind: 'bytes', payloads: { spark: Buffer.from('{"spark":') } },
      });
      expect(bad.ok).toBe(false);
      const empty = await app.deps.runner.run(marketQuotesDataset, {
        origin: { kind: 'bytes', payloads: { spark: Buffer.from('{"spark":{"result":[],"error":null}}') } },
      });
      expect(empty.ok).toBe(false);
      const badFg = await app.deps.runner.run(fearGreedDataset, {
        origin: {
          kind: 'bytes',
          payloads: {
            yahoo: sample('yahoo-spark-fear-greed.json'),
            fred: Buffer.from('nope'),
            cnn: sample('cnn-fear-greed-graphdata.json'),
          },
        },
      });
      expect(badFg.ok).toBe(false);
      expect((await app.get('/api/market/v1/list-market-quotes')).body).toEqual(before.body);
      expect((await app.get('/api/market/v1/get-fear-greed-index')).body).toEqual(fgBefore.body);
    });
  });
});
