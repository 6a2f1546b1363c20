import { samplePayloads } from '../../support/upstream.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshDerived } from '../../../src/platform/snapshots/derived.js';
import { ALL_DATASETS } from '../../../src/root/datasets.js';
import { FORECAST_DATASETS } from '../../../src/services/forecast/datasets/index.js';
import { FORECASTS } from '../../../src/services/forecast/datasets/predictions.js';
import { RESOLUTIONS } from '../../../src/services/forecast/datasets/resolutions.js';
import { SIMULATION_PACKAGE } from '../../../src/services/forecast/datasets/simulation-package.js';
import { startTestApp, SAMPLE_NOW, type TestApp } from '../../support/app.js';
import { startUpstream, type Upstream } from '../../support/upstream.js';
import { FORECAST_SAMPLES } from './samples.js';

// The forecast datasets are computed here (issue "Data truth II") from our own snapshots: no upstream, no sample.

let upstream: Upstream;
let app: TestApp;
beforeAll(async () => {
  upstream = await startUpstream();
  app = await startTestApp({
    samples: FORECAST_SAMPLES,
    config: { UPSTREAM_BASE_OVERRIDE: upstream.origin, UPSTREAM_RETRIES: 0 },
  });
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

describe('forecast datasets', () => {
  it.each(FORECAST_DATASETS.map((d) => [d.name, d] as const))('%s is derived from inputs, with no source', (_n, d) => {
    expect(d.kind).toBe('derived');
    expect(d.sources).toEqual({});
    expect(d.inputs!.length).toBeGreaterThan(0);
    expect(d.derive).toBeTypeOf('function');
  });

  it('records the input versions each was computed from, at the newest input time, fetching nothing', () => {
    const doc = app.deps.store.read(FORECASTS)!;
    expect(doc.capturedAt).toBe(SAMPLE_NOW);
    expect(doc.info.inputVersions).toMatchObject({ 'intelligence.cii-scores': 1, 'conflict.ucdp-events': 1 });
    expect(app.deps.store.read(RESOLUTIONS)!.info.inputVersions).toMatchObject({ [FORECASTS]: doc.version });
    expect(app.deps.store.read(SIMULATION_PACKAGE)!.info.inputVersions).toEqual({ [FORECASTS]: doc.version });
    expect(upstream.seen).toEqual([]);
  });

  it('recomputes when an input gets a new snapshot, and appends to the ledger rather than replacing it', async () => {
    const before = app.deps.store.read(FORECASTS)!;
    const ledgerBefore = app.deps.store.read<{ key: string }>(RESOLUTIONS)!;
    const ucdp = ALL_DATASETS.find((d) => d.name === 'conflict.ucdp-events')!;
    // The same events read again as an operator's file: a new input version (its origin differs from the
    // sample's), the same content.
    const loaded = await app.deps.runner.run(ucdp, { origin: { kind: 'bytes', payloads: await samplePayloads(ucdp) } });
    expect(loaded.ok).toBe(true);
    await refreshDerived([loaded], ALL_DATASETS, app.deps.runner);
    const after = app.deps.store.read(FORECASTS)!;
    expect(after.version).toBeGreaterThan(before.version);
    // Same data: the same cards, so every open window is found again and nothing new is appended.
    expect(after.records).toEqual(before.records);
    const ledgerAfter = app.deps.store.read<{ key: string }>(RESOLUTIONS)!;
    expect(ledgerAfter.version).toBeGreaterThan(ledgerBefore.version);
    expect(ledgerAfter.records.map((e) => e.key)).toEqual(ledgerBefore.records.map((e) => e.key));
  });

  it('refuses a live refresh of a derived dataset being computed from nothing', async () => {
    const bare = await startTestApp({ samples: 'none' });
    try {
      for (const d of FORECAST_DATASETS)
        expect((await bare.deps.runner.run(d, { origin: { kind: 'live' } })).ok).toBe(false);
    } finally {
      await bare.close();
    }
  });
});
