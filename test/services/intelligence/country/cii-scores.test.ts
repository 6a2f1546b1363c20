import { describe, expect, it } from 'vitest';
import type { DerivedInputs } from '../../../../src/platform/snapshots/dataset.js';
import {
  CII_INPUTS,
  ciiFacts,
  deriveCiiScores,
  militaryPresence,
} from '../../../../src/services/intelligence/country/datasets/cii-scores.js';
import type { MilitaryFlight } from '../../../../src/services/military/index.js';
import { strictestLevels } from '../../../../src/services/intelligence/country/advisories.js';

const AT = Date.UTC(2026, 10, 20, 12);
const HOUR = 3_600_000;

const flight = (operatorCountry: string, latitude: number, longitude: number) =>
  ({ operatorCountry, location: { latitude, longitude } }) as MilitaryFlight;

describe('military presence per country (the published military aggregate)', () => {
  it('counts a flight for its operator, and as foreign presence where another country is overflown', () => {
    const m = militaryPresence(
      [
        flight('US', 33.3, 44.4), // a US aircraft over Baghdad: own for US, foreign for IQ
        flight('US', 38.9, -77.0), // over Washington: own for US only
        flight('', 50.45, 30.52), // operator unknown over Kyiv: once, as local presence
        flight('NO', 69.6, 18.9), // Norway is not scored; over no scored country
      ],
      [
        { id: 'a', name: '', type: '', severity: 3, lat: 26.5, lon: 56.3, text: '' }, // Hormuz at 26.5 N: north of the AE box (26.1 N), inside Iran's
        { id: 'b', name: '', type: '', severity: 1, text: '' }, // no position: not attributed
      ],
    );
    expect(m).toEqual({
      US: { ownFlights: 2 },
      IQ: { foreignFlights: 1 },
      UA: { ownFlights: 1 },
      IR: { aisDisruptionHigh: 1 },
    });
  });
});

describe('the derived index over time', () => {
  const advisories = (level: 1 | 2 | 3 | 4, at: number): DerivedInputs => ({
    'intelligence.travel-advisories': {
      records: [{ name: 'Germany', level, publishedAt: AT - 10 * 24 * HOUR }],
      info: {},
      version: 1,
      capturedAt: at,
    },
  });

  it('names the inputs it lacked and compares with the computation about 24 h earlier', () => {
    const first = deriveCiiScores(advisories(2, AT), AT);
    // Only the advisories were there; the AIS relay is listed apart.
    expect(first.info.missingInputs).toEqual(
      CII_INPUTS.filter((n) => n !== 'intelligence.travel-advisories' && n !== 'supply-chain.ais-disruptions'),
    );
    expect(first.info.withheldRelayInputs).toEqual(['supply-chain.ais-disruptions']);
    // Germany: 0.4 x 5 + caution 5 = 7.
    expect(first.records.find((s) => s.region === 'DE')).toMatchObject({ combinedScore: 7, dynamicScore: 0 });

    // A day later Germany is at do-not-travel: 2 + 15 = 17, floored at 60; +53 against the 7 of 24 h ago.
    const later = AT + 24 * HOUR;
    const second = deriveCiiScores(advisories(4, later), later, first);
    expect(second.records.find((s) => s.region === 'DE')).toMatchObject({
      combinedScore: 60,
      dynamicScore: 53,
      trend: 'TREND_DIRECTION_RISING',
      computedAt: later,
    });
    // The history keeps what can still serve as a 24 h prior: both computations.
    expect(second.info.history.map((h) => h.at)).toEqual([AT, later]);
  });
});

describe('the advisory level the index reads', () => {
  const state = (name: string, level: 1 | 2 | 3 | 4, publishedAt = AT - HOUR) => ({
    name,
    level,
    publishedAt,
    title: `${name} - Level ${level}`,
    link: 'https://travel.state.gov/',
  });
  const other = (country: string, level: string, publishedAt = AT - HOUR) => ({
    title: `${country} advice`,
    link: 'https://www.smartraveller.gov.au/',
    publishedAt,
    source: 'Smartraveller',
    sourceCountry: 'AU',
    level,
    country,
  });

  it('is the strictest any government feed gives, `info` never counting, nothing published after the data time', () => {
    const levels = strictestLevels(
      [state('Egypt', 2), state('Lebanon', 3), state('Peru', 1)],
      [other('EG', 'do-not-travel'), other('LB', 'caution'), other('PE', 'info'), other('FR', 'reconsider', AT + HOUR)],
      AT,
    );
    expect(levels).toEqual({ EG: 'do-not-travel', LB: 'reconsider', PE: 'normal' });
  });
});

describe('the facts read from the snapshots', () => {
  it('weighs gpsjam high cells as high and medium cells as medium', () => {
    const cell = (level: string) => ({ h3: 'x', lat: 50.45, lon: 30.52, level });
    const facts = ciiFacts(
      {
        'intelligence.gps-interference': {
          records: [cell('INTERFERENCE_LEVEL_HIGH'), cell('INTERFERENCE_LEVEL_MEDIUM')],
          info: {},
          version: 1,
          capturedAt: AT,
        },
      },
      AT,
    );
    expect(facts.gps).toEqual([
      { lat: 50.45, lon: 30.52, level: 'high' },
      { lat: 50.45, lon: 30.52, level: 'medium' },
    ]);
    // Kyiv: 5 + 2 = 7 for security.
    expect(
      deriveCiiScores(
        {
          'intelligence.gps-interference': {
            records: [cell('INTERFERENCE_LEVEL_HIGH'), cell('INTERFERENCE_LEVEL_MEDIUM')],
            info: {},
            version: 1,
            capturedAt: AT,
          },
        },
        AT,
      ).records.find((s) => s.region === 'UA')!.components.militaryActivity,
    ).toBe(7);
  });
});
