import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { humanitarianDataset, humanitarianRows } from '../../../src/services/conflict/datasets/humanitarian.js';
import { humanitarianCounts, normaliseCountryCodes } from '../../../src/services/conflict/rules.js';
import { parseHapiConflictEvents } from '../../../src/sources/hapi/conflict-events.js';
import { appRouter } from '../../../src/root/app-router.js';
import { procedureEntry } from '../../../src/http/procedure-table.js';

const sample = fs.readFileSync(path.join(SAMPLES_DIR, 'conflict/hapi-conflict-events.csv'));
const ONE = '/api/conflict/v1/get-humanitarian-summary';
const BATCH = '/api/conflict/v1/get-humanitarian-summary-batch';

describe('HAPI conflict-events parser', () => {
  it('reads the bundled CSV', () => {
    const rows = parseHapiConflictEvents(sample);
    expect(rows).toHaveLength(180);
    expect(rows[0]).toEqual({
      locationCode: 'AFG',
      locationName: 'Afghanistan',
      adminLevel: 0,
      adminCode: '',
      eventType: 'political_violence',
      events: 34,
      fatalities: 53,
      periodStart: '2026-09-01',
    });
  });
  it('refuses a CSV without the expected columns and skips unknown event types', () => {
    expect(() => parseHapiConflictEvents('a,b\n1,2\n')).toThrow(/HAPI: missing columns location_code/);
    const csv =
      'location_code,location_name,admin_level,event_type,events,fatalities,reference_period_start\nSDN,Sudan,0,riots,4,0,2026-10-01\nSDN,Sudan,0,demonstration,4,,2026-10-01\n';
    expect(parseHapiConflictEvents(csv)).toEqual([
      {
        locationCode: 'SDN',
        locationName: 'Sudan',
        adminLevel: 0,
        adminCode: '',
        eventType: 'demonstration',
        events: 4,
        fatalities: 0,
        periodStart: '2026-10-01',
      },
    ]);
  });
  it('needs the HAPI app identifier for live ingestion', () => {
    expect(humanitarianDataset.sources.hapi.requires).toEqual(['HAPI_APP_IDENTIFIER']);
  });
});

describe('humanitarianCounts', () => {
  const row = (
    periodStart: string,
    adminLevel: number,
    eventType: 'political_violence' | 'civilian_targeting' | 'demonstration',
    events: number,
    fatalities = 0,
  ) => ({ periodStart, adminLevel, eventType, events, fatalities });
  it('uses the latest month only, civilian targeting inside political violence', () => {
    expect(
      humanitarianCounts([
        row('2026-09-01', 0, 'political_violence', 100, 9),
        row('2026-10-01', 0, 'political_violence', 10, 3),
        row('2026-10-01', 0, 'civilian_targeting', 5, 2),
        row('2026-10-01', 0, 'demonstration', 7),
      ]),
    ).toEqual({
      conflictEventsTotal: 22,
      conflictPoliticalViolenceEvents: 15,
      conflictFatalities: 5,
      conflictDemonstrations: 7,
      referencePeriod: '2026-10-01',
    });
  });
  it('never adds two admin levels of one month together', () => {
    expect(
      humanitarianCounts([
        row('2026-10-01', 0, 'political_violence', 10),
        row('2026-10-01', 1, 'political_violence', 4),
        row('2026-10-01', 1, 'political_violence', 6),
      ])!.conflictEventsTotal,
    ).toBe(10);
  });
  it('is undefined without rows and totals add up for any input', () => {
    expect(humanitarianCounts([])).toBeUndefined();
    const arb = fc.array(
      fc.record({
        periodStart: fc.constantFrom('2026-09-01', '2026-10-01'),
        adminLevel: fc.integer({ min: 0, max: 2 }),
        eventType: fc.constantFrom(
          'political_violence' as const,
          'civilian_targeting' as const,
          'demonstration' as const,
        ),
        events: fc.nat(1000),
        fatalities: fc.nat(1000),
      }),
      { minLength: 1 },
    );
    fc.assert(
      fc.property(arb, (rows) => {
        const c = humanitarianCounts(rows)!;
        expect(c.conflictEventsTotal).toBe(c.conflictPoliticalViolenceEvents + c.conflictDemonstrations);
      }),
    );
  });
  it('normalises batch codes', () => {
    expect(normaliseCountryCodes(['sd', 'SD', ' ua ', 'USA', '1', 'ye'])).toEqual(['SD', 'UA', 'YE']);
    expect(
      normaliseCountryCodes(Array.from({ length: 30 }, (_, i) => `A${String.fromCharCode(65 + (i % 26))}`)).length,
    ).toBeLessThanOrEqual(25);
  });
  it('sums Syria’s governorates for its latest month', () => {
    const syria = humanitarianRows(sample).find((r) => r.countryCode === 'SY')!;
    expect(syria.referencePeriod).toBe('2026-10-01');
    expect(syria.conflictPoliticalViolenceEvents).toBe(
      [231, 74].reduce((s, n) => s + [0.08, 0.31, 0.27, 0.22, 0.12].reduce((t, f) => t + Math.round(n * f), 0), 0),
    );
  });
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [humanitarianDataset] });
});
afterAll(() => app.close());

const post = (body: unknown) =>
  app.request(BATCH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('GET get-humanitarian-summary', () => {
  it('without a country answers the one with the most political violence', async () => {
    const res = await app.get(ONE);
    expect(res.status).toBe(200);
    expect(res.body.summary).toMatchObject({
      countryCode: 'UA',
      countryName: 'Ukraine',
      // October: 5,010 political-violence events (3,120 fatalities) plus 748 civilian-targeting (163).
      conflictPoliticalViolenceEvents: 5010 + 748,
      conflictFatalities: 3120 + 163,
      conflictDemonstrations: 29,
      conflictEventsTotal: 5010 + 748 + 29,
      referencePeriod: '2026-10-01',
    });
    expect(res.body.summary.updatedAt).toBeGreaterThan(0);
  });
  it('answers a country by code, any case, and {} for a country without data', async () => {
    expect((await app.get(`${ONE}?country_code=sd`)).body.summary).toMatchObject({
      countryCode: 'SD',
      conflictFatalities: 1187 + 642,
    });
    const none = await app.get(`${ONE}?country_code=FR`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({});
    expect(none.headers.get('cache-control')).not.toBe('no-store');
  });
  it.each([
    ['country_code=USA', 'country_code'],
    ['country_code=ZZ', 'country_code'],
    ['country_code=1A', 'country_code'],
  ])('refuses %s', async (q, f) => {
    expectViolation(await app.get(`${ONE}?${q}`), f);
  });
});

describe('POST get-humanitarian-summary-batch', () => {
  it('answers the countries it has, normalised', async () => {
    const res = await post({ countryCodes: ['ye', 'YE', 'SO', 'FR', 'bad'] });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.results)).toEqual(['SO', 'YE']);
    expect(res.body).toMatchObject({ fetched: 2, requested: 3 });
    expect(res.body.results.YE.countryName).toBe('Yemen');
  });
  it.each([[{}], [{ countryCodes: [] }], [{ countryCodes: Array(26).fill('SD') }], [{ countryCodes: 'SD' }]])(
    'refuses %j',
    async (body) => {
      expectViolation(await post(body), 'countryCodes');
    },
  );
  it('accepts an Idempotency-Key and answers the same again', async () => {
    const send = () =>
      app.request(BATCH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'hum-1' },
        body: JSON.stringify({ countryCodes: ['SD'] }),
      });
    const a = await send();
    const b = await send();
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(a.headers.get('cache-control')).toBe('no-store');
  });
  it('declares the 30-per-minute policy', () => {
    expect(procedureEntry(appRouter, 'conflict.getHumanitarianSummaryBatch')?.meta).toMatchObject({
      ratePolicy: 'get-humanitarian-summary-batch',
    });
  });
});

describe('without a snapshot', () => {
  it('answers empty and uncacheable', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(ONE);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
