import { beforeEach, describe, expect, it } from 'vitest';
import { SIMULATION_RUNS, type SimulationRunStore } from '../../../src/services/forecast/runs.js';
import { storeEngines } from '../../support/engines/store-engines.js';

// One specification of the simulation_runs store for both engines; `other` is a second node on the same storage.

const NOW = Date.UTC(2026, 10, 20, 12);

const engines = storeEngines('simruns', SIMULATION_RUNS, 2);

interface Opened {
  runs: SimulationRunStore;
  other: SimulationRunStore;
}

/** A fresh store and a second node on it. */
async function openNodes(engine: (typeof engines)[number]): Promise<Opened> {
  const open = await engine.storage();
  return { runs: await open(), other: await open() };
}

describe.each(engines)('simulation runs on $name', (engine) => {
  let opened: Opened;
  beforeEach(async () => {
    opened = await openNodes(engine);
  });

  it('finds the job of a run for its account only, and nothing for a run never triggered', async () => {
    const { runs, other } = opened;
    await runs.record('acct_a', 'run-1', 'job-1', NOW);
    expect(await runs.jobOf('acct_a', 'run-1')).toBe('job-1');
    // Recorded through one node, read through another.
    expect(await other.jobOf('acct_a', 'run-1')).toBe('job-1');
    expect(await runs.jobOf('acct_b', 'run-1')).toBeUndefined();
    expect(await runs.jobOf('acct_a', 'run-2')).toBeUndefined();
    expect(await runs.all('acct_b')).toEqual([]);
  });

  it('points a run triggered again at the new job, and moves it to the front', async () => {
    const { runs } = opened;
    await runs.record('acct_a', 'run-1', 'job-1', NOW);
    await runs.record('acct_a', 'run-2', 'job-2', NOW + 10);
    expect(await runs.all('acct_a')).toEqual([
      { jobId: 'job-2', runId: 'run-2' },
      { jobId: 'job-1', runId: 'run-1' },
    ]);
    await runs.record('acct_a', 'run-1', 'job-3', NOW + 20);
    expect(await runs.jobOf('acct_a', 'run-1')).toBe('job-3');
    expect(await runs.all('acct_a')).toEqual([
      { jobId: 'job-3', runId: 'run-1' },
      { jobId: 'job-2', runId: 'run-2' },
    ]);
  });

  it('lists newest first, the later of two runs recorded in the same millisecond first', async () => {
    const { runs } = opened;
    await runs.record('acct_a', 'run-a', 'job-a', NOW);
    await runs.record('acct_a', 'run-b', 'job-b', NOW);
    await runs.record('acct_a', 'run-old', 'job-old', NOW - 1);
    await runs.record('acct_b', 'run-x', 'job-x', NOW + 1);
    expect((await runs.all('acct_a')).map((r) => r.runId)).toEqual(['run-b', 'run-a', 'run-old']);
  });
});
