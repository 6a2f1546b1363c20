import { beforeEach, describe, expect, it } from 'vitest';
import { SCENARIO_RUNS, type ScenarioRunStore } from '../../../src/services/scenario/runs.js';
import { storeEngines } from '../../support/engines/store-engines.js';
import { JOB_ID_PATTERN } from '../../../src/services/scenario/rules.js';

// One specification of the scenario_runs store for both engines; `other` is a second node on the same storage.

const NOW = Date.UTC(2026, 10, 20, 12);
const job = (id: string, accountId = 'acct_a', createdAt = NOW) => ({ id, accountId, createdAt });

const engines = storeEngines('scenruns', SCENARIO_RUNS, 2);

interface Opened {
  runs: ScenarioRunStore;
  other: ScenarioRunStore;
}

/** A fresh store and a second node on it. */
async function openNodes(engine: (typeof engines)[number]): Promise<Opened> {
  const open = await engine.storage();
  return { runs: await open(), other: await open() };
}

describe.each(engines)('scenario runs on $name', (engine) => {
  let opened: Opened;
  beforeEach(async () => {
    opened = await openNodes(engine);
  });

  it('publishes one id per job, kept when the job is found again through any node', async () => {
    const { runs, other } = opened;
    const id = await runs.publicIdOf(job('0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0'));
    expect(id).toBe(`scenario:${NOW}:0f1e2d3c`);
    expect(id).toMatch(JOB_ID_PATTERN);
    expect(await runs.publicIdOf(job('0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0'))).toBe(id);
    expect(await other.publicIdOf(job('0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0'))).toBe(id);
    // Both nodes publishing the same job at once agree too.
    const raced = await Promise.all([
      runs.publicIdOf(job('aaaa1111-0000-0000-0000-000000000000')),
      other.publicIdOf(job('aaaa1111-0000-0000-0000-000000000000')),
    ]);
    expect(raced[0]).toBe(raced[1]);
  });

  it('resolves a published id for its account only', async () => {
    const { runs, other } = opened;
    const id = await runs.publicIdOf(job('b0b0b0b0-0000-0000-0000-000000000000'));
    expect(await other.jobIdOf(id, 'acct_a')).toBe('b0b0b0b0-0000-0000-0000-000000000000');
    expect(await runs.jobIdOf(id, 'acct_b')).toBeUndefined();
    expect(await runs.jobIdOf('scenario:0000000000000:zzzzzzzz', 'acct_a')).toBeUndefined();
  });

  it("finds the account's newest job, the later of two published in the same millisecond", async () => {
    const { runs } = opened;
    expect(await runs.newestJobIdOf('acct_a')).toBeUndefined();
    await runs.publicIdOf(job('c1000000-0000-0000-0000-000000000000', 'acct_a', NOW - 5));
    await runs.publicIdOf(job('c2000000-0000-0000-0000-000000000000', 'acct_a', NOW));
    await runs.publicIdOf(job('c3000000-0000-0000-0000-000000000000', 'acct_a', NOW));
    await runs.publicIdOf(job('d1000000-0000-0000-0000-000000000000', 'acct_b', NOW + 5));
    expect(await runs.newestJobIdOf('acct_a')).toBe('c3000000-0000-0000-0000-000000000000');
    expect(await runs.newestJobIdOf('acct_b')).toBe('d1000000-0000-0000-0000-000000000000');
  });
});
