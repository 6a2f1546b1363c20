import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import type { AppRouter } from '../../src/root/app-router.js';
import type { ChangeEvent } from '../../src/http/stream.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';
import { bundledFile } from '../../src/platform/snapshots/samples.js';
import { ManualClock } from '../../src/platform/clock.js';
import { SAMPLE_NOW, startTestApp, type TestApp } from '../support/app.js';
import { FetchEventSource } from '../support/sse.js';

/*
 * What a TypeScript frontend does: subscribe with @trpc/client's httpSubscriptionLink to the changes
 * of one operation, naming it and its input with the router's types, and receive the change a swap
 * makes, with the same ETag REST serves.
 */

const sources = earthquakesDataset.sources;
const usgsSample = JSON.parse(fs.readFileSync(bundledFile(sources.usgs), 'utf8')) as { features: unknown[] };
const nrcanSample = fs.readFileSync(bundledFile(sources.nrcan));

let app: TestApp;
let client: ReturnType<typeof createTRPCClient<AppRouter>>;
const clock = new ManualClock(SAMPLE_NOW);

beforeAll(async () => {
  app = await startTestApp({ samples: [earthquakesDataset], clock });
  client = createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url: `${app.baseUrl}/trpc`,
          // Node 20 has no EventSource; a ponyfill that sends the key header.
          EventSource: FetchEventSource as never,
          eventSourceOptions: () => ({ headers: app.defaultHeaders }) as never,
        }),
        false: httpBatchLink({ url: `${app.baseUrl}/trpc`, headers: () => app.defaultHeaders }),
      }),
    ],
  });
});
afterAll(() => app.close());

describe('stream.changes over tRPC', () => {
  it('delivers the change of a typed subscription with the ETag REST serves', async () => {
    const received: { id: string; data: ChangeEvent }[] = [];
    let started!: () => void;
    const ready = new Promise<void>((r) => (started = r));
    let got!: () => void;
    const arrived = new Promise<void>((r) => (got = r));
    const errors: unknown[] = [];
    const sub = client.stream.changes.subscribe(
      { operation: 'seismology.listEarthquakes', input: { page_size: 5 }, includeBody: true },
      {
        onStarted: () => started(),
        onData: (event) => {
          received.push(event);
          got();
        },
        onError: (err) => errors.push(err),
      },
    );
    try {
      await ready;
      // Wait for the server to register the subscription (its first answer is computed as it opens).
      await new Promise((r) => setTimeout(r, 100));
      clock.advance(3_600_000);
      const r = await app.deps.runner.run(earthquakesDataset, {
        origin: {
          kind: 'bytes',
          payloads: {
            usgs: Buffer.from(JSON.stringify({ ...usgsSample, features: usgsSample.features.slice(4) })),
            nrcan: nrcanSample,
          },
        },
      });
      expect(r.ok).toBe(true);
      const swapped = Date.now();
      await Promise.race([arrived, new Promise((_, reject) => setTimeout(() => reject(new Error('no event')), 2_000))]);
      expect(Date.now() - swapped).toBeLessThan(1_000);
      expect(errors).toEqual([]);
      const rest = await app.get('/api/seismology/v1/list-earthquakes?page_size=5', { 'accept-encoding': 'identity' });
      expect(received).toHaveLength(1);
      expect(received[0].id).toBe(String(SAMPLE_NOW + 3_600_000));
      expect(received[0].data).toEqual({
        operation: '/api/seismology/v1/list-earthquakes?page_size=5',
        etag: rest.headers.get('etag'),
        lastModified: rest.headers.get('last-modified'),
        body: rest.body,
      });
    } finally {
      sub.unsubscribe();
    }
  });

  it('types the operation and its input from the router', () => {
    type Input = Parameters<typeof client.stream.changes.subscribe>[0];
    expectTypeOf<{ operation: 'seismology.listEarthquakes'; input: { page_size: number } }>().toMatchTypeOf<Input>();
    // A wrong input type or an unknown operation does not compile.
    expectTypeOf<{
      operation: 'seismology.listEarthquakes';
      input: { page_size: string };
    }>().not.toMatchTypeOf<Input>();
    expectTypeOf<{ operation: 'seismology.noSuchOperation' }>().not.toMatchTypeOf<Input>();
  });
});
