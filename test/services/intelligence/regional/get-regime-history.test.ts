import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, SAMPLE_NOW, type TestApp } from '../../../support/app.js';
import { escalatedIndex, MIDDLE_EAST, withInputs } from '../../../support/derived.js';
import { expectViolation } from '../../../support/expect.js';
import { ciiScoresDataset } from '../../../../src/services/intelligence/country/datasets/cii-scores.js';
import { REGIONS } from '../../../../src/services/intelligence/regional/geography.js';
import {
  regimeHistoryDataset,
  REGIME_HISTORY,
  type RegimeHistoryInfo,
} from '../../../../src/services/intelligence/regional/datasets/regime-history.js';

const PATH = '/api/intelligence/v1/get-regime-history';
describe('get-regime-history', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: withInputs(regimeHistoryDataset) });
    // The first answer's conformance check compiles the document synchronously; on a closed connection no idle socket races it.
    await app.get(PATH, { connection: 'close' });
  });
  afterAll(() => app.close());

  it("starts empty: the first computation records every region's label, with nothing earlier to compare", async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ transitions: [] });
    const snap = app.deps.store.read<unknown, RegimeHistoryInfo>(REGIME_HISTORY)!;
    expect(Object.keys(snap.info.lastLabels).sort()).toEqual(REGIONS.map((r) => r.id).sort());
    expect(snap.info.scoredAt).toBe(SAMPLE_NOW);
    expect(snap.capturedAt).toBe(SAMPLE_NOW);
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

  it('appends a transition when new instability scores change a label, once, and none for unchanged inputs', async () => {
    const menaBefore = app.deps.store.read<unknown, RegimeHistoryInfo>(REGIME_HISTORY)!.info.lastLabels.mena;
    // A new index snapshot (forced: its inputs are those of the current one) with the Middle East escalated.
    expect(
      await app.deps.runner.run(escalatedIndex(MIDDLE_EAST), { origin: { kind: 'live' }, force: true }),
    ).toMatchObject({
      ok: true,
    });
    expect(await app.deps.runner.run(regimeHistoryDataset, { origin: { kind: 'live' } })).toMatchObject({ ok: true });
    const first = (await app.get(PATH)).body.transitions;
    expect(first.length).toBe(1);
    // The regional rules put a region whose coercive pressure tops 0.80 on the escalation ladder.
    expect(first[0]).toMatchObject({
      regionId: 'mena',
      label: 'escalation_ladder',
      previousLabel: menaBefore,
      transitionedAt: SAMPLE_NOW,
    });
    expect(first[0].transitionDriver).toMatch(/^coercive pressure 0\.\d\d above 0\.80/);
    expect(first[0].snapshotId).toMatch(/^mena-[0-9a-f]{12}$/);

    // The same inputs again: the runner skips the model, nothing is appended.
    const version = app.deps.store.read(REGIME_HISTORY)!.version;
    expect(await app.deps.runner.run(regimeHistoryDataset, { origin: { kind: 'live' } })).toMatchObject({
      ok: true,
      unchanged: true,
    });
    expect(app.deps.store.read(REGIME_HISTORY)!.version).toBe(version);

    // The index as computed again: the region returns to its label.
    await app.deps.runner.run(ciiScoresDataset, { origin: { kind: 'live' }, force: true });
    await app.deps.runner.run(regimeHistoryDataset, { origin: { kind: 'live' } });
    const back = (await app.get(PATH)).body.transitions;
    expect(back.length).toBe(2);
    expect(back.map((t: { label: string; previousLabel: string }) => [t.previousLabel, t.label])).toContainEqual([
      'escalation_ladder',
      menaBefore,
    ]);
    expect((await app.get(`${PATH}?region_id=mena&limit=1`)).body.transitions).toHaveLength(1);
    expect((await app.get(`${PATH}?region_id=north-america`)).body.transitions).toEqual([]);
    expect((await app.get(`${PATH}?region_id=atlantis`)).body.transitions).toEqual([]);
  });
});

describe('get-regime-history without the history dataset', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: withInputs(ciiScoresDataset) });
  });
  afterAll(() => app.close());

  it('answers an empty list', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ transitions: [] });
  });
});
