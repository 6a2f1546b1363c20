import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import { buildCiss, ecbCissDataset } from '../../../../src/services/economic/rates/datasets/ecb-ciss.js';
import { fsiLabel, isFsiStale } from '../../../../src/services/economic/rates/rules.js';

const PATH = '/api/economic/v1/get-eu-fsi';
const clock = new ManualClock(SAMPLE_NOW);
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [ecbCissDataset], clock });
});
afterAll(() => app.close());

describe('GET get-eu-fsi', () => {
  it('serves the latest reading, its band and the history oldest first without out-of-range values', async () => {
    clock.set(SAMPLE_NOW);
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      latestValue: 0.0912,
      latestDate: '2026-11-19',
      label: 'Low',
      unavailable: false,
      stale: false,
      seededAt: new Date(SAMPLE_NOW).toISOString(),
    });
    expect(res.body.history).toHaveLength(28);
    expect(res.body.history.at(-1)).toEqual({ date: '2026-11-19', value: 0.0912 });
    expect(res.body.history.every((h: { value: number }) => h.value >= 0 && h.value <= 1)).toBe(true);
    expect(res.headers.get('cache-control')).toMatch(/max-age=300/);
  });

  it('judges staleness at the capture, not the clock: two weeks on the same series answers the same', async () => {
    const before = await app.get(PATH);
    clock.set(Date.UTC(2026, 11, 4));
    try {
      const res = await app.get(PATH);
      expect(res.text).toBe(before.text);
      expect(res.body.stale).toBe(false);
      expect(res.headers.get('cache-control')).not.toBe('no-store');
    } finally {
      clock.set(SAMPLE_NOW);
    }
  });

  it('is stale when the latest reading was more than 14 days old at the capture', () => {
    // The sample's latest reading is of 2026-11-19.
    expect(isFsiStale('2026-11-19', Date.UTC(2026, 11, 3))).toBe(false);
    expect(isFsiStale('2026-11-19', Date.UTC(2026, 11, 4))).toBe(true);
  });
});

describe('CISS rules', () => {
  it.each([
    [0, 'Low'],
    [0.199, 'Low'],
    [0.2, 'Moderate'],
    [0.4, 'Elevated'],
    [0.6, 'High'],
    [1, 'High'],
  ])('%d is %s', (v, label) => expect(fsiLabel(v)).toBe(label));

  it.each([
    ['2026-11-06', false],
    ['2026-11-05', true],
    ['garbage', true],
  ])('a latest day of %s on 2026-11-20 is stale: %s', (date, stale) =>
    expect(isFsiStale(date, Date.UTC(2026, 10, 20))).toBe(stale),
  );

  it('keeps only readings within 0-1, in date order', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { minLength: 1, maxLength: 20 }), (values) => {
        const csv =
          'TIME_PERIOD,OBS_VALUE\n' + values.map((v, i) => `2026-10-${String(i + 1).padStart(2, '0')},${v}`).join('\n');
        const inRange = values.filter((v) => v >= 0 && v <= 1);
        if (inRange.length === 0) expect(() => buildCiss(Buffer.from(csv))).toThrow(/no reading/);
        else expect(buildCiss(Buffer.from(csv)).map((o) => o.value)).toEqual(inRange.map((v) => v + 0));
      }),
    );
  });
});

describe('get-eu-fsi without a snapshot', () => {
  it('is zeros, unavailable, not stale, uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({
        latestValue: 0,
        latestDate: '',
        label: '',
        history: [],
        seededAt: '',
        unavailable: true,
        stale: false,
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
