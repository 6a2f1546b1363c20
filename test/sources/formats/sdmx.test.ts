import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../../src/sources/formats/errors.js';
import { parseSdmxCsv, parseSdmxJson } from '../../../src/sources/formats/sdmx.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe('parseSdmxJson', () => {
  it('reads an SDMX-JSON 1.0 series message (ECB layout): keys, labels, data-set and series attributes', () => {
    const series = parseSdmxJson(fixture('ecb-exr.sdmx.json'));
    expect(series).toHaveLength(2);
    expect(series[0]).toEqual({
      key: { FREQ: 'D', CURRENCY: 'USD', CURRENCY_DENOM: 'EUR', EXR_TYPE: 'SP00', EXR_SUFFIX: 'A' },
      labels: { FREQ: 'Daily', CURRENCY: 'US dollar', CURRENCY_DENOM: 'Euro', EXR_TYPE: 'Spot', EXR_SUFFIX: 'Average' },
      // A value without an id (free text such as TITLE) reads as its name; a null index is left out.
      attributes: { SOURCE_AGENCY: '4F0', TITLE: 'Euro foreign exchange reference rate', DECIMALS: '4' },
      observations: [
        { period: '2026-11-19', value: 1.0812 },
        { period: '2026-11-20', value: 1.0795 },
        { period: '2026-11-23', value: null },
      ],
    });
  });

  it('orders observations by time index whatever the key order, and reads numeric strings', () => {
    const [, jpy] = parseSdmxJson(fixture('ecb-exr.sdmx.json'));
    expect(jpy.key.CURRENCY).toBe('JPY');
    expect(jpy.observations).toEqual([
      { period: '2026-11-19', value: 162.1 },
      { period: '2026-11-20', value: 161.42 },
    ]);
  });

  it('reads an SDMX-JSON 2.0 flat message (all dimensions at observation level) into one series per non-time key', () => {
    const series = parseSdmxJson(fixture('imf-flat.sdmx2.json'));
    expect(series).toEqual([
      {
        key: { COUNTRY: 'DE', INDICATOR: 'NGDP_RPCH' },
        labels: { COUNTRY: 'Germany', INDICATOR: 'Real GDP growth' },
        attributes: {},
        observations: [
          { period: '2025', value: -0.2 },
          { period: '2026', value: 0.8 },
        ],
      },
      {
        key: { COUNTRY: 'FR', INDICATOR: 'NGDP_RPCH' },
        labels: { COUNTRY: 'France', INDICATOR: 'Real GDP growth' },
        attributes: {},
        observations: [
          { period: '2025', value: 1.1 },
          { period: '2026', value: 0.7 },
        ],
      },
    ]);
  });

  it('splits a series by a non-time observation-level dimension', () => {
    const msg = {
      dataSets: [{ series: { '0': { observations: { '0:0': [1], '1:0': [2], '0:1': [3] } } } }],
      structure: {
        dimensions: {
          series: [{ id: 'REF_AREA', values: [{ id: 'US', name: 'United States' }] }],
          observation: [
            { id: 'TIME_PERIOD', values: [{ id: '2025' }, { id: '2026' }] },
            {
              id: 'TENOR',
              values: [
                { id: '2Y', name: 'Two years' },
                { id: '10Y', name: 'Ten years' },
              ],
            },
          ],
        },
      },
    };
    expect(parseSdmxJson(JSON.stringify(msg)).map((s) => [s.key, s.observations])).toEqual([
      [
        { REF_AREA: 'US', TENOR: '2Y' },
        [
          { period: '2025', value: 1 },
          { period: '2026', value: 2 },
        ],
      ],
      [{ REF_AREA: 'US', TENOR: '10Y' }, [{ period: '2025', value: 3 }]],
    ]);
  });

  it('reads a message without data sets, or a series without observations', () => {
    expect(parseSdmxJson('{"dataSets":[],"structure":{"dimensions":{}}}')).toEqual([]);
    const msg = {
      dataSets: [{ series: { '0': {} } }],
      structure: { dimensions: { series: [{ id: 'A', values: [{ id: 'x', name: 'X' }] }], observation: [] } },
    };
    expect(parseSdmxJson(JSON.stringify(msg))).toEqual([
      { key: { A: 'x' }, labels: { A: 'X' }, attributes: {}, observations: [] },
    ]);
  });

  const dimensions = {
    series: [{ id: 'FREQ', values: [{ id: 'M' }, { id: 'A' }] }],
    observation: [{ id: 'TIME_PERIOD', values: [{ id: '2026-01' }] }],
  };
  it.each([
    ['not JSON', '<html>', /SDMX-JSON: not valid JSON/],
    ['an empty body', '  ', /SDMX-JSON: empty document/],
    ['a structure-only message', JSON.stringify({ structure: { dimensions } }), /SDMX-JSON: no dataSets list/],
    ['no structure', JSON.stringify({ dataSets: [{ series: {} }] }), /SDMX-JSON: no structure.dimensions/],
    [
      'a key out of range',
      JSON.stringify({ dataSets: [{ series: { '7': {} } }], structure: { dimensions } }),
      /SDMX-JSON: series "7" names value 7 of FREQ, which has 2/,
    ],
    [
      'a key of the wrong length',
      JSON.stringify({ dataSets: [{ series: { '0:0': {} } }], structure: { dimensions } }),
      /SDMX-JSON: series key "0:0" has 2 positions for 1 dimensions/,
    ],
    [
      'an observation out of range',
      JSON.stringify({ dataSets: [{ series: { '0': { observations: { '3': [1] } } } }], structure: { dimensions } }),
      /names value 3 of TIME_PERIOD, which has 1/,
    ],
    [
      'an upstream error body',
      JSON.stringify({ errors: [{ code: 404, message: 'NoResultsFound' }] }),
      /SDMX-JSON: upstream reported an error: NoResultsFound/,
    ],
  ])('refuses %s with a FormatError', (_name, input, message) => {
    expect(() => parseSdmxJson(input)).toThrow(FormatError);
    expect(() => parseSdmxJson(input)).toThrow(message);
  });
});

describe('parseSdmxCsv', () => {
  it('reads SDMX-CSV with labelled headers ("FREQ:Frequency") keyed by the column id', () => {
    const rows = parseSdmxCsv(fixture('bis-cbpol.sdmx.csv'));
    expect(rows).toHaveLength(3);
    expect(rows[2]).toEqual({
      DATAFLOW: 'BIS:WS_CBPOL(1.0)',
      FREQ: 'M: Monthly',
      REF_AREA: 'XM: Euro area',
      TIME_PERIOD: '2026-10',
      OBS_VALUE: '2.0',
      OBS_STATUS: 'A',
    });
  });

  it('names every missing column the caller requires', () => {
    expect(() => parseSdmxCsv('FREQ,OBS_VALUE\nM,1\n', { requiredColumns: ['REF_AREA'] })).toThrow(
      /SDMX-CSV: no REF_AREA, TIME_PERIOD columns \(columns: FREQ, OBS_VALUE\)/,
    );
    expect(parseSdmxCsv('REF_AREA:Area,TIME_PERIOD,OBS_VALUE\nCH,2026,1\n', { requiredColumns: ['REF_AREA'] })).toEqual(
      [{ REF_AREA: 'CH', TIME_PERIOD: '2026', OBS_VALUE: '1' }],
    );
  });

  it('reads a header without rows as no observations', () => {
    expect(parseSdmxCsv('KEY,TIME_PERIOD,OBS_VALUE\n')).toEqual([]);
  });

  it.each([
    [
      'no OBS_VALUE column',
      'KEY,TIME_PERIOD,VALUE\nA,2026,1\n',
      /SDMX-CSV: no OBS_VALUE column \(columns: KEY, TIME_PERIOD, VALUE\)/,
    ],
    ['no TIME_PERIOD column', 'KEY,OBS_VALUE\nA,1\n', /SDMX-CSV: no TIME_PERIOD column/],
    ['an empty body', '', /SDMX-CSV: empty document/],
    [
      'a column repeated under two labels',
      'A:x,A:y,TIME_PERIOD,OBS_VALUE\n1,2,3,4\n',
      /SDMX-CSV: column A appears twice/,
    ],
    ['a ragged row', 'TIME_PERIOD,OBS_VALUE\n2026,1,extra\n', /CSV: /],
  ])('refuses %s with a FormatError', (_name, input, message) => {
    expect(() => parseSdmxCsv(input)).toThrow(FormatError);
    expect(() => parseSdmxCsv(input)).toThrow(message);
  });
});
