import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARTHQUAKES } from '../../src/services/seismology/datasets/earthquakes.js';
import { tempDbFile } from '../support/app.js';
import { mds } from '../support/cli.js';
import { serveNode, usgsFeed, type ClusterNode } from '../support/cluster.js';
import { startPostgres, type RunningPostgres } from '../support/engines/postgres.js';

// Two real `mds serve` processes, each with its own SQLite file, sharing one PostgreSQL database:
// only PostgreSQL can make them agree on the snapshots.

const OPERATOR = 'operator-key-for-the-two-node-test-01';
const QUAKES = '/api/seismology/v1/list-earthquakes?page_size=1000';

let pg: RunningPostgres;
let url: string;

const nodes: ClusterNode[] = [];
async function serve(): Promise<ClusterNode> {
  const node = await serveNode({ DATABASE_URL: url, OPERATOR_KEYS: OPERATOR });
  nodes.push(node);
  return node;
}

/** The places a node serves: the marker tells which snapshot they came from. */
async function places(node: ClusterNode): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${node.port}${QUAKES}`, { headers: { 'x-service-key': OPERATOR } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { earthquakes: { place: string }[] };
  return body.earthquakes.map((q) => q.place);
}
const generation = (list: string[]) =>
  list.every((p) => p.startsWith('NEW ')) ? 'new' : list.some((p) => p.startsWith('NEW ')) ? 'MIXED' : 'old';

beforeAll(async () => {
  pg = await startPostgres();
  url = pg.url;
  const first = await mds(['ingest', EARTHQUAKES, '--samples'], { DATABASE_PATH: tempDbFile(), DATABASE_URL: url });
  if (first.code !== 0) throw new Error(first.err);
}, 60_000);
afterAll(async () => {
  for (const n of nodes) n.kill();
  await pg?.stop();
});

describe('two mds serve processes on one PostgreSQL database', () => {
  it('both serve a snapshot published by `mds ingest` within a second, never a mix, and one survives the other being killed', async () => {
    const [a, b] = await Promise.all([serve(), serve()]);
    expect(generation(await places(a))).toBe('old');
    expect(generation(await places(b))).toBe('old');

    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mds-feed-')), 'usgs.geojson');
    fs.writeFileSync(file, usgsFeed(300, 'NEW'));
    const ingested = await mds(['ingest', EARTHQUAKES, '--force', '--file', `usgs=${file}`], {
      DATABASE_PATH: tempDbFile(),
      DATABASE_URL: url,
    });
    expect(ingested.out).toMatch(/ok, 300 rows, version 2/);
    const published = Date.now();

    const seen: string[] = [];
    const servedAt: Record<string, number> = {};
    while (Date.now() - published < 5_000 && Object.keys(servedAt).length < 2) {
      for (const [name, node] of [
        ['a', a],
        ['b', b],
      ] as const) {
        const g = generation(await places(node));
        seen.push(g);
        if (g === 'new') servedAt[name] ??= Date.now() - published;
      }
    }
    expect(seen).not.toContain('MIXED');
    expect(Object.keys(servedAt).sort()).toEqual(['a', 'b']);
    expect(Math.max(servedAt.a, servedAt.b)).toBeLessThan(1_000);

    // One node dies without warning; the other keeps answering, from memory and from PostgreSQL.
    a.proc.kill('SIGKILL');
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`http://127.0.0.1:${b.port}${QUAKES}`, { headers: { 'x-service-key': OPERATOR } });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(generation(await places(b))).toBe('new');
  }, 120_000);
});
