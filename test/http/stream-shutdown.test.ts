import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../src/config.js';
import { startServer } from '../../src/cli/serve.js';
import { openSse } from '../support/sse.js';

/*
 * `mds serve`'s shutdown (startServer, as the command runs it) ends open event streams itself, with a
 * `retry:` hint, instead of leaving them to the grace period's forced close.
 */

const OPERATOR = 'operator-key-for-stream-shutdown-01';
const QUAKES = '/api/seismology/v1/list-earthquakes?page_size=1';

describe('shutdown with open event streams', () => {
  it('closes each stream cleanly with a retry hint, well before the grace period', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mds-stream-shutdown-'));
    const server = await startServer(
      testConfig({
        DATABASE_PATH: path.join(dir, 'serve.db'),
        PORT: 0,
        HOST: '127.0.0.1',
        LOAD_SAMPLES: 'never',
        DEV_KEY: 'never',
        OPERATOR_KEYS: OPERATOR,
        SHUTDOWN_GRACE_MS: 10_000,
        STREAM_RETRY_MS: 3_000,
      }),
      new Writable({ write: (_c, _e, cb) => cb() }),
    );
    const stream = await openSse(
      `http://127.0.0.1:${server.port}/api/stream?operations=${encodeURIComponent(QUAKES)}`,
      { 'x-service-key': OPERATOR },
    );
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'subscribed');
    const started = Date.now();
    const code = await server.shutdown('test');
    await stream.ended;
    expect(code).toBe(0);
    expect(stream.retries).toEqual([3_000]);
    // Forced closing would have waited for the 10 s grace period.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
