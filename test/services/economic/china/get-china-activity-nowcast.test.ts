import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import { chinaMacroDataset } from '../../../../src/services/economic/china/datasets/china-macro.js';
import {
  CORRIDOR_HISTORY,
  CORRIDOR_HISTORY_KEEP,
  corridorHistoryDataset,
  type CorridorHistoryPoint,
} from '../../../../src/services/economic/china/datasets/corridor-history.js';
import { commoditiesDataset } from '../../../../src/services/market/commodities/datasets/commodities.js';
import { indexBoardsDataset } from '../../../../src/services/market/equities/datasets/index-boards.js';
import { CORRIDOR_SAMPLES } from '../../supply-chain/china/corridor-samples.js';
import { samplePayloads } from '../../../support/upstream.js';

const payloads = () => samplePayloads(corridorHistoryDataset);

const PATH = '/api/economic/v1/get-china-activity-nowcast';
const HOUR = 3_600_000;
let app: TestApp;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock(SAMPLE_NOW);
  app = await startTestApp({
    samples: [chinaMacroDataset, corridorHistoryDataset, commoditiesDataset, indexBoardsDataset, ...CORRIDOR_SAMPLES],
    clock,
  });
});
afterAll(() => app.close());

type Contribution = {
  seriesId: string;
  family: string;
  included: boolean;
  exclusionReason: string | null;
  value: number | null;
  direction: string | null;
};
const payloadOf = (body: { payloadJson: string }) => JSON.parse(body.payloadJson);
const byFamily = (p: { contributions: Contribution[] }) => new Map(p.contributions.map((c) => [c.family, c]));

describe('GET get-china-activity-nowcast', () => {
  it('answers the empty request with the official reading against the proxies of the bundled snapshots', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      methodVersion: 'china-activity-nowcast/v1',
      upstreamUnavailable: false,
      comparisonState: 'mixed_signals',
    });
    expect(res.headers.get('cache-control')).toMatch(/max-age/);
    const p = payloadOf(res.body);
    expect(p.official).toMatchObject({
      seriesId: 'nbs_industrial_value_added_yoy',
      value: 4.9,
      direction: 'weakening',
      observationPeriod: '2026-10',
    });
    const c = byFamily(p);
    expect(c.get('freight')).toMatchObject({
      seriesId: 'ccfi_freight_rate_change',
      included: true,
      value: -0.67,
      direction: 'weakening',
    });
    expect(c.get('maritime')).toMatchObject({ included: true, value: -1.46, direction: 'weakening' });
    expect(c.get('aviation')).toMatchObject({ included: true, value: 0.25, direction: 'strengthening' });
    expect(c.get('commodity')).toMatchObject({ included: true, value: 0.62, direction: 'strengthening' });
    expect(c.get('market')).toMatchObject({ included: true, value: 0.63, direction: 'strengthening' });
    expect(c.get('energy')).toMatchObject({ included: false, exclusionReason: 'no_observation' });
    // One corridor reading so far: nothing to compare it with.
    expect(c.get('corridor')).toMatchObject({ included: false, exclusionReason: 'no_observation' });
    // Three proxies up, two down: the leading side is short of two thirds.
    expect(p.confidence).toEqual({ level: 'medium', coverage: 0.714, robust: false });
    expect(p.sensitivity).toContainEqual({ withoutFamily: 'freight', comparisonState: 'proxy_leading_divergence' });
    expect(p.historicalEvaluation.status).toBe('unavailable');
    expect(p.audit.corridorHistoryPoints).toBe(1);
  });

  it('never writes history on a read; an ingestion a day later adds the reading the corridor proxy compares with', async () => {
    const before = app.deps.store.version(CORRIDOR_HISTORY);
    for (let i = 0; i < 3; i++) await app.get(PATH);
    expect(app.deps.store.version(CORRIDOR_HISTORY)).toBe(before);

    clock.set(SAMPLE_NOW + 24 * HOUR);
    // The same upstream documents read a day later (a sample load would stand for the sample's own capture).
    const r = await app.deps.runner.run(corridorHistoryDataset, {
      origin: { kind: 'bytes', payloads: await payloads() },
    });
    expect(r).toMatchObject({ ok: true, recordCount: 2 });
    const points = app.deps.store.read<CorridorHistoryPoint>(CORRIDOR_HISTORY)!.records;
    expect(points.map((pt) => pt.at)).toEqual([SAMPLE_NOW, SAMPLE_NOW + 24 * HOUR]);
    const p = payloadOf((await app.get(PATH)).body);
    // The same inputs read twice: the breadth did not move.
    expect(byFamily(p).get('corridor')).toMatchObject({ included: true, value: 0, direction: 'flat' });
    expect(p.audit.corridorHistoryPoints).toBe(2);
  });

  it('keeps the last 16 readings, one per ingestion', async () => {
    for (let i = 2; i <= 20; i++) {
      clock.set(SAMPLE_NOW + 24 * HOUR + i * HOUR);
      expect(
        (await app.deps.runner.run(corridorHistoryDataset, { origin: { kind: 'bytes', payloads: await payloads() } }))
          .ok,
      ).toBe(true);
    }
    const points = app.deps.store.read<CorridorHistoryPoint>(CORRIDOR_HISTORY)!.records;
    expect(points).toHaveLength(CORRIDOR_HISTORY_KEEP);
    expect(points.at(-1)!.at).toBe(SAMPLE_NOW + 44 * HOUR);
    clock.set(SAMPLE_NOW);
  });
});

describe('get-china-activity-nowcast without snapshots', () => {
  it('has insufficient data, flags the upstream unavailable and is not cached', async () => {
    await withTestApp({ samples: 'none', clock: new ManualClock(SAMPLE_NOW) }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        comparisonState: 'insufficient_data',
        upstreamUnavailable: true,
        methodVersion: 'china-activity-nowcast/v1',
      });
      const p = payloadOf(res.body);
      expect(p.official).toBeNull();
      expect(p.contributions.every((c: Contribution) => !c.included && c.exclusionReason === 'no_observation')).toBe(
        true,
      );
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  it('with the official reading alone, is insufficient but not unavailable', async () => {
    await withTestApp({ samples: [chinaMacroDataset], clock: new ManualClock(SAMPLE_NOW) }, async (official) => {
      const res = await official.get(PATH);
      expect(res.body).toMatchObject({ comparisonState: 'insufficient_data', upstreamUnavailable: false });
      expect(payloadOf(res.body).official.seriesId).toBe('nbs_industrial_value_added_yoy');
    });
  });
});
