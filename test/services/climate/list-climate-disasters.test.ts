import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { parseReliefwebDisasters } from '../../../src/sources/reliefweb/disasters.js';
import {
  climateDisastersDataset,
  disastersFromReliefweb,
} from '../../../src/services/climate/datasets/climate-disasters.js';
import { mergedDisasters } from '../../../src/services/climate/queries.js';
import { disasterSeverity, disasterTypeOf, sameDisaster } from '../../../src/services/climate/rules.js';
import { naturalEventsDataset, naturalEventsFromEonet } from '../../../src/services/natural/datasets/natural-events.js';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';

const PATH = '/api/climate/v1/list-climate-disasters';
const RW = fs.readFileSync(path.join(SAMPLES_DIR, 'climate/reliefweb-disasters.json'));
const EONET = fs.readFileSync(path.join(SAMPLES_DIR, 'natural/eonet-events.json'));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [climateDisastersDataset, naturalEventsDataset] });
});
afterAll(() => app.close());

describe('disaster rules', () => {
  it.each([
    ['FL', 'flood'],
    ['TC', 'tropical_cyclone'],
    ['DR', 'drought'],
    ['HT', 'heat_wave'],
    ['WF', 'wildfire'],
  ])('%s is %s', (code, type) => expect(disasterTypeOf(code)).toBe(type));

  it.each([
    ['alert', 'high'],
    ['ongoing', 'medium'],
    ['past', 'low'],
  ])('status %s is severity %s', (status, severity) => expect(disasterSeverity(status)).toBe(severity));

  it('matches the same disaster by country and start, or by storm name', () => {
    const day = 86_400_000;
    const a = { type: 'flood', countryCode: 'BR', startedAt: 10 * day, name: 'Brazil: Floods' };
    expect(sameDisaster(a, { ...a, startedAt: 13 * day })).toBe(true);
    expect(sameDisaster(a, { ...a, startedAt: 14 * day })).toBe(false);
    expect(sameDisaster(a, { ...a, type: 'drought' })).toBe(false);
    const storm = {
      type: 'tropical_cyclone',
      countryCode: 'PH',
      startedAt: 0,
      name: 'Philippines: Typhoon Fung-wong - Nov 2026',
    };
    expect(
      sameDisaster(storm, { type: 'tropical_cyclone', countryCode: '', startedAt: 0, name: 'Typhoon Fung-wong' }),
    ).toBe(true);
    expect(
      sameDisaster(storm, { type: 'tropical_cyclone', countryCode: '', startedAt: 0, name: 'Typhoon Haiyan' }),
    ).toBe(false);
  });
});

describe('ReliefWeb parser', () => {
  it('reads the disasters with their primary country', () => {
    const rows = parseReliefwebDisasters(RW);
    expect(rows).toHaveLength(9);
    expect(rows[0]).toMatchObject({ id: '52851', status: 'alert', typeCode: 'TC', iso3: 'PHL', lat: 12.75 });
    const mapped = disastersFromReliefweb(RW).find((d) => d.id === 'reliefweb-52851')!;
    expect(mapped).toMatchObject({
      type: 'tropical_cyclone',
      country: 'Philippines',
      countryCode: 'PH',
      severity: 'high',
      source: 'ReliefWeb',
      sourceUrl: 'https://reliefweb.int/disaster/tc-2026-000201-phl',
    });
  });

  it.each([
    ['nope', /not JSON/],
    ['{"error":{"type":"UnauthorizedAppname"}}', /no data list/],
  ])('refuses %s', (text, message) => expect(() => parseReliefwebDisasters(text)).toThrow(message));
});

describe('merged list', () => {
  const merged = mergedDisasters(disastersFromReliefweb(RW), naturalEventsFromEonet(EONET));

  it('adds EONET events ReliefWeb does not list and drops the duplicates', () => {
    expect(merged).toHaveLength(11);
    expect(merged.filter((d) => d.source === 'NASA EONET').map((d) => d.id)).toEqual([
      'eonet-EONET_14981',
      'eonet-EONET_14977',
    ]);
    expect(merged.map((d) => d.startedAt)).toEqual([...merged.map((d) => d.startedAt)].sort((a, b) => b - a));
  });
});

describe('GET list-climate-disasters', () => {
  it('gives a real default page, not one item', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.disasters).toHaveLength(11);
    expect(res.body.pagination).toEqual({ nextCursor: '', totalCount: 11 });
  });

  it('pages with the cursor', async () => {
    const first = await app.get(`${PATH}?page_size=4`);
    expect(first.body.disasters).toHaveLength(4);
    const second = await app.get(`${PATH}?page_size=4&cursor=${first.body.pagination.nextCursor}`);
    expect(second.body.disasters[0].id).toBe((await app.get(PATH)).body.disasters[4].id);
    expect((await app.get(`${PATH}?page_size=1000`)).body.disasters).toHaveLength(11);
  });

  it.each([
    ['page_size=-1', 'page_size'],
    ['page_size=x', 'page_size'],
    ['cursor=***', 'cursor'],
  ])('refuses %s', async (q, field) => expectViolation(await app.get(`${PATH}?${q}`), field));

  it('serves EONET events alone, and an empty no-store page without either snapshot', async () => {
    await withTestApp({ samples: [naturalEventsDataset] }, async (only) => {
      expect((await only.get(PATH)).body.disasters.every((d: { source: string }) => d.source === 'NASA EONET')).toBe(
        true,
      );
    });
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ disasters: [], pagination: { nextCursor: '', totalCount: 0 } });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
