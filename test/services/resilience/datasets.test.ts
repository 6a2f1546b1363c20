import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  parseIpc,
  parseWhoGho,
  parseWorldBank,
  worldBankDataset,
  type IndicatorObservation,
} from '../../../src/services/resilience/datasets/indicators.js';
import { deriveResilienceScores } from '../../../src/services/resilience/datasets/resilience-scores.js';
import {
  debtGrowthByCountry,
  gasStorageByCountry,
  summarizeCyber,
  summarizeGps,
  summarizeOutages,
  summarizeUcdp,
  summarizeUnrest,
} from '../../../src/services/resilience/scorer-events.js';

const sample = (f: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'resilience', f));
const AT = Date.UTC(2026, 10, 20, 12);

describe('resilience indicator parsers', () => {
  it('joins the World Development and Governance Indicators answers as the live fetch does', async () => {
    const answers: Record<string, Buffer> = {};
    const log = JSON.parse(sample('worldbank-indicators.requests.json').toString('utf8')) as {
      requests: { url: string; file: string }[];
    };
    for (const r of log.requests) answers[r.url] = sample(r.file);
    expect(log.requests.map((r) => new URL(r.url).searchParams.get('source'))).toEqual(['2', '3']);
    const joined = await worldBankDataset.sources.indicators!.fetch!(async (url) => answers[url]!, {
      now: AT,
    } as never);
    const rows = parseWorldBank(joined);
    const no = rows.filter((r) => r.countryCode === 'NO');
    expect(no.find((r) => r.indicator === 'CC.EST')).toEqual({
      countryCode: 'NO',
      indicator: 'CC.EST',
      year: 2023,
      value: 2.06,
    });
    expect(no.find((r) => r.indicator === 'FI.RES.TOTL.MO')?.value).toBe(3.8);
    expect(new Set(rows.map((r) => r.countryCode)).size).toBe(12);
  });

  it('reads the WHO indicators of both sexes only', () => {
    const doc = {
      value: [
        { IndicatorCode: 'WHS8_110', SpatialDimType: 'COUNTRY', SpatialDim: 'NOR', TimeDim: 2023, NumericValue: 96 },
        {
          IndicatorCode: 'X',
          SpatialDimType: 'COUNTRY',
          SpatialDim: 'NOR',
          TimeDim: 2023,
          Dim1: 'SEX_MLE',
          NumericValue: 1,
        },
        { IndicatorCode: 'X', SpatialDimType: 'REGION', SpatialDim: 'EUR', TimeDim: 2023, NumericValue: 2 },
      ],
    };
    expect(parseWhoGho(Buffer.from(JSON.stringify(doc)))).toEqual([
      { countryCode: 'NO', indicator: 'WHS8_110', year: 2023, value: 96 },
    ]);
  });

  it('reads IPC people in phase 3+ and the highest phase with anyone in it', () => {
    const csv = [
      'Country,ISO3,Date of analysis,Phase 3+ #,Phase 4 #,Phase 5 #',
      '#country+name,#country+code,#date,#affected+phase3plus,#affected+phase4,#affected+phase5',
      'Sudan,SDN,2026-06-15,24600000,8500000,755000',
      'Haiti,HTI,2026-09-02,5700000,2000000,',
      'Kenya,KEN,2026-02-10,0,0,0',
    ].join('\n');
    expect(parseIpc(Buffer.from(csv))).toEqual([
      { countryCode: 'SD', indicator: 'IPC_PHASE3_PEOPLE', year: 2026, value: 24_600_000 },
      { countryCode: 'SD', indicator: 'IPC_PHASE', year: 2026, value: 5 },
      { countryCode: 'HT', indicator: 'IPC_PHASE3_PEOPLE', year: 2026, value: 5_700_000 },
      { countryCode: 'HT', indicator: 'IPC_PHASE', year: 2026, value: 4 },
    ]);
    expect(() => parseIpc(Buffer.from('Country,ISO3\nX,Y'))).toThrow(/Phase 3\+ #/);
  });
});

describe('the resilience scores model', () => {
  const input = (records: IndicatorObservation[]) => ({ records, info: {}, version: 1, capturedAt: AT });

  it('degrades without an input: the missing source is named and its dimensions score as a missing source', () => {
    const wgi = ['VA.EST', 'PV.EST', 'GE.EST', 'RQ.EST', 'RL.EST', 'CC.EST'].map((indicator) => ({
      countryCode: 'NO',
      indicator,
      year: 2023,
      value: 0,
    }));
    const { records, info } = deriveResilienceScores({ 'resilience.worldbank': input(wgi) }, AT);
    expect(info).toEqual({
      formula: 'pillar',
      generatedAt: AT,
      missingInputs: [
        'resilience.who',
        'resilience.ipc',
        'conflict.ucdp-events',
        'displacement.summary',
        'unrest.events',
        'infrastructure.internet-outages',
        'cyber.threats',
        'intelligence.gps-interference',
        'economic.national-debt',
        'economic.gie-country-storage',
      ],
    });
    expect(records.map((r) => r.countryCode)).toEqual(['NO']);
    const health = records[0]!.domains.flatMap((d) => d.dimensions).find((d) => d.id === 'healthPublicService')!;
    expect(health).toMatchObject({ score: 0, coverage: 0, freshness: { lastObservedAtMs: '0', staleness: 'stale' } });
  });

  it('scores nobody without any indicator', () => {
    expect(deriveResilienceScores({}, AT).records).toEqual([]);
  });
});

describe('event summaries', () => {
  it('counts UCDP events, deaths and violence types per country, UCDP names resolved', () => {
    const s = summarizeUcdp([
      { country: 'Russia (Soviet Union)', deathsBest: 4, violenceType: 'UCDP_VIOLENCE_TYPE_STATE_BASED' },
      { country: 'Russia (Soviet Union)', deathsBest: 1, violenceType: 'UCDP_VIOLENCE_TYPE_ONE_SIDED' },
      { country: 'DR Congo (Zaire)', deathsBest: 2, violenceType: 'UCDP_VIOLENCE_TYPE_NON_STATE' },
      { country: 'Atlantis', deathsBest: 9, violenceType: 'UCDP_VIOLENCE_TYPE_STATE_BASED' },
    ]);
    expect(Object.fromEntries(s)).toEqual({
      RU: { eventCount: 2, deaths: 5, typeWeight: 3.5 },
      CD: { eventCount: 1, deaths: 2, typeWeight: 1 },
    });
  });

  it('weighs unrest by severity', () => {
    const s = summarizeUnrest([
      { country: 'France', severity: 'SEVERITY_LEVEL_HIGH', fatalities: 1 },
      { country: 'France', severity: 'SEVERITY_LEVEL_MEDIUM', fatalities: 0 },
      { country: 'France', severity: 'SEVERITY_LEVEL_LOW', fatalities: 0 },
    ]);
    expect(s.get('FR')!.fatalities).toBe(1);
    expect(s.get('FR')!.unrestCount).toBeCloseTo(4.2, 10);
  });

  it('counts outages per country by severity', () => {
    const s = summarizeOutages([
      { countryCode: 'IQ', severity: 'OUTAGE_SEVERITY_TOTAL' },
      { countryCode: 'IQ', severity: 'OUTAGE_SEVERITY_MAJOR' },
      { countryCode: 'IQ', severity: 'OUTAGE_SEVERITY_PARTIAL' },
      { countryCode: 'IQ', severity: 'OUTAGE_SEVERITY_UNSPECIFIED' },
    ]);
    expect(Object.fromEntries(s)).toEqual({ IQ: { total: 1, major: 1, partial: 2 } });
  });

  it('weighs threats by criticality per discovery day, halves a day per day of age, and caps at 8', () => {
    const DAY = 86_400_000;
    const s = summarizeCyber(
      [
        // three critical C2 servers first seen today: 9, the day capped at 8
        { country: 'US', severity: 'CRITICALITY_LEVEL_CRITICAL', firstSeenAt: AT - 3_600_000 },
        { country: 'US', severity: 'CRITICALITY_LEVEL_CRITICAL', firstSeenAt: AT - 3_600_000 },
        { country: 'US', severity: 'CRITICALITY_LEVEL_CRITICAL', firstSeenAt: AT },
        // high 2 + low .5 + an unspecified level 1 today: 3.5; a critical one 2.5 days old (2 whole days): 3 / 4
        { country: 'DE', severity: 'CRITICALITY_LEVEL_HIGH', firstSeenAt: AT },
        { country: 'DE', severity: 'CRITICALITY_LEVEL_LOW', firstSeenAt: AT },
        { country: 'DE', severity: 'CRITICALITY_LEVEL_UNSPECIFIED', firstSeenAt: AT },
        { country: 'DE', severity: 'CRITICALITY_LEVEL_CRITICAL', firstSeenAt: AT - 2.5 * DAY },
        // a week-old high one: 2 / 128
        { country: 'FR', severity: 'CRITICALITY_LEVEL_HIGH', firstSeenAt: AT - 7 * DAY },
        // unlocated (URLhaus, C2IntelFeeds): nobody's
        { country: '', severity: 'CRITICALITY_LEVEL_HIGH', firstSeenAt: AT },
      ],
      AT,
    );
    expect(Object.fromEntries(s)).toEqual({
      US: { weightedCount: 8 },
      DE: { weightedCount: 4.25 },
      FR: { weightedCount: 2 / 128 },
    });
  });

  it('gives GPS cells to the countries their region label names', () => {
    const s = summarizeGps([
      { region: 'ukraine-russia', level: 'INTERFERENCE_LEVEL_HIGH' },
      { region: 'russia-north', level: 'INTERFERENCE_LEVEL_MEDIUM' },
      { region: 'iran-iraq', level: 'INTERFERENCE_LEVEL_MEDIUM' },
      { region: 'sudan-sahel', level: 'INTERFERENCE_LEVEL_HIGH' },
      // labels that name no country, and a low level, count for nobody
      { region: 'levant', level: 'INTERFERENCE_LEVEL_HIGH' },
      { region: 'northern-europe', level: 'INTERFERENCE_LEVEL_HIGH' },
      { region: 'israel-sinai', level: 'INTERFERENCE_LEVEL_LOW' },
    ]);
    expect(Object.fromEntries(s)).toEqual({
      UA: { high: 1, medium: 0 },
      RU: { high: 1, medium: 1 },
      IR: { high: 0, medium: 1 },
      IQ: { high: 0, medium: 1 },
      SD: { high: 1, medium: 0 },
    });
  });

  it('reads debt growth by ISO alpha-3 and the newest gas day per country', () => {
    expect(Object.fromEntries(debtGrowthByCountry([{ iso3: 'DEU', annualGrowth: 1.23 }]))).toEqual({ DE: 1.23 });
    const gas = gasStorageByCountry([
      { country: 'DE', gasDay: '2026-11-18', fullPct: 90.31 },
      { country: 'DE', gasDay: '2026-11-19', fullPct: 89.9 },
      // a fill level outside 0-100 is not a reading
      { country: 'FR', gasDay: '2026-11-19', fullPct: 140 },
    ]);
    expect(Object.fromEntries(gas)).toEqual({ DE: 89.9 });
  });
});
