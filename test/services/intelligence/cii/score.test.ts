import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex, scoreCountry } from '../../../../src/services/intelligence/cii/score.js';
import { acledWeight, gatherSignals, ucdpIntensity } from '../../../../src/services/intelligence/cii/signals.js';
import { extendHistory, priorEntry, trendAgainst } from '../../../../src/services/intelligence/cii/trend.js';
import { CII_COUNTRIES, COUNTRY_WEIGHTS } from '../../../../src/services/intelligence/cii/weights.js';

const AT = Date.UTC(2026, 10, 20, 12);
const DAY = 86_400_000;
const HOUR = 3_600_000;

describe('the published weights', () => {
  it('scores the 31 tier-1 countries with their baselines and multipliers', () => {
    expect(CII_COUNTRIES).toHaveLength(31);
    expect(COUNTRY_WEIGHTS.UA).toEqual({ baselineRisk: 50, eventMultiplier: 0.8 });
    expect(COUNTRY_WEIGHTS.US).toEqual({ baselineRisk: 5, eventMultiplier: 0.3 });
    expect(COUNTRY_WEIGHTS.KP).toEqual({ baselineRisk: 45, eventMultiplier: 3 });
  });
});

describe('ACLED time weights', () => {
  it.each([
    // 7.5 days old -> day 7: full weight.
    ['2026-11-13', 1],
    // 8.5 days old: 0.4.
    ['2026-11-12', 0.4],
    // 30 days before the 20th is the 21 October: the first day of the older window.
    ['2026-10-21', 0.4],
    ['2026-10-20', 0],
    ['2026-11-20', 1],
    ['2026-11-21', 0],
  ])('an event dated %s weighs %s', (date, w) => {
    expect(acledWeight(Date.parse(`${date}T00:00:00Z`), AT)).toBe(w);
  });
});

describe('UCDP intensity over two years', () => {
  const events = (country: string, n: number, deaths = 0, age = 30 * DAY) =>
    Array.from({ length: n }, () => ({ country, dateStart: AT - age, deathsBest: deaths }));

  it.each([
    ['11 events: minor', events('Ukraine', 11), 'minor'],
    ['10 events: nothing', events('Ukraine', 10), undefined],
    ['101 events: war', events('Ukraine', 101), 'war'],
    ['2 events with 1,001 deaths: war', [...events('Ukraine', 1, 1000), ...events('Ukraine', 1, 1)], 'war'],
    ['events older than two years do not count', events('Ukraine', 200, 0, 731 * DAY), undefined],
  ])('%s', (_name, evs, expected) => {
    expect(ucdpIntensity(evs, AT).get('UA')).toBe(expected);
  });

  it('two spellings of one country: the stronger class holds', () => {
    const m = ucdpIntensity([...events('Russia', 11), ...events('Russia (Soviet Union)', 101)], AT);
    expect(m.get('RU')).toBe('war');
  });
});

describe('one country, every term', () => {
  it('Ukraine: components, boosts, the UCDP war floor', () => {
    const s = gatherSignals(
      {
        acled: [
          ...Array.from({ length: 2 }, () => ({
            country: 'Ukraine',
            eventType: 'Protests',
            fatalities: 0,
            occurredAt: AT - DAY,
          })),
          { country: 'Ukraine', eventType: 'Protests', fatalities: 1, occurredAt: AT - 2 * DAY },
          ...Array.from({ length: 10 }, () => ({
            country: 'Ukraine',
            eventType: 'Battles',
            fatalities: 2,
            occurredAt: AT - DAY,
          })),
          ...Array.from({ length: 5 }, () => ({
            country: 'Ukraine',
            eventType: 'Explosions/Remote violence',
            fatalities: 1,
            occurredAt: AT - DAY,
          })),
          ...Array.from({ length: 2 }, () => ({
            country: 'Ukraine',
            eventType: 'Violence against civilians',
            fatalities: 0,
            occurredAt: AT - DAY,
          })),
        ],
        ucdp: Array.from({ length: 120 }, () => ({ country: 'Ukraine', dateStart: AT - 90 * DAY, deathsBest: 3 })),
        gps: [{ lat: 48.5, lon: 32.0, level: 'high' }],
        fires: [
          { lat: 48.0, lon: 33.0, brightness: 365, frp: 10 },
          ...Array.from({ length: 3 }, () => ({ lat: 48.0, lon: 33.0, brightness: 320, frp: 5 })),
        ],
        displaced: { UA: 5_000_000 },
      },
      AT,
    );
    const r = scoreCountry('UA', s.get('UA')!);
    // Unrest: 3 protests, one with a death: base 3 x 0.8 x 8 = 19.2, deaths 4, severity 8 -> 31.2 -> 31.
    // Conflict: raw (30 + 20 + 10) x 0.8 = 48 -> 32.85 -> 33; deaths 25 -> round(5 x 5 x 0.8) = 20; civilians 6 -> 59.
    // Security: one high GPS cell -> 5.
    expect(r.components).toEqual({ unrest: 31, conflict: 59, security: 5, information: 0 });
    // Boosts: do-not-travel from the fallback table 15; 5 M displaced 18; fires 1.5 + 4 x 0.25 = 2.5.
    expect(r.boosts).toEqual({
      climate: 0,
      cyber: 0,
      fire: 2.5,
      advisory: 15,
      oref: 0,
      displacement: 18,
      newsUrgency: 0,
      earthquake: 0,
      sanctions: 0,
      ais: 0,
    });
    // 0.4 x 50 + 0.6 x (7.75 + 17.7 + 1) + 35.5 = 20 + 15.87 + 35.5 = 71.37 -> 71, above the war floor of 70.
    expect(r.blended).toBeCloseTo(71.37, 10);
    expect(r.floor).toBe(70);
    expect(r.combined).toBe(71);
  });

  it('a quiet country scores 0.4 x its baseline; a UCDP minor conflict floors it at 50', () => {
    expect(scoreCountry('US', gatherSignals({}, AT).get('US')!).combined).toBe(2);
    // North Korea is not in the advisory fallback table: 0.4 x 45 = 18.
    expect(scoreCountry('KP', gatherSignals({}, AT).get('KP')!).combined).toBe(18);
    const minor = gatherSignals(
      { ucdp: Array.from({ length: 12 }, () => ({ country: 'United States', dateStart: AT - DAY, deathsBest: 0 })) },
      AT,
    );
    expect(scoreCountry('US', minor.get('US')!).combined).toBe(50);
  });

  it('Israel: sirens in the conflict component and the OREF blend boost', () => {
    const s = gatherSignals({ oref: { activeAlertCount: 0, historyCount24h: 12 } }, AT).get('IL')!;
    const r = scoreCountry('IL', s);
    // No active sirens: conflict 0; 12 alerts in 24 h: +10; reconsider (fallback) +10 and floor 50.
    // 0.4 x 45 + 10 + 10 = 38 -> floor 50.
    expect(r.boosts.oref).toBe(10);
    expect(r.components.conflict).toBe(0);
    expect(r.combined).toBe(50);
  });

  it('sanctions, earthquakes, cyber and AIS attribute to the country they name or fall in', () => {
    const s = gatherSignals(
      {
        sanctions: { RU: { entryCount: 2100, newEntryCount: 3 } },
        // M6.8 two days ago in Japan; an M7.8 eight days ago is out of the window.
        earthquakes: [
          { magnitude: 6.8, occurredAt: AT - 2 * DAY, lat: 36.0, lon: 140.5 },
          { magnitude: 7.8, occurredAt: AT - 8 * DAY, lat: 36.0, lon: 140.5 },
        ],
        cyber: [
          { country: 'RU', severity: 'CRITICALITY_LEVEL_CRITICAL' },
          { country: 'RU', severity: 'CRITICALITY_LEVEL_LOW' },
        ],
        military: { RU: { aisDisruptionHigh: 1 } },
      },
      AT,
    );
    const ru = scoreCountry('RU', s.get('RU')!);
    expect(ru.boosts).toMatchObject({ sanctions: 14, cyber: 3, ais: 2.5 });
    // 0.4 x 35 + caution 5 + 14 + 3 + 2.5 = 38.5 -> 39 (round half up).
    expect(ru.combined).toBe(39);
    expect(scoreCountry('JP', s.get('JP')!).boosts.earthquake).toBe(5);
  });

  it('a live advisory replaces the fallback; a live level outside the three keeps the fallback', () => {
    const s = gatherSignals({ advisories: { UA: 'reconsider', SY: 'normal', US: 'caution' } }, AT);
    expect(s.get('UA')).toMatchObject({ advisoryLevel: 'reconsider', advisoryProvenance: 'live' });
    expect(s.get('SY')).toMatchObject({ advisoryLevel: 'do-not-travel', advisoryProvenance: 'fallback' });
    expect(s.get('US')).toMatchObject({ advisoryLevel: 'caution', advisoryProvenance: 'live' });
    expect(s.get('DE')).toMatchObject({ advisoryLevel: undefined, advisoryProvenance: 'absent' });
  });
});

describe('the 24 h trend', () => {
  const entry = (ageMs: number, ua: number) => ({ at: AT - ageMs, scores: { UA: ua } });

  it.each([
    ['3 points up: rising', [entry(24 * HOUR, 60)], 63, 3, 'TREND_DIRECTION_RISING'],
    ['1 point up: stable', [entry(24 * HOUR, 62)], 63, 1, 'TREND_DIRECTION_STABLE'],
    ['2 points down: falling', [entry(24 * HOUR, 65)], 63, -2, 'TREND_DIRECTION_FALLING'],
    ['prior 31 minutes too old: none', [entry(24 * HOUR + 31 * 60_000, 40)], 63, 0, 'TREND_DIRECTION_STABLE'],
    ['no history', [], 63, 0, 'TREND_DIRECTION_STABLE'],
  ] as const)('%s', (_name, history, combined, delta, trend) => {
    expect(trendAgainst('UA', combined, history, AT)).toEqual({ dynamicScore: delta, trend });
  });

  it('takes the entry nearest to 24 h ago and keeps only what can still serve', () => {
    const near = entry(24 * HOUR + 10 * 60_000, 50);
    expect(priorEntry([entry(23 * HOUR + 40 * 60_000, 55), near], AT)).toBe(near);
    const kept = extendHistory([entry(25 * HOUR, 1), entry(2 * HOUR, 2)], { at: AT, scores: { UA: 3 } });
    expect(kept.map((e) => e.scores.UA)).toEqual([2, 3]);
  });
});

describe('the index', () => {
  it('scores every country, highest first, stamped with the data time and methodology v8', () => {
    const scores = computeIndex({}, AT);
    expect(scores).toHaveLength(31);
    const combined = scores.map((s) => s.combinedScore);
    expect([...combined].sort((a, b) => b - a)).toEqual(combined);
    // Do-not-travel fallbacks floor at 60: UA 0.4 x 50 + 15 = 35 -> 60.
    expect(scores.find((s) => s.region === 'UA')).toMatchObject({
      combinedScore: 60,
      staticBaseline: 50,
      eventMultiplier: 0.8,
      computedAt: AT,
      methodologyVersion: 'v8',
      advisoryLevel: 'do-not-travel',
      advisoryProvenance: 'fallback',
      dynamicScore: 0,
      trend: 'TREND_DIRECTION_STABLE',
    });
  });

  it('every combined score is an integer in 0..100 at or above its floor, and more battles never lower it', () => {
    fc.assert(
      fc.property(fc.nat(300), fc.nat(50), fc.constantFrom(...CII_COUNTRIES), (battles, deaths, code) => {
        const name = code === 'UA' ? 'Ukraine' : code === 'SY' ? 'Syria' : 'Mexico';
        const facts = (n: number) => ({
          acled: Array.from({ length: n }, () => ({
            country: name,
            eventType: 'Battles',
            fatalities: deaths,
            occurredAt: AT - DAY,
          })),
        });
        const a = scoreCountry(code, gatherSignals(facts(battles), AT).get(code)!);
        expect(Number.isInteger(a.combined) && a.combined >= a.floor && a.combined <= 100).toBe(true);
        const b = scoreCountry(code, gatherSignals(facts(battles + 1), AT).get(code)!);
        expect(b.combined).toBeGreaterThanOrEqual(a.combined);
      }),
      { numRuns: 60 },
    );
  });
});
