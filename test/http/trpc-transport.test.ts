import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../src/root/app-router.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';
import { marketQuotesDataset } from '../../src/services/market/equities/datasets/quotes.js';

/** The /trpc transport as a TypeScript client and a careless HTTP client see it. */
let app: TestApp;
let client: ReturnType<typeof createTRPCClient<AppRouter>>;

beforeAll(async () => {
  app = await startTestApp({ samples: [earthquakesDataset, marketQuotesDataset] });
  client = createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${app.baseUrl}/trpc`, headers: () => app.defaultHeaders })],
  });
});
afterAll(() => app.close());

describe('typed inputs through @trpc/client', () => {
  it('takes numbers as numbers', async () => {
    const res = await client.seismology.listEarthquakes.query({ page_size: 3, min_magnitude: 5 });
    expect(res.earthquakes).toHaveLength(3);
    for (const q of res.earthquakes) expect(q.magnitude).toBeGreaterThanOrEqual(5);
  });

  it('takes lists as arrays', async () => {
    const res = await client.market.listMarketQuotes.query({ symbols: ['AAPL', 'MSFT'] });
    expect(res.quotes.map((q) => q.symbol)).toEqual(['AAPL', 'MSFT']);
  });

  it('refuses a number given as a string, with a one-line message naming the field', async () => {
    const err = await client.seismology.listEarthquakes.query({ page_size: '3' as never }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCClientError);
    const e = err as TRPCClientError<AppRouter>;
    expect(e.message).toMatch(/^page_size: /);
    expect(e.message).not.toContain('\n');
    expect(e.data?.httpStatus).toBe(400);
  });

  it('words a range error readably', async () => {
    const err = (await client.seismology.listEarthquakes
      .query({ page_size: -1 })
      .catch((e: unknown) => e)) as TRPCClientError<AppRouter>;
    expect(err.message).toBe('page_size: number must be greater than or equal to 0');
  });
});

describe('client errors on /trpc are 400s', () => {
  it.each([
    ['input that is not JSON', '/trpc/seismology.listEarthquakes?input=%7Bnot-json'],
    ['a batch with inputs that are not JSON', '/trpc/seismology.listEarthquakes?batch=1&input=oops'],
    ['an input of the wrong shape', '/trpc/seismology.listEarthquakes?input=%5B1%2C2%5D'],
  ])('%s', async (_what, path) => {
    const res = await app.get(path);
    expect(res.status, res.text).toBe(400);
    expect(res.text).not.toMatch(/"httpStatus":5\d\d/);
  });

  it.each([
    ['a non-JSON body', 'text/plain', 'hello'],
    ['malformed JSON', 'application/json', '{"operations":['],
    ['the wrong shape', 'application/json', '{"operations":"all"}'],
  ])('a mutation with %s', async (_what, type, body) => {
    const res = await app.request('/trpc/batch.execute', { method: 'POST', headers: { 'content-type': type }, body });
    expect(res.status, res.text).toBe(400);
    expect(res.text).not.toMatch(/"httpStatus":5\d\d/);
  });
});

describe('one cap on batch operations per HTTP request', () => {
  const ops = (n: number) => ({
    operations: Array.from({ length: n }, (_, i) => ({
      id: String(i),
      path: '/api/seismology/v1/list-earthquakes?page_size=1',
    })),
  });

  it('counts operations across tRPC-batched batch.execute calls', async () => {
    const calls = 5;
    const input = Object.fromEntries(Array.from({ length: calls }, (_, i) => [String(i), ops(20)]));
    const path = `/trpc/${Array(calls).fill('batch.execute').join(',')}?batch=1`;
    const res = await app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    const answers = res.body as {
      result?: { data: { results: unknown[] } };
      error?: { data: { httpStatus: number } };
    }[];
    const ran = answers.reduce((n, a) => n + (a.result?.data.results.length ?? 0), 0);
    expect(ran).toBeLessThanOrEqual(20);
    expect(answers.filter((a) => a.error?.data.httpStatus === 400)).toHaveLength(calls - 1);
  });

  it('still serves one full batch over /trpc', async () => {
    const res = await client.batch.execute.mutate(ops(20));
    expect(res.succeeded).toBe(20);
  });
});
