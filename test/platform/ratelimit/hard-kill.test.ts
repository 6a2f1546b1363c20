import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client.js';
import { testConfig } from '../../../src/config.js';
import { DEFAULT_FLUSH_MS } from '../../../src/platform/ratelimit/store.js';
import { SAMPLE_NOW, tempDbFile } from '../../support/app.js';

/**
 * A hard kill (SIGKILL, power loss) loses at most the rate-limit decisions of one flush interval
 * (RATE_LIMIT_FLUSH_MS), even when the event loop is too busy for the flush timer to fire.
 */
describe('rate-limit counts across a hard kill', () => {
  it('keeps every decision but those of the last flush interval, under a loop that never yields', async () => {
    const file = tempDbFile();
    openDatabase(file).$client.close();
    const flushMs = 100;
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.resolve(__dirname, 'fixtures/busy-then-killed.ts'),
        file,
        String(flushMs),
        String(SAMPLE_NOW),
      ],
      { cwd: path.resolve(__dirname, '../../..'), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (c: Buffer) => {
          out += c.toString();
          if (out.includes('\n')) resolve(out.trim());
        });
        child.on('exit', () => reject(new Error(`child exited before reporting: ${out}`)));
      });
      const { decided, lastInterval } = JSON.parse(line) as { decided: number; lastInterval: number };
      expect(decided).toBeGreaterThan(lastInterval);
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      // The file as the killed process left it (no graceful flush ran).
      const db = openDatabase(file, { migrate: false });
      const row = db.$client
        .prepare("SELECT COALESCE(SUM(count), 0) AS n FROM rate_limit_counters WHERE bucket = 'pro|m'")
        .get() as { n: number };
      db.$client.close();
      expect(row.n).toBeLessThanOrEqual(decided);
      expect(decided - row.n).toBeLessThanOrEqual(lastInterval);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 30_000);

  it('the interval is RATE_LIMIT_FLUSH_MS, 1 s by default, and the README states it', async () => {
    expect(testConfig().RATE_LIMIT_FLUSH_MS).toBe(DEFAULT_FLUSH_MS);
    expect(DEFAULT_FLUSH_MS).toBe(1_000);
    const { readFileSync } = await import('node:fs');
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toMatch(/^\| `RATE_LIMIT_FLUSH_MS` \| `1000` \| .*hard kill.* \|$/m);
  });
});
