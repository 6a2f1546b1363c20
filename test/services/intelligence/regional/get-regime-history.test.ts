import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, SAMPLE_NOW, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import type { ManualClock } from '../../../../src/platform/clock.js';
import { REFERENCE_DIR, SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { ciiScoresDataset } from '../../../../src/services/intelligence/country/datasets/cii-scores.js';
import {
  regimeHistoryDataset,
  REGIME_HISTORY,
} from '../../../../src/services/intelligence/regional/datasets/regime-history.js';

const PATH = '/api/intelligence/v1/get-regime-history';
const sample = (p: string) => readFileSync(path.join(SAMPLES_DIR, p));

/** The sample's source payloads, with the instability export replaced. */
function payloads(cii: Buffer): Record<string, Buffer> {
  return {
    seed: sample('intelligence/regime-history.json'),
    cii,
    chokepoints: readFileSync(path.join(REFERENCE_DIR, 'supply-chain/chokepoints.json')),
    oref: sample('intelligence/oref-alerts-history.json'),
    flights_aircraft: sample('military/adsb-lol-mil.json'),
    flights_operators: readFileSync(path.join(REFERENCE_DIR, 'military/operators.json')),
  };
}

/** The sample export with every Middle East score pushed to the top of its ranges. */
function escalatedCii(): Buffer {
  const doc = JSON.parse(sample('intelligence/cii-risk-scores.json').toString('utf8'));
  for (const s of doc.ciiScores) {
    if (['IL', 'IR', 'YE', 'SY', 'LB', 'IQ'].includes(s.region)) {
      s.components.militaryActivity = 99;
      s.components.geoConvergence = 99;
      s.combinedScore = 95;
    }
  }
  return Buffer.from(JSON.stringify(doc));
}

describe('get-regime-history', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: [regimeHistoryDataset] });
    // The first answer's conformance check compiles the document synchronously; on a closed connection no idle socket races it.
    await app.get(PATH, { connection: 'close' });
  });
  afterAll(() => app.close());

  it('answers the empty request with the Middle East transitions of the bundled history, newest first', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(
      res.body.transitions.map((t: { label: string; transitionedAt: number }) => [
        t.label,
        new Date(t.transitionedAt).toISOString(),
      ]),
    ).toEqual([
      ['stressed_equilibrium', '2026-11-16T06:00:00.000Z'],
      ['escalation_ladder', '2026-10-14T00:00:00.000Z'],
      ['stressed_equilibrium', '2026-09-02T18:00:00.000Z'],
    ]);
    expect(res.body.transitions[0]).toMatchObject({
      regionId: 'mena',
      previousLabel: 'escalation_ladder',
      transitionDriver: 'net balance -0.38 below -0.10',
    });
    expect(res.body.transitions[0].snapshotId).toMatch(/^mena-[0-9a-f]{12}$/);
  });

  it('keeps one region and applies the limit (0 means the default)', async () => {
    const east = (await app.get(`${PATH}?region_id=east-asia`)).body.transitions;
    expect(east.map((t: { previousLabel: string; label: string }) => `${t.previousLabel}>${t.label}`)).toEqual([
      'coercive_stalemate>managed_deescalation',
      'stressed_equilibrium>coercive_stalemate',
    ]);
    expect((await app.get(`${PATH}?limit=1`)).body.transitions.length).toBe(1);
    expect((await app.get(`${PATH}?limit=0`)).body.transitions.length).toBe(3);
    expect((await app.get(`${PATH}?region_id=north-america`)).body.transitions).toEqual([]);
    expect((await app.get(`${PATH}?region_id=atlantis`)).body.transitions).toEqual([]);
  });

  it('refuses bad input', async () => {
    expectViolation(await app.get(`${PATH}?limit=101`), 'limit');
    expectViolation(await app.get(`${PATH}?limit=-1`), 'limit');
    expectViolation(await app.get(`${PATH}?limit=ten`), 'limit');
    expectViolation(await app.get(`${PATH}?region_id=MENA`), 'region_id');
  });

  it('is a Pro operation', async () => {
    const free = await app.createKey({ plan: 'free' });
    expect((await app.get(PATH, { 'x-service-key': free.key })).status).toBe(403);
  });

  it('never grows on a read: only an ingestion appends', async () => {
    const before = app.deps.store.read(REGIME_HISTORY)!.version;
    await app.get(PATH);
    await app.get(`${PATH}?region_id=europe`);
    expect(app.deps.store.read(REGIME_HISTORY)!.version).toBe(before);
  });

  it('appends a transition when an ingestion scores a different label, once', async () => {
    const clock = app.clock as ManualClock;
    clock.set(SAMPLE_NOW + 3_600_000);
    const r1 = await app.deps.runner.run(regimeHistoryDataset, {
      origin: { kind: 'bytes', payloads: payloads(escalatedCii()) },
    });
    expect(r1.ok, r1.error).toBe(true);
    const first = (await app.get(PATH)).body.transitions[0];
    expect(first).toMatchObject({
      regionId: 'mena',
      label: 'escalation_ladder',
      previousLabel: 'stressed_equilibrium',
      transitionedAt: SAMPLE_NOW + 3_600_000,
    });
    expect(first.transitionDriver).toMatch(
      /^coercive pressure 0\.\d\d above 0\.80 with net balance -0\.\d\d below -0\.40$/,
    );

    // The same inputs again: nothing changed, nothing appended.
    clock.set(SAMPLE_NOW + 2 * 3_600_000);
    await app.deps.runner.run(regimeHistoryDataset, { origin: { kind: 'bytes', payloads: payloads(escalatedCii()) } });
    const again = (await app.get(PATH)).body.transitions;
    expect(again.length).toBe(4);
    expect(again[0].transitionedAt).toBe(SAMPLE_NOW + 3_600_000);

    // Back to the sample inputs: the region returns to its previous label.
    await app.deps.runner.run(regimeHistoryDataset, {
      origin: { kind: 'bytes', payloads: payloads(sample('intelligence/cii-risk-scores.json')) },
    });
    expect((await app.get(`${PATH}?limit=1`)).body.transitions[0]).toMatchObject({
      label: 'stressed_equilibrium',
      previousLabel: 'escalation_ladder',
      transitionedAt: SAMPLE_NOW + 2 * 3_600_000,
    });
  });

  it('keeps the previous history when the instability export cannot be read', async () => {
    const count = app.deps.store.read(REGIME_HISTORY)!.records.length;
    const r = await app.deps.runner.run(regimeHistoryDataset, {
      origin: { kind: 'bytes', payloads: payloads(Buffer.from('not json')) },
    });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/CII export is not JSON/);
    expect(app.deps.store.read(REGIME_HISTORY)!.records.length).toBe(count);
  });
});

describe('get-regime-history without the history dataset', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: [ciiScoresDataset] });
  });
  afterAll(() => app.close());

  it('answers an empty list', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ transitions: [] });
  });
});
