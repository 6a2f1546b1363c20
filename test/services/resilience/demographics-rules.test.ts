import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../src/config.js';
import { deriveDemographics, RETAINED_AFTER_MS } from '../../../src/services/resilience/datasets/demographics.js';
import {
  wbEducationDataset,
  wppAgeStructureDataset,
  wppRequests,
} from '../../../src/services/resilience/datasets/demographics-inputs.js';
import {
  ageStructure,
  capabilityByCountry,
  education,
  industrialWorkforce,
  isValidObservation,
  type EducationValue,
  type WorkforceValue,
  type WppValue,
} from '../../../src/services/resilience/demographics-rules.js';
import { parseIlostatCsv } from '../../../src/sources/ilostat/sdmx.js';
import { parseWppRows } from '../../../src/sources/un-wpp/data-portal.js';

const wpp = (countryCode: string, indicatorId: number, ageId: number, year: number, value: number): WppValue => ({
  countryCode,
  indicatorId,
  ageId,
  year,
  value,
});
const wb = (countryCode: string, indicator: string, year: number, value: number): EducationValue => ({
  countryCode,
  indicator,
  year,
  value,
});
const ilo = (countryCode: string, code: string, year: number, value: number): WorkforceValue => ({
  countryCode,
  code,
  year,
  value,
});

describe('ageStructure', () => {
  const rows = [
    wpp('DE', 67, 188, 2026, 45.8),
    wpp('DE', 67, 188, 2025, 45.5), // another year: not the reference year
    wpp('DE', 84, 1005, 2026, 37.7),
    wpp('DE', 86, 1015, 2026, 58.4),
    wpp('DE', 86, 188, 2026, 99), // the ratio under another age id is not the published series
    wpp('DE', 70, 40, 2026, 52_700_000),
    wpp('DE', 70, 40, 2036, 49_300_000),
    wpp('DE', 70, 40, 2031, 51_000_000), // neither now nor ten years on
  ];

  it.each([
    ['medianAgeYears', { value: 45.8, year: 2026, unit: 'years' }],
    ['oldAgeDependencyRatioPercent', { value: 37.7, year: 2026, unit: '%' }],
    ['totalDependencyRatioPercent', { value: 58.4, year: 2026, unit: '%' }],
    ['workingAgePopulationPeople', { value: 52_700_000, year: 2026, unit: 'people' }],
    ['workingAgePopulationProjected10yPeople', { value: 49_300_000, year: 2036, unit: 'people' }],
  ])('%s of the reference year', (field, expected) => {
    const de = ageStructure(rows, 2026).get('DE')!;
    expect(de[field as keyof typeof de]).toEqual({ ...expected, source: 'UN World Population Prospects 2024' });
  });

  it('finds nothing for another reference year', () => {
    expect(ageStructure(rows, 2024).size).toBe(0);
  });
});

describe('education', () => {
  it.each([
    [
      'the latest tertiary enrolment',
      [wb('US', 'SE.TER.ENRR', 2021, 80.1), wb('US', 'SE.TER.ENRR', 2022, 79.4)],
      'tertiaryEnrollmentGrossPercent',
      { value: 79.4, year: 2022 },
    ],
    [
      'the latest researchers figure',
      [wb('NG', 'SP.POP.SCIE.RD.P6', 2007, 38.6)],
      'researchersPerMillion',
      { value: 38.6, year: 2007 },
    ],
    [
      'STEM: engineering + science + ICT of one year, the latest complete one',
      [
        wb('JP', 'SE.TER.GRAD.EN.ZS', 2021, 16.2),
        wb('JP', 'SE.TER.GRAD.SC.ZS', 2021, 3),
        wb('JP', 'UIS.FOSGP.5T8.F600', 2021, 0.9),
        wb('JP', 'SE.TER.GRAD.EN.ZS', 2022, 15.9),
        wb('JP', 'SE.TER.GRAD.SC.ZS', 2022, 2.9),
      ],
      'stemGraduatesSharePercent',
      { value: 20.1, year: 2021 },
    ],
    [
      'STEM: a sum above 100 is not a share',
      [
        wb('XX', 'SE.TER.GRAD.EN.ZS', 2022, 60),
        wb('XX', 'SE.TER.GRAD.SC.ZS', 2022, 30),
        wb('XX', 'UIS.FOSGP.5T8.F600', 2022, 20),
      ],
      'stemGraduatesSharePercent',
      undefined,
    ],
  ])('%s', (_name, rows, field, expected) => {
    const c = education(rows).get(rows[0]!.countryCode)?.[field as 'researchersPerMillion'];
    if (expected === undefined) expect(c).toBeUndefined();
    else expect(c).toMatchObject({ ...expected, source: 'UNESCO UIS via World Bank WDI' });
  });
});

describe('industrialWorkforce', () => {
  it('sums ISCO groups 7 and 8 of the latest year that has both', () => {
    const jp = industrialWorkforce([
      ilo('JP', 'OCU_ISCO08_7', 2023, 6_900_000),
      ilo('JP', 'OCU_ISCO08_8', 2023, 6_500_000),
      ilo('JP', 'OCU_ISCO08_7', 2024, 6_850_000),
    ]).get('JP')!;
    expect(jp.craftTradesEmploymentPeople).toMatchObject({ value: 6_900_000, year: 2023 });
    expect(jp.trainedIndustrialWorkforcePeople).toEqual({
      value: 13_400_000,
      year: 2023,
      source: 'ILOSTAT',
      unit: 'people',
    });
  });

  it.each([
    [
      'manufacturing over total, x 100',
      [ilo('NG', 'ECO_AGGREGATE_TOTAL', 2023, 65_300_000), ilo('NG', 'ECO_AGGREGATE_MAN', 2023, 4_505_700)],
      6.9,
    ],
    [
      'no share from a zero total',
      [ilo('NG', 'ECO_AGGREGATE_TOTAL', 2023, 0), ilo('NG', 'ECO_AGGREGATE_MAN', 2023, 0)],
      undefined,
    ],
    [
      'no share when manufacturing exceeds the total',
      [ilo('NG', 'ECO_AGGREGATE_TOTAL', 2023, 10), ilo('NG', 'ECO_AGGREGATE_MAN', 2023, 11)],
      undefined,
    ],
  ])('%s', (_name, rows, expected) => {
    expect(industrialWorkforce(rows).get('NG')?.manufacturingEmploymentSharePercent?.value).toBe(expected);
  });
});

describe('capabilityByCountry', () => {
  it('validates each observation and leaves out countries with none valid', () => {
    const age = ageStructure([wpp('DE', 67, 188, 2026, 45.8), wpp('ZZ', 67, 188, 2026, 5)], 2026);
    // A median age of 5 is outside 10-70: dropped, and ZZ with it.
    expect(capabilityByCountry({ ageStructure: age }, 2026).map((c) => c.countryCode)).toEqual(['DE']);
  });

  it('every kept observation passes validation', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            countryCode: fc.constantFrom('DE', 'FR', 'US'),
            indicatorId: fc.constantFrom(67, 84, 86, 70),
            ageId: fc.constantFrom(188, 1005, 1015, 40),
            year: fc.constantFrom(2026, 2036),
            value: fc.double({ min: -10, max: 3e9, noNaN: true }),
          }),
        ),
        (rows) => {
          for (const c of capabilityByCountry({ ageStructure: ageStructure(rows, 2026) }, 2026))
            for (const [field, o] of Object.entries(c.observations))
              expect(isValidObservation(field as 'medianAgeYears', o, 2026)).toBe(true);
        },
      ),
    );
  });
});

describe('deriveDemographics stages', () => {
  const at = Date.UTC(2026, 10, 20, 12);
  it.each([
    ['an input as new as the newest is fresh', at, 'fresh'],
    ['one exactly 25 days older is still fresh', at - RETAINED_AFTER_MS, 'fresh'],
    ['one older than 25 days was retained', at - RETAINED_AFTER_MS - 1, 'retained'],
  ])('%s', (_name, capturedAt, status) => {
    const r = deriveDemographics(
      {
        wpp: { records: [wpp('DE', 67, 188, 2026, 45.8)], capturedAt: at },
        ilostat: { records: [ilo('DE', 'OCU_ISCO08_7', 2023, 1), ilo('DE', 'OCU_ISCO08_8', 2023, 2)], capturedAt },
      },
      at,
    );
    expect(r.info!.stages).toEqual([
      {
        name: 'wpp',
        status: 'fresh',
        fetchedAt: '2026-11-20T12:00:00.000Z',
        recordCount: 1,
        newestObservationYear: 2026,
      },
      { name: 'education', status: 'unavailable', fetchedAt: '', recordCount: 0, newestObservationYear: 0 },
      {
        name: 'ilostat',
        status,
        fetchedAt: new Date(capturedAt).toISOString(),
        recordCount: 1,
        newestObservationYear: 2023,
      },
    ]);
    expect(r.info!.fetchedAt).toBe(at);
  });

  it("takes the WPP reference year from its snapshot's capture year", () => {
    const r = deriveDemographics(
      { wpp: { records: [wpp('DE', 67, 188, 2027, 46)], capturedAt: Date.UTC(2027, 0, 2) } },
      Date.UTC(2027, 0, 2),
    );
    expect(r.records).toEqual([
      {
        countryCode: 'DE',
        observations: {
          medianAgeYears: { value: 46, year: 2027, source: 'UN World Population Prospects 2024', unit: 'years' },
        },
      },
    ]);
  });
});

describe('upstream readers', () => {
  it('WPP portal rows: ids, timeLabel and value, incomplete rows skipped', () => {
    const doc = [
      {
        locationId: 276,
        indicatorId: 67,
        variantId: 4,
        sexId: 3,
        ageId: 188,
        timeLabel: '2026',
        value: 45.8,
        location: 'Germany',
      },
      { locationId: 276, indicatorId: 67, variantId: 4, sexId: 3, ageId: 188, timeLabel: '2026', value: null },
      { locationId: 276, indicatorId: 67, variantId: 4, sexId: 3, ageId: 188, timeLabel: '2025-2030', value: 1 },
    ];
    expect(parseWppRows(JSON.stringify(doc))).toEqual([
      { locationId: 276, indicatorId: 67, variantId: 4, sexId: 3, ageId: 188, year: 2026, value: 45.8 },
    ]);
    expect(() => parseWppRows('{"message":"not found"}')).toThrow(/array/);
  });

  it('ILOSTAT SDMX-CSV: values scaled by UNIT_MULT', () => {
    const csv =
      'DATAFLOW,REF_AREA,FREQ,MEASURE,SEX,OCU,TIME_PERIOD,OBS_VALUE,UNIT_MEASURE,UNIT_MULT,OBS_STATUS\n' +
      'ILO:DF_EMP_TEMP_SEX_OCU_NB(1.0),DEU,A,EMP_TEMP_NB,SEX_T,OCU_ISCO08_7,2023,5100.3,PS,3,\n' +
      'ILO:DF_EMP_TEMP_SEX_OCU_NB(1.0),DEU,A,EMP_TEMP_NB,SEX_T,OCU_ISCO08_8,2023,,PS,3,\n';
    expect(parseIlostatCsv(csv, 'OCU')).toEqual([
      { refArea: 'DEU', code: 'OCU_ISCO08_7', sex: 'SEX_T', unitMeasure: 'PS', year: 2023, value: 5_100_300 },
    ]);
  });
});

describe('demographics input requests', () => {
  const ctx = { now: Date.UTC(2026, 10, 20), config: testConfig() };

  it('asks the WPP portal for the reference year and ten years on, and refuses an answer that is not rows', async () => {
    const asked: string[] = [];
    const rows = await wppAgeStructureDataset.sources.portal!.fetch!(async (url) => {
      asked.push(url);
      return Buffer.from('[]');
    }, ctx);
    expect(JSON.parse(rows.toString())).toEqual([]);
    expect(asked).toEqual(wppRequests(2026));
    expect(asked[1]).toMatch(
      /\/indicators\/70\/locations\/[\d,]+\/years\/2026,2036\/vars\/4\/ages\/40\/sexes\/3\/cats\/0$/,
    );
    await expect(
      wppAgeStructureDataset.sources.portal!.fetch!(async () => Buffer.from('{"status":401}'), ctx),
    ).rejects.toThrow(/UN WPP portal answered/);
  });

  it("refuses the World Bank's error form instead of reading it as no rows", async () => {
    const error =
      '[{"message":[{"id":"120","key":"Invalid value","value":"The provided parameter value is not valid"}]}]';
    await expect(wbEducationDataset.sources.indicators!.fetch!(async () => Buffer.from(error), ctx)).rejects.toThrow(
      /World Bank SE\.TER\.ENRR: .*Invalid value/,
    );
  });
});
