import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client.js';
import { openPgDatabase } from '../../../db/pg/client.js';
import { SqliteSimulationRuns, type SimulationRunStore } from '../../../src/services/forecast/runs.js';
import { PgSimulationRuns } from '../../../src/services/forecast/runs-pg.js';
import { tempDbFile } from '../../support/app.js';
import { startPostgres, type RunningPostgres } from '../../support/engines/postgres.js';

// One specification of the simulation_runs store for both engines; `other` is a second node on the same storage.

const NOW = Date.UTC(2026, 10, 20, 12);

let server: RunningPostgres;
let databases = 0;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(() => server?.stop());

interface Opened {
  runs: SimulationRunStore;
  other: SimulationRunStore;
  close(): Promise<void>;
}
const engines: { name: string; open(): Promise<Opened> }[] = [
  {
    name: 'SQLite',
    async open() {
      const file = tempDbFile();
      const [a, b] = [openDatabase(file), openDatabase(file)];
      return {
        runs: new SqliteSimulationRuns(a.$client),
        other: new SqliteSimulationRuns(b.$client),
        close: async () => {
          a.$client.close();
          b.$client.close();
          fs.rmSync(path.dirname(file), { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      const url = await server.createDatabase(`simruns_${++databases}`);
      const [a, b] = [await openPgDatabase(url, { max: 2 }), await openPgDatabase(url, { max: 2 })];
      return {
        runs: new PgSimulationRuns(a),
        other: new PgSimulationRuns(b),
        close: async () => {
          await a.$client.end();
          await b.$client.end();
        },
      };
    },
  },
];

describe.each(engines)('simulation runs on $name', (engine) => {
  let opened: Opened;
  beforeEach(async () => {
    opened = await engine.open();
    return () => opened.close();
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
