import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  isCalendarDate,
  parseBalticPage,
  parseSseIndex,
  shippingRatesDataset,
} from '../../../src/services/supply-chain/freight/datasets/shipping-rates.js';
import { periodChange, spikeAlert } from '../../../src/services/supply-chain/freight/rules.js';

const PATH = '/api/supply-chain/v1/get-shipping-rates';
const sample = (f: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'supply-chain', f));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [shippingRatesDataset] });
});
afterAll(() => app.close());

describe('GET get-shipping-rates', () => {
  it('answers SCFI, CCFI and the Baltic family in order', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.upstreamUnavailable).toBe(false);
    expect(res.body.indices.map((i: any) => i.indexId)).toEqual(['SCFI', 'CCFI', 'BDI', 'BCI', 'BPI', 'BSI', 'BHSI']);
    const scfi = res.body.indices[0];
    expect(scfi).toMatchObject({
      currentValue: 1387.45,
      previousValue: 1421.07,
      changePct: -2.37,
      unit: 'index',
      periodChangeBasis: 'publisher_reported',
      priorPeriodValue: 1421.07,
      priorPeriodDate: '2026-11-07',
      history: [
        { date: '2026-11-07', value: 1421.07 },
        { date: '2026-11-14', value: 1387.45 },
      ],
      spikeAlert: false,
    });
    const bdi = res.body.indices[2];
    expect(bdi).toMatchObject({
      currentValue: 1612,
      previousValue: 1578,
      periodChangeBasis: 'derived_from_prior_period_level',
      history: [{ date: '2026-11-19', value: 1612 }],
    });
    expect(bdi.changePct).toBeCloseTo((34 / 1578) * 100, 2);
    expect(bdi).not.toHaveProperty('priorPeriodDate');
    expect(res.body.indices.find((i: any) => i.indexId === 'BPI').previousValue).toBe(1389);
  });

  it('answers the unavailable body with no-store without data', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ indices: [], fetchedAt: '', upstreamUnavailable: true });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('parsers', () => {
  it('refuse pages and answers that changed shape', () => {
    expect(() => parseSseIndex(Buffer.from('{"data":{"currentDate":"2026-01-01","lineDataList":[]}}'), 'SCFI')).toThrow(
      /no composite index row/,
    );
    expect(() => parseSseIndex(Buffer.from('<html>'), 'CCFI')).toThrow(/not JSON/);
    expect(() => parseBalticPage(Buffer.from('<html><p>Maintenance</p></html>'))).toThrow(/no Baltic Dry Index figure/);
  });

  it('omit the decision-grade change without a valid publication date', () => {
    const doc = JSON.parse(sample('sse-scfi.json').toString());
    doc.data.currentDate = '2026-02-30';
    const i = parseSseIndex(Buffer.from(JSON.stringify(doc)), 'SCFI');
    expect(i).not.toHaveProperty('periodChangePct');
    expect(i.changePct).toBeCloseTo(-2.37, 2);
  });

  it.each([
    ['2026-11-19', true],
    ['2026-02-29', false],
    ['2024-02-29', true],
    ['19.11.2026', false],
  ])('isCalendarDate(%s) = %s', (s, ok) => expect(isCalendarDate(s)).toBe(ok));
});

describe('periodChange and spikeAlert', () => {
  it.each([
    [110, 100, -5, { pct: -5, basis: 'publisher_reported' }],
    [110, 100, undefined, { pct: 10, basis: 'derived_from_prior_period_level' }],
    [110, 0, undefined, undefined],
    [110, undefined, undefined, undefined],
  ])('%d after %s (publisher %s)', (cur, prior, pub, expected) =>
    expect(periodChange(cur, prior, pub)).toEqual(expected),
  );

  it.each([
    [[10, 10, 10, 10, 10, 10, 10, 10, 10, 30], true],
    [[10, 10, 10, 30], false],
    [[10, 11, 12], false],
    [[10, 50], false],
  ])('%j -> %s', (values, alert) => expect(spikeAlert(values)).toBe(alert));

  it('never alerts on a constant series (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.integer({ min: 3, max: 24 }), (v, n) => {
        expect(spikeAlert(Array(n).fill(v))).toBe(false);
      }),
    );
  });
});
