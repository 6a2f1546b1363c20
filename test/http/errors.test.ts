import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../support/app.js';
import { appRouter } from '../../src/root/app-router.js';
import { operation, router } from '../../src/trpc/procedures.js';
import { t } from '../../src/trpc/init.js';
import { ServiceError } from '../../src/platform/errors.js';

/** The application plus operations that fail on purpose, to pin how failures reach the wire. */
const failing = t.mergeRouters(
  appRouter,
  router({
    broken: router({
      crash: operation
        .meta({ openapi: { method: 'GET', path: '/api/broken/v1/crash', summary: 'test only' }, cacheTier: 'slow' })
        .input(z.object({}))
        .output(z.object({ ok: z.boolean() }))
        .query(() => {
          throw new Error('db exploded: secret detail at /var/lib/mds/mds.db');
        }),
      badOutput: operation
        .meta({
          openapi: { method: 'GET', path: '/api/broken/v1/bad-output', summary: 'test only' },
          cacheTier: 'slow',
        })
        .input(z.object({}))
        .output(z.object({ ok: z.boolean() }))
        .query(() => ({ ok: 'yes' }) as never),
      refusal: operation
        .meta({ openapi: { method: 'GET', path: '/api/broken/v1/refusal', summary: 'test only' }, cacheTier: 'slow' })
        .input(z.object({}))
        .output(z.object({ ok: z.boolean() }))
        .query(() => {
          throw ServiceError.handler(409, 'the thing is busy');
        }),
    }),
  }),
) as unknown as typeof appRouter;

let app: TestApp;
let logged: string[];
beforeAll(async () => {
  logged = [];
  const { createLogger } = await import('../../src/platform/logger.js');
  const logger = createLogger('error', { write: (line: string) => void logged.push(line) } as never);
  app = await startTestApp({ samples: 'none', router: failing, logger });
});
afterAll(() => app.close());

describe('failures on the wire', () => {
  it('answers a crash with a bare 500 that leaks nothing, and logs the cause', async () => {
    const res = await app.get('/api/broken/v1/crash');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Internal server error' });
    expect(res.text).not.toMatch(/secret|exploded|mds\.db|stack/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(logged.join('\n')).toMatch(/db exploded/);
  });

  it('treats a handler that breaks its own output schema as a server error', async () => {
    const res = await app.get('/api/broken/v1/bad-output');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Internal server error' });
  });

  it('passes a deliberate handler refusal through with its own status and message', async () => {
    const res = await app.get('/api/broken/v1/refusal');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'the thing is busy' });
  });

  it('keeps internals out of native tRPC errors too', async () => {
    const res = await app.get('/trpc/broken.crash?input=%7B%7D');
    expect(res.status).toBe(500);
    expect(res.text).not.toMatch(/secret|exploded|mds\.db/);
    expect(res.body.error.message).toBe('Internal server error');
    expect(res.body.error.data.rest).toEqual({ status: 500, body: { message: 'Internal server error' }, headers: {} });
  });
});
