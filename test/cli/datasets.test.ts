import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/index.js';
import { testConfig } from '../../src/config.js';
import { DATASET_KINDS } from '../../src/platform/snapshots/dataset.js';
import {
  cadenceOf,
  datasetCatalogue,
  sampleCaptures,
  type CatalogueEntry,
} from '../../src/platform/snapshots/catalogue.js';
import { REFERENCE_DIR, SAMPLES_DIR } from '../../src/platform/snapshots/samples.js';
import { PROJECT_ROOT } from '../../src/paths.js';
import { ALL_DATASETS } from '../../src/root/datasets.js';
import { readmeWithTable } from '../../scripts/datasets-table.js';

async function cli(args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const sink = new Writable({
    write(chunk, _enc, done) {
      out += String(chunk);
      done();
    },
  });
  const code = await runCli(args, sink, sink);
  return { code, out };
}

describe('mds datasets', () => {
  it('--json gives every dataset its kind, publisher, sources, sample capture and cadence', async () => {
    const { code, out } = await cli(['datasets', '--json']);
    expect(code).toBe(0);
    const entries = JSON.parse(out) as CatalogueEntry[];
    expect(entries.map((e) => e.name)).toEqual(ALL_DATASETS.map((d) => d.name));
    for (const e of entries) {
      // A model computed here also lists the datasets it reads.
      const computed = Boolean(ALL_DATASETS.find((d) => d.name === e.name)!.derive);
      expect(Object.keys(e).sort()).toEqual(
        [
          'cadenceMinutes',
          'kind',
          'name',
          'sampleCapturedAt',
          'source',
          'sources',
          ...(computed ? ['inputs'] : []),
        ].sort(),
      );
      expect(DATASET_KINDS).toContain(e.kind);
      expect(e.source.length).toBeGreaterThan(3);
      for (const s of e.sources) {
        expect(Array.isArray(s.requires)).toBe(true);
        expect(typeof s.configured).toBe('boolean');
      }
    }
  });

  it('lists a source address exactly for the sources that are fetched, and a file for each reference table', () => {
    const catalogue = datasetCatalogue(ALL_DATASETS, testConfig());
    for (const [i, e] of catalogue.entries()) {
      const fetched = e.kind === 'live' || e.kind === 'relay';
      const defined = Object.values(ALL_DATASETS[i]!.sources);
      for (const [j, s] of e.sources.entries()) {
        const reference = defined[j]!.reference === true;
        expect(s.url !== undefined, `${e.name}`).toBe(fetched && !reference);
        expect(s.file, e.name).toBe(reference ? `db/reference/${defined[j]!.sample}` : undefined);
      }
      expect(e.cadenceMinutes !== null, e.name).toBe(fetched);
    }
    // A live dataset may read a reference table as one of its inputs (the operator table beside the feed).
    const flights = catalogue.find((e) => e.name === 'military.flights')!;
    expect(flights.kind).toBe('live');
    expect(flights.sources.map((s) => s.url ?? s.file)).toEqual([
      expect.stringMatching(/^https:\/\/api\.adsb\.lol\//),
      'db/reference/military/operators.json',
    ]);
  });

  it('a reference dataset is one whose every source is a file of db/reference/', () => {
    for (const d of ALL_DATASETS) {
      const sources = Object.values(d.sources);
      if (d.kind === 'reference') for (const s of sources) expect(s.reference, d.name).toBe(true);
      else expect(sources.length === 0 || sources.some((s) => !s.reference), d.name).toBe(true);
    }
  });

  it('says whether the credentials a source needs are set', () => {
    const needing = ALL_DATASETS.find((d) => Object.values(d.sources).some((s) => s.requires?.length));
    expect(needing).toBeDefined();
    const variable = Object.values(needing!.sources).flatMap((s) => s.requires ?? [])[0]!;
    const unset = datasetCatalogue([needing!], testConfig())[0]!;
    const set = datasetCatalogue([needing!], testConfig({ [variable]: 'a-value-long-enough-for-any-key' }))[0]!;
    const of = (e: CatalogueEntry) => e.sources.find((s) => s.requires.includes(variable))!.configured;
    expect(of(unset)).toBe(false);
    expect(of(set)).toBe(true);
  });

  it('the human listing names each dataset once and ends with a tally by kind', async () => {
    const { code, out } = await cli(['datasets']);
    expect(code).toBe(0);
    for (const d of ALL_DATASETS) expect(out).toContain(`${d.name}  [${d.kind}]`);
    expect(out.trim().split('\n').at(-1)).toMatch(new RegExp(`^${ALL_DATASETS.length} datasets: `));
  });
});

describe('dataset files', () => {
  it('every bundled file a dataset names exists where its source says (db/reference/ or db/samples/)', () => {
    for (const d of ALL_DATASETS) {
      for (const s of Object.values(d.sources)) {
        const dir = s.reference ? REFERENCE_DIR : SAMPLES_DIR;
        expect(fs.existsSync(path.join(dir, s.sample)), s.sample).toBe(true);
      }
    }
  });

  it('every dataset with a sample records when the sample was captured, and nothing else is listed', () => {
    const captures = sampleCaptures();
    // Reference tables are their own files; a model computed here (derive) has no sample of its own.
    const withSample = ALL_DATASETS.filter((d) => d.kind !== 'reference' && !d.derive).map((d) => d.name);
    expect(Object.keys(captures).sort()).toEqual([...withSample].sort());
    for (const at of Object.values(captures)) expect(new Date(at).toISOString().slice(0, 19)).toBe(at.slice(0, 19));
  });

  it('a cadence is refreshed at least twice within the age health calls stale', () => {
    for (const d of ALL_DATASETS) {
      const cadence = cadenceOf(d);
      if (cadence !== null) expect(cadence, d.name).toBeLessThanOrEqual(Math.max(5, d.maxStaleMinutes / 2));
    }
  });
});

describe('refresh cadence', () => {
  const quakes = ALL_DATASETS.find((d) => d.name === 'seismology.earthquakes')!;
  it("an override replaces the dataset's own cadence, and a running scheduler's interval is the floor", () => {
    const own = cadenceOf(quakes)!;
    expect(own).toBe(Math.max(5, Math.floor(quakes.maxStaleMinutes / 2)));
    const config = (overrides: Record<string, number>, floor: number) => ({
      INGEST_CADENCE_OVERRIDES: overrides,
      INGEST_INTERVAL_MINUTES: floor,
    });
    expect(cadenceOf(quakes, config({ 'seismology.earthquakes': 3 }, 0))).toBe(3);
    expect(cadenceOf(quakes, config({ 'news.feeds': 3 }, 0))).toBe(own);
    expect(cadenceOf(quakes, config({ 'seismology.earthquakes': 3 }, 60))).toBe(60);
    expect(cadenceOf(quakes, config({}, 1))).toBe(own);
  });

  it('mds datasets shows the cadence this configuration gives', () => {
    const [entry] = datasetCatalogue([quakes], testConfig({ INGEST_CADENCE_OVERRIDES: 'seismology.earthquakes=2' }));
    expect(entry!.cadenceMinutes).toBe(2);
  });
});

describe('README', () => {
  it('its dataset table is the one generated from mds datasets (npm run docs:datasets)', () => {
    const readme = fs.readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
    expect(readme).toBe(readmeWithTable(readme));
  });
});

describe('reference tables (db/reference/)', () => {
  const files = [
    ...new Set(
      ALL_DATASETS.flatMap((d) =>
        Object.values(d.sources)
          .filter((s) => s.reference)
          .map((s) => s.sample),
      ),
    ),
  ];

  it('each states its provenance: who publishes the facts, and when they were checked', () => {
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const beside = path.join(REFERENCE_DIR, `${file}.provenance.md`);
      if (fs.existsSync(beside)) continue;
      const doc = JSON.parse(fs.readFileSync(path.join(REFERENCE_DIR, file), 'utf8')) as { provenance?: unknown };
      expect(doc.provenance, file).toBeTruthy();
      expect(JSON.stringify(doc.provenance).length, file).toBeGreaterThan(80);
    }
  });

  it('each is listed in db/reference/README.md', () => {
    const readme = fs.readFileSync(path.join(REFERENCE_DIR, 'README.md'), 'utf8');
    for (const file of files) expect(readme, file).toContain(`\`${file}\``);
  });
});
