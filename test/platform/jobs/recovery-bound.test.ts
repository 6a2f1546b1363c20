import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../src/config.js';
import { DEFAULT_SWEEP_MS } from '../../../src/platform/jobs/queue.js';

/**
 * How long a dead node's running jobs wait before a live node re-queues them is the sweep interval:
 * the README states it, with the value the code uses.
 */
describe('the bound on recovering a dead node’s jobs', () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

  it('is JOBS_SWEEP_MS, whose default is the queue’s own, and the README table states that value', () => {
    expect(testConfig().JOBS_SWEEP_MS).toBe(DEFAULT_SWEEP_MS);
    expect(DEFAULT_SWEEP_MS).toBeLessThanOrEqual(10_000);
    const row = /^\| `JOBS_SWEEP_MS` \| `(\d+)` \| (.*) \|$/m.exec(readme);
    expect(row, 'a JOBS_SWEEP_MS row in the configuration table').not.toBeNull();
    expect(Number(row![1])).toBe(DEFAULT_SWEEP_MS);
    expect(row![2]).toMatch(/dead node/);
  });

  it('the shared-queue prose names the same bound', () => {
    const seconds = DEFAULT_SWEEP_MS / 1000;
    // The prose wraps: compare with single spaces.
    expect(readme.replace(/\s+/g, ' ')).toMatch(
      new RegExp(
        `re-queues the running jobs of a node whose connection died[^.]*\`JOBS_SWEEP_MS\`, ${seconds} s by default`,
      ),
    );
  });
});
