import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { SAFETY_DATASETS } from '../../../src/services/safety/datasets/index.js';
import { clampLimit, contains, sameDivision, torontoDate } from '../../../src/services/safety/rules.js';
import { parseCallsAttended, parseMciReports } from '../../../src/sources/tps/open-data.js';

const PATH = '/api/safety/v1/get-toronto-safety';
const read = (f: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'safety', f));

describe('rules', () => {
  it.each([
    [undefined, 50],
    [0, 50],
    [-4, 50],
    [20, 20],
    [101, 100],
  ])('limit %s -> %i', (l, e) => expect(clampLimit(l as number | undefined)).toBe(e));
  it.each([
    ['D14', '14', true],
    ['D14', 'd14', true],
    ['D14', 'D014', true],
    ['D14', 'D41', false],
    ['D14', undefined, true],
  ])('%s vs %s: %s', (d, w, e) => expect(sameDivision(d, w)).toBe(e));
  it('dates a Toronto midnight in Toronto, summer or winter', () => {
    expect(torontoDate(Date.UTC(2026, 0, 15, 5))).toBe('2026-01-15');
    expect(torontoDate(Date.UTC(2026, 6, 15, 4))).toBe('2026-07-15');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20000 }), (day) => {
        const d = Date.UTC(2000, 0, 1) + day * 86_400_000;
        expect(torontoDate(d + 4 * 3_600_000)).toBe(new Date(d).toISOString().slice(0, 10));
        expect(torontoDate(d + 5 * 3_600_000)).toBe(new Date(d).toISOString().slice(0, 10));
      }),
    );
  });
  it('matches text case-insensitively', () => {
    expect(contains('Assault With Weapon', 'with')).toBe(true);
    expect(contains('B&E', 'robbery')).toBe(false);
  });
});

describe('TPS ArcGIS parsers', () => {
  it('reads the bundled layers', () => {
    const mci = parseMciReports(read('tps-major-crime-indicators.json'));
    expect(mci).toHaveLength(64);
    expect(mci[0]).toMatchObject({
      division: expect.stringMatching(/^D\d\d$/),
      neighbourhood: expect.stringMatching(/\(\d+\)$/),
    });
    const calls = parseCallsAttended(read('tps-calls-for-service-attended.json'));
    expect(calls).toHaveLength(30);
    expect(calls.find((c) => c.divisionOriginal !== c.divisionFinal)).toMatchObject({
      eventYear: 2023,
      divisionOriginal: 'D52',
      divisionFinal: 'D51',
    });
  });
  it('refuses an ArcGIS error answer', () => {
    expect(() => parseMciReports('{"error":{"code":400,"message":"Invalid query"}}')).toThrow(
      /ArcGIS: service error 400: Invalid query/,
    );
  });
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: SAFETY_DATASETS });
});
afterAll(() => app.close());

describe('GET get-toronto-safety', () => {
  it('answers recent major crimes by default, newest first', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({
      semantic: 'reported_occurrence',
      source: 'tps-mci',
      degraded: false,
      unavailable: false,
      matched: 64,
      truncated: true,
      aggregates: [],
      newestContentYear: 2026,
    });
    expect(b.occurrences).toHaveLength(50);
    const dates = b.occurrences.map((o: { reportDate: string }) => o.reportDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(b.occurrences[0]).toMatchObject({ id: `tps-mci:${b.occurrences[0].objectId}`, approximate: true });
    expect(b.attribution).toMatch(/Open Government Licence/);
  });
  it('filters occurrences by division, neighbourhood, offence and year', async () => {
    const all = (await app.get(`${PATH}?limit=100`)).body.occurrences as {
      division: string;
      neighbourhood: string;
      offence: string;
      reportDate: string;
    }[];
    const res = (await app.get(`${PATH}?limit=100&division=14&offence=assault`)).body;
    const expected = all.filter((o) => o.division === 'D14' && /assault/i.test(o.offence));
    expect(res.occurrences).toEqual(all.filter((o) => expected.includes(o)));
    expect(res.matched).toBe(expected.length);
    expect(res.truncated).toBe(false);
    const annex = (await app.get(`${PATH}?neighbourhood=annex`)).body.occurrences;
    for (const o of annex) expect(o.neighbourhood).toBe('Annex (95)');
    expect((await app.get(`${PATH}?year=2019`)).body.matched).toBe(0);
  });
  it('answers annual calls attended, matching either division', async () => {
    const b = (await app.get(`${PATH}?dataset=annual_aggregate&limit=100`)).body;
    expect(b).toMatchObject({
      semantic: 'annual_aggregate',
      source: 'tps-calls-attended',
      matched: 30,
      newestContentYear: 2025,
      occurrences: [],
    });
    expect(b.aggregates[0]).toMatchObject({ eventYear: 2025, incidentPoint: false });
    const d52 = (await app.get(`${PATH}?dataset=annual_aggregate&division=D52&limit=100`)).body.aggregates;
    expect(d52.some((a: { divisionFinal: string }) => a.divisionFinal === 'D51')).toBe(true);
    expect((await app.get(`${PATH}?dataset=annual_aggregate&year=2024`)).body.matched).toBe(10);
    expect((await app.get(`${PATH}?dataset=annual_aggregate&offence=assault`)).body).toMatchObject({
      matched: 0,
      aggregates: [],
    });
  });
  it.each([
    ['dataset=all', 'dataset'],
    ['limit=x', 'limit'],
    ['year=-1', 'year'],
  ])('refuses %s', async (q, f) => expectViolation(await app.get(`${PATH}?${q}`), f));
  it('without a snapshot answers unavailable, uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toMatchObject({ unavailable: true, matched: 0, occurrences: [], fetchedAt: 0 });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
