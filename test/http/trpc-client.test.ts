import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../src/root/app-router.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';

/**
 * What a TypeScript frontend does: import the router's type only and call procedures with full
 * input and output types over the /trpc endpoint of a running server.
 */
let app: TestApp;
let client: ReturnType<typeof createTRPCClient<AppRouter>>;

beforeAll(async () => {
  app = await startTestApp({ samples: [earthquakesDataset] });
  client = createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${app.baseUrl}/trpc`, headers: () => app.defaultHeaders })],
  });
});
afterAll(() => app.close());

describe('@trpc/client against /trpc', () => {
  it('returns typed data', async () => {
    const res = await client.seismology.listEarthquakes.query({ page_size: 2 });
    const first: number = res.earthquakes[0].magnitude;
    expect(first).toBeGreaterThanOrEqual(4.5);
    expect(res.earthquakes).toHaveLength(2);
    expect(res.pagination.totalCount).toBeGreaterThan(2);
  });

  it('surfaces validation errors as tRPC errors carrying the REST wire shape', async () => {
    const err = await client.seismology.listEarthquakes.query({ page_size: 'abc' as never }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCClientError);
    const data = (err as TRPCClientError<AppRouter>).data as { httpStatus: number; rest: { body: unknown } };
    expect(data.httpStatus).toBe(400);
    expect(data.rest.body).toEqual({ violations: [{ field: 'page_size', description: expect.any(String) }] });
    expect(JSON.stringify((err as TRPCClientError<AppRouter>).shape)).not.toMatch(/stack|at Object/);
  });
});
