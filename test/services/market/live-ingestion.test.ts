import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import type { AnyDataset } from '../../../src/platform/snapshots/dataset.js';
import { coinMarketsDataset } from '../../../src/services/market/crypto/datasets/coin-markets.js';
import { dailyBarsDataset } from '../../../src/services/market/analysis/datasets/daily-bars.js';
import { commoditiesDataset } from '../../../src/services/market/commodities/datasets/commodities.js';
import { indexBoardsDataset } from '../../../src/services/market/equities/datasets/index-boards.js';
import { etfFlowsDataset } from '../../../src/services/market/flows/datasets/etf-flows.js';
import { earningsCalendarDataset } from '../../../src/services/market/equities/datasets/earnings-calendar.js';
import { insiderTransactionsDataset } from '../../../src/services/market/equities/datasets/insider-transactions.js';
import { cotDataset } from '../../../src/services/market/flows/datasets/cot.js';
import { breadthHistoryDataset } from '../../../src/services/market/equities/datasets/breadth-history.js';
import { gldHoldingsDataset } from '../../../src/services/market/commodities/datasets/gld-holdings.js';
import { cbGoldReservesDataset } from '../../../src/services/market/commodities/datasets/cb-gold-reserves.js';
import { sgeBenchmarksDataset } from '../../../src/services/market/commodities/datasets/sge-benchmarks.js';

const sample = (f: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'market', f));
const json = (f: string) => JSON.parse(sample(f).toString('utf8'));

/** Serves the bundled samples the way each upstream would: one document per request, picked by path and query. */
function upstream(): http.RequestListener & { hits: string[]; headers: http.IncomingHttpHeaders[] } {
  const charts = [...json('yahoo-chart-daily-6mo.json'), ...json('yahoo-chart-etf-5d.json')] as {
    chart: { result: { meta: { symbol: string; range: string } }[] };
  }[];
  // The spark samples are kept as the batches the live fetch requests (*.requests.json beside them).
  const sparks = ['yahoo-spark-commodities-1y', 'yahoo-spark-boards-1mo'].flatMap((dir) =>
    fs.readdirSync(path.join(SAMPLES_DIR, 'market', dir)).flatMap((f) => json(`${dir}/${f}`).spark.result),
  ) as { symbol: string }[];
  const paprika = json('coinpaprika-tickers.json') as { id: string }[];
  const insiders = json('finnhub-insider-transactions.json') as { symbol: string }[];
  const hits: string[] = [];
  const headers: http.IncomingHttpHeaders[] = [];
  const handler = ((req, res) => {
    const url = new URL(req.url!, 'http://x');
    hits.push(req.url!);
    headers.push(req.headers);
    const send = (body: string | Buffer, type = 'application/json') => {
      res.setHeader('content-type', type);
      res.end(body);
    };
    const p = url.pathname;
    if (p === '/api/v3/coins/markets') return send(sample('coingecko-coin-markets.json'));
    if (p.startsWith('/v1/tickers/'))
      return send(JSON.stringify(paprika.find((t) => t.id === decodeURIComponent(p.slice(12)))));
    if (p.startsWith('/v8/finance/chart/')) {
      const sym = decodeURIComponent(p.slice(18));
      const range = url.searchParams.get('range');
      return send(
        JSON.stringify(
          charts.find((c) => c.chart.result[0].meta.symbol === sym && c.chart.result[0].meta.range === range),
        ),
      );
    }
    if (p === '/v7/finance/spark') {
      const want = new Set(url.searchParams.get('symbols')!.split(','));
      return send(JSON.stringify({ spark: { result: sparks.filter((s) => want.has(s.symbol)), error: null } }));
    }
    if (p === '/api/v1/calendar/earnings') return send(sample('finnhub-earnings-calendar.json'));
    if (p === '/api/v1/stock/insider-transactions')
      return send(JSON.stringify(insiders.find((d) => d.symbol === url.searchParams.get('symbol'))));
    if (p === '/resource/yw9f-hn96.json') return send(sample('cftc-tff-combined.json'));
    if (p === '/resource/rxbv-e226.json') return send(sample('cftc-disaggregated-combined.json'));
    if (p === '/proxies/timeseries/queryeod.ashx')
      return send(sample(`barchart-eod-${url.searchParams.get('symbol')!.slice(1).toLowerCase()}.csv`), 'text/plain');
    if (p === '/api/v1/historical-archive')
      return send(sample('spdr-gld-historical-archive.xlsx'), 'application/octet-stream');
    if (p.startsWith('/external/sdmx/3.0/data/dataflow/IMF.STA/IRFCL/')) return send(sample('imf-irfcl-gold.json'));
    if (p === '/data_BenchmarkPrice_Daily') return send(sample('sge-gold-benchmark.html'), 'text/html');
    if (p === '/data/data_silver_daily') return send(sample('sge-silver-benchmark.html'), 'text/html');
    res.statusCode = 404;
    res.end('not found');
  }) as http.RequestListener & { hits: string[]; headers: http.IncomingHttpHeaders[] };
  handler.hits = hits;
  handler.headers = headers;
  return handler;
}

let server: http.Server;
let handler: ReturnType<typeof upstream>;
let app: TestApp;

beforeAll(async () => {
  handler = upstream();
  server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = await startTestApp({
    samples: 'none',
    config: {
      UPSTREAM_BASE_OVERRIDE: origin,
      FINNHUB_API_KEY: 'finnhub-test',
      COINGECKO_DEMO_API_KEY: 'demo-test',
      SGE_BENCHMARK_LICENSED: 'true',
    },
  });
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('live ingestion of the market datasets against a local upstream', () => {
  it.each(
    [
      [coinMarketsDataset, 73],
      [dailyBarsDataset, 8],
      [commoditiesDataset, 35],
      [indexBoardsDataset, 69],
      [etfFlowsDataset, 10],
      [earningsCalendarDataset, 49],
      [insiderTransactionsDataset, 8],
      [cotDataset, 9],
      [breadthHistoryDataset, 252],
      [gldHoldingsDataset, 274],
      [cbGoldReservesDataset, 1],
      [sgeBenchmarksDataset, 2],
    ].map(([d, n]) => [(d as AnyDataset).name, d, n]) as [string, AnyDataset, number][],
  )('%s', async (_name, dataset, rows) => {
    const r = await app.deps.runner.run(dataset, { origin: { kind: 'live' } });
    expect(r, JSON.stringify(r)).toMatchObject({ ok: true, recordCount: rows });
  });

  it('sends the configured keys: CoinGecko demo header, Finnhub token', () => {
    const gecko = handler.headers[handler.hits.findIndex((h) => h.startsWith('/api/v3/coins/markets'))];
    expect(gecko['x-cg-demo-api-key']).toBe('demo-test');
    const finnhub = handler.headers[handler.hits.findIndex((h) => h.startsWith('/api/v1/calendar/earnings'))];
    expect(finnhub['x-finnhub-token']).toBe('finnhub-test');
    // Yahoo spark requests stay within 20 symbols each.
    for (const h of handler.hits.filter((x) => x.startsWith('/v7/finance/spark'))) {
      expect(new URL(h, 'http://x').searchParams.get('symbols')!.split(',').length).toBeLessThanOrEqual(20);
    }
  });
});
