import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFERENCE_DIR, SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { replayRecorded } from '../../../../src/platform/snapshots/request-log.js';
import { testConfig } from '../../../../src/config.js';
import { parseOwidEnergy } from '../../../../src/services/economic/energy/datasets/owid-mix.js';
import { parseJodiGas } from '../../../../src/services/economic/energy/datasets/jodi-gas.js';
import { parseEmberMonthly } from '../../../../src/services/economic/energy/datasets/ember-monthly.js';
import { parseSprPolicies } from '../../../../src/services/economic/energy/datasets/spr-policies.js';
import { gieCountryStorageDataset } from '../../../../src/services/economic/energy/datasets/gie-country-storage.js';
import { parseAgsiCountries } from '../../../../src/sources/gie/agsi.js';
import { buildElectricityPrices } from '../../../../src/services/economic/energy/datasets/entsoe-prices.js';
import { entsoeDayAheadUrl, parseDayAhead, withEntsoeToken } from '../../../../src/sources/entsoe/day-ahead.js';

const sample = (f: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'economic', f));

describe('OWID energy CSV', () => {
  it('keeps the newest year with published shares per country, leaving aggregates out', () => {
    const rows = parseOwidEnergy(sample('owid/owid-energy-data.csv'));
    expect(rows).toHaveLength(10);
    expect(rows.find((r) => r.iso2 === 'FR')).toEqual({
      iso2: 'FR',
      year: 2024,
      coalShare: 1.6,
      gasShare: 13.5,
      oilShare: 29.9,
      nuclearShare: 36.5,
      renewShare: 18.4,
      windShare: 4.6,
      solarShare: 2.4,
      hydroShare: 6.4,
      importShare: -18.4,
    });
  });
  it('refuses a table without the share columns', () => {
    expect(() => parseOwidEnergy(Buffer.from('country,year,iso_code\nFrance,2024,FRA\n'))).toThrow(
      /lacks the coal_share_energy column/,
    );
  });
});

describe('JODI-Gas CSV', () => {
  it('keeps each country’s newest month in terajoules', () => {
    const rows = parseJodiGas(sample('jodi/jodi-gas-world.csv'));
    expect(rows.map((r) => r.iso2)).toEqual(['CN', 'DE', 'FR', 'GB', 'IN', 'IT', 'JP', 'KR', 'US']);
    expect(rows.find((r) => r.iso2 === 'KR')).toEqual({
      iso2: 'KR',
      dataMonth: '2026-08',
      totalDemandTj: 200000,
      lngImportsTj: 195000,
      pipeImportsTj: 0,
      productionTj: 800,
    });
  });
  it('refuses a table without OBS_VALUE', () => {
    expect(() =>
      parseJodiGas(
        Buffer.from('REF_AREA,TIME_PERIOD,ENERGY_PRODUCT,FLOW_BREAKDOWN,UNIT_MEASURE\nJP,2026-08,NATGAS,IMPLNG,TJ\n'),
      ),
    ).toThrow(/OBS_VALUE/);
  });
});

describe('Ember monthly long CSV', () => {
  it('keeps countries’ newest month with a fossil share', () => {
    const rows = parseEmberMonthly(sample('ember/monthly-full-release-long-format.csv'));
    expect(rows).toHaveLength(9);
    expect(rows.find((r) => r.iso2 === 'FR')).toEqual({
      iso2: 'FR',
      dataMonth: '2026-08',
      fossilShare: 4.7,
      renewShare: 26.3,
      nuclearShare: 69,
      coalShare: 0.3,
      gasShare: 3.8,
      demandTwh: 33,
    });
  });
  it('refuses a table of another shape', () => {
    expect(() => parseEmberMonthly(Buffer.from('Area,Date,Value\nFrance,2026-08-01,1\n'))).toThrow(/Ember table lacks/);
  });
});

describe('SPR registry', () => {
  it('reads every policy keyed by country', () => {
    const { records, info } = parseSprPolicies(fs.readFileSync(path.join(REFERENCE_DIR, 'economic/spr-policies.json')));
    expect(records).toHaveLength(10);
    expect(info.updatedAt).toBe('2026-10-31');
    expect(records.find((r) => r.iso2 === 'IN')).toMatchObject({
      regime: 'government_spr',
      capacityMb: 39,
      ieaMember: false,
    });
  });
  it('refuses an unknown regime or non-JSON', () => {
    const doc = {
      source: 's',
      sourceUrl: 'https://x.test',
      updatedAt: '',
      policies: {
        JP: {
          regime: 'imaginary',
          capacityMb: 1,
          operator: '',
          ieaMember: true,
          stockholdingModel: '',
          note: '',
          source: '',
          asOf: '',
        },
      },
    };
    expect(() => parseSprPolicies(Buffer.from(JSON.stringify(doc)))).toThrow(/SPR registry: policies\.JP\.regime/);
    expect(() => parseSprPolicies(Buffer.from('<html>'))).toThrow(/not JSON/);
  });
});

describe('AGSI+ country storage', () => {
  it('reads country gas days newest first', async () => {
    // The sample is the per-country answers; the dataset's own fetch joins them, as it does live.
    const source = gieCountryStorageDataset.sources.countries!;
    const countries = await replayRecorded(source, path.join(SAMPLES_DIR, source.sample), testConfig(), 0);
    const { records } = gieCountryStorageDataset.parse({ countries }, 0);
    expect(records[0]).toEqual({
      country: 'AT',
      gasDay: '2026-11-19',
      fullPct: 91.7,
      gasInStorageTwh: 90.1,
      trendPct: -0.28,
    });
    expect(records.filter((r) => r.country === 'DE').map((r) => r.gasDay)).toEqual(['2026-11-19', '2026-11-18']);
  });
  it('leaves aggregates out and refuses a body without data', () => {
    expect(
      parseAgsiCountries('{"data":[{"code":"eu","gasDayStart":"2026-11-19","full":"80","gasInStorage":"900"}]}'),
    ).toEqual([]);
    expect(() => parseAgsiCountries('{"error":"x"}')).toThrow(/no data array/);
    expect(() => gieCountryStorageDataset.parse({ countries: Buffer.from('{"data":[]}') }, 0)).toThrow(
      /no country gas day/,
    );
  });
});

describe('ENTSO-E day-ahead prices', () => {
  it('takes the mean of the newest delivery day of each zone', () => {
    const de = parseDayAhead(sample('entsoe/day-ahead-DE.xml'));
    expect(de).toMatchObject({ zone: '10Y1001A1001A82H', date: '2026-11-19', currency: 'EUR' });
    expect(de.meanPriceMwh).toBeCloseTo(98.4, 0);
    const rows = buildElectricityPrices({
      DE: sample('entsoe/day-ahead-DE.xml'),
      FR: sample('entsoe/day-ahead-FR.xml'),
    });
    expect(rows.map((r) => r.iso2)).toEqual(['DE', 'FR']);
  });
  it('refuses an acknowledgement, another document or no answer at all', () => {
    const ack =
      '<Acknowledgement_MarketDocument><mRID>x</mRID><Reason><code>999</code><text>No matching data found for Data item Day-ahead Prices</text></Reason></Acknowledgement_MarketDocument>';
    expect(() => parseDayAhead(ack)).toThrow(/ENTSO-E: No matching data found/);
    expect(() => parseDayAhead('<GL_MarketDocument/>')).toThrow(/not a Publication_MarketDocument/);
    expect(() => buildElectricityPrices({})).toThrow(/no bidding zone answered/);
  });
  it('asks for the two days before now and adds the token only at fetch time', () => {
    const url = entsoeDayAheadUrl('10YFR-RTE------C', Date.UTC(2026, 10, 20, 15));
    expect(url).toContain('documentType=A44');
    expect(url).toContain('periodStart=202611180000&periodEnd=202611200000');
    expect(withEntsoeToken(url, { ENTSO_E_TOKEN: 'tok' })).toMatch(/&securityToken=tok$/);
    expect(withEntsoeToken(url, { ENTSO_E_TOKEN: undefined })).toBe(url);
  });
});
