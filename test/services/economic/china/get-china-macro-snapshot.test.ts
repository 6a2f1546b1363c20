import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import { chinaMacroDataset } from '../../../../src/services/economic/china/datasets/china-macro.js';
import { sampleAsFetched } from '../../../support/upstream.js';

const PATH = '/api/economic/v1/get-china-macro-snapshot';
let app: TestApp;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock(SAMPLE_NOW);
  app = await startTestApp({ samples: [chinaMacroDataset], clock });
});
afterAll(() => app.close());

type Indicator = { id: string; [k: string]: unknown };
const byId = (body: { indicators: Indicator[] }) => new Map(body.indicators.map((i) => [i.id, i]));
// Each release's sample is the listing then the release page, as the live fetch reads them.
const SAMPLES: Record<string, Buffer> = Object.fromEntries(
  await Promise.all(Object.entries(chinaMacroDataset.sources).map(async ([k, s]) => [k, await sampleAsFetched(s)])),
);
const sample = (key: string) => SAMPLES[key]!;

describe('GET get-china-macro-snapshot', () => {
  it('answers the empty request with the five official series of the bundled releases, ready', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      countryCode: 'CN',
      generatedAt: '2026-11-20T12:00:00.000Z',
      status: 'ready',
      launchReady: true,
      unavailable: false,
      schemaVersion: 2,
      contentObservationDate: '2026-10',
      latestObservationDate: '2026-10',
    });
    const ind = byId(res.body);
    expect(ind.get('nbs_industrial_value_added_yoy')).toMatchObject({
      value: 4.9,
      priorValue: 6.5,
      hasValue: true,
      direction: 'weakening',
      category: 'activity',
      periodKind: 'month',
      observationPeriod: '2026-10',
      observationDate: '2026-10-31',
      releaseTime: '2026-11-16T02:00:00.000Z',
      retrievalTime: '2026-11-20T12:00:00.000Z',
      stale: false,
      transportStatus: 'fresh',
      source: 'NBS',
    });
    expect(ind.get('nbs_fixed_asset_investment_yoy')).toMatchObject({
      value: -1.7,
      priorValue: -0.5,
      periodKind: 'year_to_date',
      direction: 'weakening',
    });
    expect(ind.get('nbs_real_estate_investment_yoy')).toMatchObject({
      value: -14.7,
      priorValue: -13.9,
      direction: 'weakening',
    });
    expect(ind.get('safe_fx_reserves')).toMatchObject({
      value: 3339.8,
      priorValue: 3335.3,
      unit: 'usd_billion',
      direction: 'strengthening',
      releaseTime: '2026-11-06T16:00:00.000Z',
    });
    expect(ind.get('safe_bank_fx_settlement')).toMatchObject({
      value: 16.4,
      priorValue: 9.8,
      direction: 'strengthening',
    });
    const vintage = (
      ind.get('safe_fx_reserves')!.vintages as { vintageId: string; sequence: number; state: string }[]
    )[0]!;
    expect(vintage).toMatchObject({
      sequence: 1,
      state: 'original',
      vintageId: ind.get('safe_fx_reserves')!.vintageId,
    });
    expect(JSON.parse(ind.get('safe_fx_reserves')!.provenanceJson as string).originalReference.contentHash).toMatch(
      /^sha256:[0-9a-f]{64}$/,
    );
    expect(res.headers.get('cache-control')).toMatch(/max-age/);
  });

  it('reports PBoC and customs series unavailable in-band, never estimated', async () => {
    const res = await app.get(PATH);
    const notCollected = res.body.indicators.filter((i: Indicator) => /^(pboc|gacc)_/.test(i.id));
    expect(notCollected).toHaveLength(7);
    for (const i of notCollected) {
      expect(i).toMatchObject({
        hasValue: false,
        value: 0,
        unavailableReason: 'SOURCE_NOT_COLLECTED',
        transportStatus: 'not_requested',
        contextOnly: true,
        direction: 'unavailable',
        vintages: [],
      });
    }
    const decisions = new Map(res.body.sourceDecisions.map((d: { source: string }) => [d.source, d]));
    expect(decisions.get('NBS')).toMatchObject({ status: 'accepted', requestCount: 4, optional: false });
    expect(decisions.get('SAFE')).toMatchObject({ status: 'accepted', requestCount: 2 });
    expect(decisions.get('PBoC')).toMatchObject({ status: 'not_collected', requestCount: 0, optional: true });
    expect(decisions.get('GACC')).toMatchObject({ status: 'not_collected', optional: true });
    const pillars = new Map(res.body.pillars.map((p: { pillar: string }) => [p.pillar, p]));
    expect(pillars.get('credit_liquidity')).toEqual({
      pillar: 'credit_liquidity',
      direction: 'unavailable',
      reason: 'NO_AVAILABLE_OFFICIAL_OBSERVATION',
      observationIds: [],
    });
    expect(pillars.get('activity')).toMatchObject({
      direction: 'weakening',
      reason: 'CONSISTENT_AVAILABLE_OBSERVATIONS',
      observationIds: ['nbs_industrial_value_added_yoy'],
    });
    expect(pillars.get('investment_property')).toMatchObject({
      direction: 'weakening',
      observationIds: ['nbs_fixed_asset_investment_yoy', 'nbs_real_estate_investment_yoy'],
    });
    expect(pillars.get('external_pressure')).toMatchObject({ direction: 'strengthening' });
  });

  it('lists the NBS calendar from a month back to four months ahead, released or scheduled at the request time', async () => {
    const events = (await app.get(PATH)).body.releaseEvents as {
      releaseDate: string;
      event: string;
      status: string;
      releaseTime: string;
      timezone: string;
    }[];
    expect(events[0]!.releaseDate >= '2026-10-20').toBe(true);
    expect(events.at(-1)!.releaseDate <= '2027-03-20').toBe(true);
    const ip = events.filter((e) => e.event === 'Industrial Production Operation');
    expect(ip.map((e) => `${e.releaseDate} ${e.status}`)).toEqual(['2026-11-16 released', '2026-12-15 scheduled']);
    expect(ip[0]).toMatchObject({
      releaseTime: '10:00',
      timezone: 'Asia/Shanghai',
      kind: 'nbs_release',
      countryCode: 'CN',
      source: 'NBS',
    });
  });

  it('judges staleness at the capture, never the clock: SAFE after 45 days, NBS after 75', async () => {
    const before = await app.get(PATH);
    clock.set(Date.UTC(2026, 11, 20));
    try {
      // The same snapshot a month on answers the same.
      expect((await app.get(PATH)).text).toBe(before.text);
      // The same releases read a month on: the SAFE figure is past its 45 days, NBS within 75.
      const r = await app.deps.runner.run(chinaMacroDataset, { origin: { kind: 'bytes', payloads: SAMPLES } });
      expect(r.ok).toBe(true);
      const res = await app.get(PATH);
      const ind = byId(res.body);
      expect(ind.get('safe_fx_reserves')).toMatchObject({
        stale: true,
        direction: 'unavailable',
        unavailableReason: 'STALE_OBSERVATION',
      });
      expect(ind.get('nbs_industrial_value_added_yoy')).toMatchObject({ stale: false, direction: 'weakening' });
      expect(res.body).toMatchObject({ status: 'degraded', launchReady: false, unavailable: false });
      expect(res.body.pillars.find((p: { pillar: string }) => p.pillar === 'external_pressure').reason).toBe(
        'NO_AVAILABLE_OFFICIAL_OBSERVATION',
      );
    } finally {
      clock.set(SAMPLE_NOW);
      expect((await app.deps.runner.run(chinaMacroDataset, { origin: { kind: 'samples' } })).ok).toBe(true);
    }
  });
});

describe('get-china-macro-snapshot with a release missing', () => {
  it('keeps the other series and reports the missing one in-band, degraded', async () => {
    await withTestApp({ samples: 'none', clock: new ManualClock(SAMPLE_NOW) }, async (partial) => {
      const payloads = {
        industrial: sample('industrial'),
        investment: sample('investment'),
        property: sample('property'),
        settlement: sample('settlement'),
        calendar: sample('calendar'),
      };
      const result = await partial.deps.runner.run(chinaMacroDataset, { origin: { kind: 'bytes', payloads } });
      expect(result).toMatchObject({ ok: true, partialSources: ['reserves'] });
      const res = await partial.get(PATH);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'degraded', launchReady: false, unavailable: false });
      expect(byId(res.body).get('safe_fx_reserves')).toMatchObject({
        hasValue: false,
        unavailableReason: 'SOURCE_MISSING',
        transportStatus: 'missing',
      });
      expect(byId(res.body).get('safe_bank_fx_settlement')).toMatchObject({ hasValue: true, value: 16.4 });
      expect(res.body.sourceDecisions.find((d: { source: string }) => d.source === 'SAFE')).toMatchObject({
        status: 'degraded',
        requestCount: 1,
      });
    });
  });
});

describe('get-china-macro-snapshot vintages', () => {
  it('keeps one vintage while the figure stands, and records a revision of the same period as a new one', async () => {
    await withTestApp({ samples: [chinaMacroDataset], clock: new ManualClock(SAMPLE_NOW) }, async (rev) => {
      const pages = () => Object.fromEntries(Object.keys(chinaMacroDataset.sources).map((k) => [k, sample(k)]));
      expect((await rev.deps.runner.run(chinaMacroDataset, { origin: { kind: 'bytes', payloads: pages() } })).ok).toBe(
        true,
      );
      let ip = byId((await rev.get(PATH)).body).get('nbs_industrial_value_added_yoy')!;
      expect(ip).toMatchObject({ revisionState: 'original', revisionSequence: 1 });
      expect(ip.vintages).toHaveLength(1);

      const revised = {
        ...pages(),
        industrial: Buffer.from(
          sample('industrial').toString('utf8').replace('was 4.9 percent year on year', 'was 5.1 percent year on year'),
        ),
      };
      expect((await rev.deps.runner.run(chinaMacroDataset, { origin: { kind: 'bytes', payloads: revised } })).ok).toBe(
        true,
      );
      ip = byId((await rev.get(PATH)).body).get('nbs_industrial_value_added_yoy')!;
      expect(ip).toMatchObject({ value: 5.1, revisionState: 'revised', revisionSequence: 2 });
      const [first, second] = ip.vintages as {
        vintageId: string;
        sequence: number;
        state: string;
        value: number;
        supersededBy: string;
      }[];
      expect(first).toMatchObject({ sequence: 1, state: 'original', value: 4.9, supersededBy: second!.vintageId });
      expect(second).toMatchObject({
        sequence: 2,
        state: 'revised',
        value: 5.1,
        supersededBy: '',
        vintageId: ip.vintageId,
      });
      // Other series, unchanged, keep their single vintage.
      expect(byId((await rev.get(PATH)).body).get('safe_fx_reserves')!.vintages).toHaveLength(1);
    });
  });
});

describe('get-china-macro-snapshot without a snapshot', () => {
  it('is unavailable, empty and uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        countryCode: 'CN',
        status: 'unavailable',
        unavailable: true,
        launchReady: false,
        indicators: [],
        pillars: [],
        schemaVersion: 2,
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
