import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mds } from '../support/cli.js';
import { SAMPLES_DIR } from '../../src/platform/snapshots/samples.js';
import { openDatabase } from '../../db/client.js';
import { tempDbFile } from '../support/app.js';

describe('mds ingest', () => {
  it('ingests a dataset from files and reports rows and version', async () => {
    const db = tempDbFile();
    const usgs = path.join(SAMPLES_DIR, 'seismology/usgs-4.5_week.geojson');
    const nrcan = path.join(SAMPLES_DIR, 'seismology/nrcan-canada-en.atom');
    const r = await mds(['ingest', 'seismology.earthquakes', '--file', `usgs=${usgs}`, '--file', `nrcan=${nrcan}`], {
      DATABASE_PATH: db,
    });
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/seismology\.earthquakes: ok, \d+ rows, version 1/);
  });

  it('exits non-zero with a clear message when the feed is broken, keeping the snapshot', async () => {
    const db = tempDbFile();
    expect((await mds(['ingest', 'seismology.earthquakes', '--samples'], { DATABASE_PATH: db })).code).toBe(0);
    const bad = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mds-')), 'bad.geojson');
    fs.writeFileSync(bad, '<html>maintenance</html>');
    const r = await mds(['ingest', 'seismology.earthquakes', '--file', `usgs=${bad}`], { DATABASE_PATH: db });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/FAILED: USGS feed is not JSON.*previous snapshot \(version 1\) keeps serving/);
  });

  it('numbers each dataset as it goes and ends with a tally of ok, failed and skipped', async () => {
    const db = tempDbFile();
    const r = await mds(['ingest', 'seismology.earthquakes', 'research.arxiv-papers', '--samples'], {
      DATABASE_PATH: db,
    });
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines[0]).toMatch(/^\[1\/2\] seismology\.earthquakes: ok, /);
    expect(lines[1]).toMatch(/^\[2\/2\] research\.arxiv-papers: ok, /);
    // Earthquakes are an input of the instability index, which then runs, and the models reading it after it.
    const derived = lines.slice(2, -1);
    expect(derived[0]).toMatch(/^\[derived\] intelligence\.cii-scores: ok, /);
    for (const line of derived) expect(line).toMatch(/^\[derived\] [a-z-]+\.[a-z0-9-]+: ok, /);
    const total = 2 + derived.length;
    expect(lines.at(-1)).toMatch(new RegExp(`^${total} datasets: ${total} ok, 0 failed, 0 skipped, in \\d+\\.\\d s$`));
    const bad = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mds-')), 'bad.geojson');
    fs.writeFileSync(bad, 'not json');
    const failed = await mds(['ingest', 'seismology.earthquakes', '--file', `usgs=${bad}`], { DATABASE_PATH: db });
    expect(failed.code).toBe(1);
    expect(failed.err).toMatch(/^\[1\/1\] seismology\.earthquakes: FAILED: /);
    expect(failed.out).toMatch(/^1 datasets: 0 ok, 1 failed, 0 skipped, in /m);
  });

  it('refuses unknown datasets and commands', async () => {
    expect((await mds(['ingest', 'nope.nothing'], { DATABASE_PATH: tempDbFile() })).code).toBe(2);
    expect((await mds(['frobnicate'], {})).code).toBe(2);
  });

  it('lists datasets', async () => {
    const r = await mds(['ingest', '--list'], { DATABASE_PATH: tempDbFile() });
    expect(r.out).toMatch(/^seismology\.earthquakes\tusgs,nrcan\t/m);
  });
});

describe('database at start', () => {
  it('refuses a corrupt file with a clear error instead of replacing it', () => {
    const file = tempDbFile();
    fs.writeFileSync(file, Buffer.alloc(8192, 7));
    expect(() => openDatabase(file)).toThrow(/cannot open database .*: /);
    expect(fs.readFileSync(file).equals(Buffer.alloc(8192, 7))).toBe(true);
  });

  it('refuses a truncated database', () => {
    const file = tempDbFile();
    openDatabase(file).$client.close();
    const full = fs.readFileSync(file);
    fs.writeFileSync(file, full.subarray(0, 2000));
    expect(() => openDatabase(file)).toThrow(/cannot open database/);
  });
});
