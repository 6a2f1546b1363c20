import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { parseRadnetCsv } from '../../../src/sources/epa-radnet/radnet.js';
import { parseSafecastMeasurements } from '../../../src/sources/safecast/safecast.js';
import {
  observationsFrom,
  radiationObservationsDataset,
} from '../../../src/services/radiation/datasets/radiation-observations.js';
import {
  agrees,
  baselineOf,
  confidenceOf,
  freshnessOf,
  severityOf,
  toNanosievert,
} from '../../../src/services/radiation/rules.js';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';

const PATH = '/api/radiation/v1/list-radiation-observations';
const H = 3_600_000;
const payloads: Record<string, Buffer> = {};
for (const [k, s] of Object.entries(radiationObservationsDataset.sources))
  payloads[k] = fs.readFileSync(path.join(SAMPLES_DIR, s.sample));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [radiationObservationsDataset] });
});
afterAll(() => app.close());

describe('radiation rules', () => {
  it.each([
    [35, 'cpm', 100, true],
    [0.05, 'usv', 50, false],
    [80, 'nSv/h', 80, false],
  ])('%d %s is %d nSv/h', (v, unit, nsv, fromCpm) => {
    const r = toNanosievert(v, unit)!;
    expect(r.nsv).toBeCloseTo(nsv, 6);
    expect(r.fromCpm).toBe(fromCpm);
  });
  it('refuses an unknown unit', () => expect(toNanosievert(1, 'rem')).toBeUndefined());

  it.each([
    [0, 'RADIATION_FRESHNESS_LIVE'],
    [6 * H, 'RADIATION_FRESHNESS_LIVE'],
    [6 * H + 1, 'RADIATION_FRESHNESS_RECENT'],
    [14 * 24 * H, 'RADIATION_FRESHNESS_RECENT'],
    [14 * 24 * H + 1, 'RADIATION_FRESHNESS_HISTORICAL'],
  ])('a reading %d ms old is %s', (age, f) => expect(freshnessOf(SAMPLE_NOW - age, SAMPLE_NOW)).toBe(f));

  it.each([
    [15, 0, 'RADIATION_FRESHNESS_LIVE', 'RADIATION_SEVERITY_SPIKE'],
    [1, 3, 'RADIATION_FRESHNESS_LIVE', 'RADIATION_SEVERITY_SPIKE'],
    [8, 0, 'RADIATION_FRESHNESS_RECENT', 'RADIATION_SEVERITY_ELEVATED'],
    [1, 2, 'RADIATION_FRESHNESS_LIVE', 'RADIATION_SEVERITY_ELEVATED'],
    [7.9, 1.9, 'RADIATION_FRESHNESS_LIVE', 'RADIATION_SEVERITY_NORMAL'],
    [50, 9, 'RADIATION_FRESHNESS_HISTORICAL', 'RADIATION_SEVERITY_NORMAL'],
  ] as const)('delta %d z %d %s -> %s', (d, z, f, s) => expect(severityOf(d, z, f)).toBe(s));

  it('computes σ only from enough readings and over the window', () => {
    expect(baselineOf([1, 2, 3], 168, 48).sd).toBeUndefined();
    const b = baselineOf([100, ...Array<number>(60).fill(10)], 60, 48);
    expect(b.mean).toBe(10);
    expect(b.sd).toBe(0);
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1000, noNaN: true }), { minLength: 2, maxLength: 200 }), (xs) => {
        const s = baselineOf(xs, 168, 2);
        return (
          s.mean >= Math.min(...xs.slice(-168)) - 1e-9 &&
          s.mean <= Math.max(...xs.slice(-168)) + 1e-9 &&
          (s.sd ?? 0) >= 0
        );
      }),
    );
  });

  it('agrees on two normal readings close together or same-direction deltas', () => {
    const n = (value: number, delta: number, severity = 'RADIATION_SEVERITY_NORMAL' as const) => ({
      value,
      delta,
      severity,
    });
    expect(agrees(n(88, 2), n(95, 1))).toBe(true);
    expect(agrees(n(88, 2), n(110, -1))).toBe(false);
    expect(
      agrees(
        { value: 140, delta: 20, severity: 'RADIATION_SEVERITY_SPIKE' },
        { value: 150, delta: 12, severity: 'RADIATION_SEVERITY_ELEVATED' },
      ),
    ).toBe(true);
    expect(agrees({ value: 140, delta: 20, severity: 'RADIATION_SEVERITY_SPIKE' }, n(100, -1))).toBe(false);
    expect(confidenceOf(true, false, true)).toBe('RADIATION_CONFIDENCE_HIGH');
    expect(confidenceOf(false, true, true)).toBe('RADIATION_CONFIDENCE_LOW');
    expect(confidenceOf(false, false, false)).toBe('RADIATION_CONFIDENCE_LOW');
    expect(confidenceOf(false, false, true)).toBe('RADIATION_CONFIDENCE_MEDIUM');
  });
});

describe('upstream parsers', () => {
  it('keeps approved RadNet rows only, oldest first', () => {
    const rows = parseRadnetCsv(payloads['radnet-denver']);
    expect(rows.length).toBeGreaterThan(170);
    expect(rows.length).toBeLessThan(193);
    expect(rows.every((r) => r.status === 'APPROVED')).toBe(true);
    expect(rows.at(-1)).toEqual({
      location: 'CO: DENVER',
      at: Date.parse('2026-11-20T11:00:00Z'),
      nsvPerHour: 142.6,
      status: 'APPROVED',
    });
  });

  it('reads Safecast measurement pages in both units', () => {
    const tokyo = parseSafecastMeasurements(payloads['safecast-tokyo']);
    expect(tokyo).toHaveLength(110);
    expect(tokyo.at(-1)!.unit).toBe('usv');
    expect(parseSafecastMeasurements(payloads['safecast-fukushima']).at(-1)!.value).toBe(62);
  });

  it.each([
    [() => parseRadnetCsv('"A","B"\n"1","2"'), /header lacks/],
    [() => parseRadnetCsv(''), /empty/],
    [() => parseSafecastMeasurements('{"error":"rate limited"}'), /not a list/],
    [() => parseSafecastMeasurements('<html>'), /not JSON/],
  ])('refuses malformed input %#', (fn, message) => expect(fn).toThrow(message));
});

describe('observations of the bundled sites', () => {
  const { records } = observationsFrom(payloads, SAMPLE_NOW);

  it('flags the Denver spike and corroborates Seattle across networks', () => {
    expect(records.map((o) => o.id)).toEqual([
      'denver:epa_radnet',
      'fukushima:safecast',
      'seattle:epa_radnet',
      'tokyo:safecast',
    ]);
    expect(records[0]).toMatchObject({
      severity: 'RADIATION_SEVERITY_SPIKE',
      value: 142.6,
      freshness: 'RADIATION_FRESHNESS_LIVE',
      source: 'RADIATION_SOURCE_EPA_RADNET',
    });
    expect(records[1]).toMatchObject({
      severity: 'RADIATION_SEVERITY_ELEVATED',
      convertedFromCpm: true,
      value: 177.14,
    });
    expect(records[2]).toMatchObject({
      corroborated: true,
      confidence: 'RADIATION_CONFIDENCE_HIGH',
      sourceCount: 2,
      contributingSources: ['EPA_RADNET', 'SAFECAST'],
    });
  });

  it('skips an unreadable site and refuses only when none can be read', () => {
    const partial = observationsFrom({ ...payloads, 'radnet-denver': Buffer.from('garbage') }, SAMPLE_NOW);
    expect(partial.unreadable).toEqual(['radnet-denver']);
    expect(partial.records.map((o) => o.id)).not.toContain('denver:epa_radnet');
    expect(() => observationsFrom({ 'safecast-tokyo': Buffer.from('nope') }, SAMPLE_NOW)).toThrow(
      /no radiation source/,
    );
  });
});

describe('GET list-radiation-observations', () => {
  it('answers the empty request with every site and the counters', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.observations).toHaveLength(4);
    expect(res.body).toMatchObject({
      dataAvailable: true,
      fetchedAt: SAMPLE_NOW,
      epaCount: 2,
      safecastCount: 3,
      anomalyCount: 2,
      elevatedCount: 1,
      spikeCount: 1,
      corroboratedCount: 1,
      lowConfidenceCount: 0,
      conflictingCount: 0,
      convertedFromCpmCount: 1,
    });
  });

  it('slices to max_items but keeps whole-set counters', async () => {
    const res = await app.get(`${PATH}?max_items=1`);
    expect(res.body.observations.map((o: { id: string }) => o.id)).toEqual(['denver:epa_radnet']);
    expect(res.body.anomalyCount).toBe(2);
    expect((await app.get(`${PATH}?max_items=0`)).body.observations).toHaveLength(4);
  });

  it('refuses a malformed max_items', async () => expectViolation(await app.get(`${PATH}?max_items=1.5`), 'max_items'));

  it('says dataAvailable false with zero counters without a snapshot', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body.dataAvailable).toBe(false);
      expect(res.body.epaCount).toBe(0);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
