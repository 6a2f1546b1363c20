import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  change30d,
  domainScore,
  freshnessOf,
  overallScore,
  pillarScore,
  scaleIndicator,
  stressOf,
  trendOf,
  type Dimension,
} from '../../../src/services/resilience/score-rules.js';
import { parseIpc, parseWhoGho, parseWorldBank } from '../../../src/services/resilience/datasets/indicators.js';
import { parseHistoryLog } from '../../../src/services/resilience/datasets/score-history.js';
import fs from 'node:fs';
import path from 'node:path';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';

const dim = (score: number, coverage: number, imputed = false): Dimension => ({
  id: 'd',
  score,
  coverage,
  observedWeight: imputed ? 0 : 1,
  imputedWeight: imputed ? 1 : 0,
  imputationClass: imputed ? 'absence-implies-safe' : '',
  freshness: { lastObservedAtMs: '0', staleness: '' },
});
const DAY = 86_400_000;

describe('scoring rules', () => {
  it.each([
    [50, { worst: 0, best: 100 }, 50],
    [150, { worst: 0, best: 100 }, 100],
    [2, { worst: 30, best: 2 }, 100],
    [16, { worst: 30, best: 2 }, 50],
    [6325, { worst: 500, best: 80_000, log: true }, 50],
  ])('scaleIndicator(%d, %j) = %d', (v, spec, s) => expect(scaleIndicator(v, spec)).toBeCloseTo(s, 0));

  it.each([
    [2026, 'fresh'],
    [2024, 'fresh'],
    [2022, 'aging'],
    [2015, 'stale'],
  ])('data from %d is %s in 2026', (y, f) => expect(freshnessOf(y, 2026)).toBe(f));

  it('weights dimensions by coverage, imputed ones at half', () => {
    expect(domainScore([dim(80, 1), dim(40, 1)])).toBe(60);
    expect(domainScore([dim(80, 1), dim(20, 0.4)])).toBeCloseTo((80 + 8) / 1.4, 2);
    expect(domainScore([dim(80, 1), dim(100, 1, true)])).toBeCloseTo((80 + 50) / 1.5, 2);
    expect(domainScore([dim(0, 0)])).toBe(0);
  });

  it('penalises the weakest pillar', () => {
    expect(overallScore([{ score: 100, weight: 1 }])).toBe(100);
    expect(
      overallScore([
        { score: 80, weight: 0.5 },
        { score: 40, weight: 0.5 },
      ]),
    ).toBe(60 * 0.7);
  });

  it('counts a coverage too small to mean anything as none (a counterexample fast-check found)', () => {
    const tiny = [dim(80.10000000000001, 2.5e-323)];
    expect(domainScore(tiny)).toBe(0);
    expect(pillarScore([{ id: 'a', score: 0, weight: 0.5, dimensions: tiny }])).toEqual({ score: 0, coverage: 0 });
  });

  it('keeps every score within 0-100', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            score: fc.double({ min: 0, max: 100, noNaN: true }),
            coverage: fc.double({ min: 0, max: 1, noNaN: true }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (ds) => {
          const d = domainScore(ds.map((x) => dim(x.score, x.coverage)));
          const p = pillarScore([
            { id: 'a', score: d, weight: 0.5, dimensions: ds.map((x) => dim(x.score, x.coverage)) },
          ]);
          const o = overallScore([
            { score: p.score, weight: 1 },
            { score: d, weight: 1 },
          ]);
          expect(d >= 0 && d <= 100 && p.score >= 0 && p.score <= 100 && o >= 0 && o <= 100).toBe(true);
        },
      ),
    );
  });

  it('reads trend and 30-day change from history', () => {
    const now = Date.UTC(2026, 10, 20);
    const rising = Array.from({ length: 10 }, (_, i) => ({ at: now - (30 - i * 3) * DAY, score: 50 + i }));
    expect(trendOf(rising)).toBe('rising');
    expect(trendOf(rising.map((p) => ({ ...p, score: 100 - p.score })))).toBe('falling');
    expect(trendOf(rising.map((p) => ({ ...p, score: 50 })))).toBe('stable');
    expect(change30d(rising, 62, now)).toBe(12);
    expect(change30d([], 62, now)).toBe(0);
  });

  it('caps the stress factor at one half', () => {
    expect(stressOf(90)).toEqual({ stressScore: 10, stressFactor: 0.1 });
    expect(stressOf(10)).toEqual({ stressScore: 90, stressFactor: 0.5 });
  });
});

describe('indicator parsers', () => {
  const sample = (f: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'resilience', f));
  /** The WHO sample as the live fetch joins its per-indicator answers (who-gho.requests.json). */
  const whoGho = () =>
    Buffer.from(
      JSON.stringify({
        value: ['WHOSIS_000001', 'UHC_INDEX_REPORTED'].flatMap(
          (code) => (JSON.parse(sample(`who-gho/${code}.json`).toString('utf8')) as { value: unknown[] }).value,
        ),
      }),
    );

  it('read the bundled samples', () => {
    const wb = parseWorldBank(sample('worldbank-indicators.json'));
    expect(wb.find((o) => o.countryCode === 'US' && o.indicator === 'NY.GDP.PCAP.KD' && o.year === 2024)?.value).toBe(
      65020,
    );
    // Null values are gaps, not zeros.
    expect(wb.some((o) => o.countryCode === 'SD' && o.indicator === 'GC.DOD.TOTL.GD.ZS')).toBe(false);
    expect(parseWhoGho(whoGho()).find((o) => o.countryCode === 'JP' && o.indicator === 'WHOSIS_000001')?.value).toBe(
      84.5,
    );
    expect(parseIpc(sample('ipc-phase3.csv')).map((o) => o.countryCode)).toEqual(['SD', 'HT', 'NG', 'PK']);
    const history = parseHistoryLog(sample('score-history.json'));
    expect(new Set(history.map((p) => p.countryCode)).size).toBe(12);
    // The seed log as written: 29 daily points, an older one and a re-run of the last day (bounding is appendScores').
    const us = history.filter((p) => p.countryCode === 'US');
    expect(us).toHaveLength(31);
    expect(us.at(-1)).toEqual({ countryCode: 'US', at: Date.UTC(2026, 10, 19), score: 56.89 });
  });

  it('refuse malformed input with a clear message', () => {
    expect(() => parseWorldBank(Buffer.from('{"message":"Invalid value"}'))).toThrow(
      /World Bank: expected a \[metadata, rows\] array/,
    );
    expect(() => parseWorldBank(Buffer.from('[{"message":[{"id":"120","value":"Invalid value"}]}]'))).toThrow(
      /World Bank: upstream error: Invalid value/,
    );
    expect(() => parseWhoGho(Buffer.from('nope'))).toThrow(/WHO GHO response is not JSON/);
    expect(() => parseIpc(Buffer.from('a,b\n1,2\n'))).toThrow(/Phase 3\+ %/);
    expect(() => parseHistoryLog(Buffer.from('{"schema":"other"}'))).toThrow(/unexpected shape/);
    expect(() => parseHistoryLog(Buffer.from('[1,'))).toThrow(/not JSON/);
  });
});
