import { describe, expect, it } from 'vitest';
import { parseWorldBankIndicator } from '../../../src/sources/worldbank/indicators.js';

describe('World Bank indicator parser', () => {
  it('refuses the API error form', () => {
    expect(() =>
      parseWorldBankIndicator(
        '[{"message":[{"id":"120","key":"Invalid value","value":"The provided parameter value is not valid"}]}]',
      ),
    ).toThrow(/World Bank: upstream error: The provided parameter/);
  });
  it('keeps a null value as null and reads an empty page as no rows', () => {
    expect(
      parseWorldBankIndicator(
        '[{"page":1},[{"indicator":{"id":"X"},"country":{"id":"UA"},"date":"2024","value":null}]]',
      ),
    ).toMatchObject([{ indicator: 'X', countryIso2: 'UA', year: 2024, value: null }]);
    expect(parseWorldBankIndicator('[{"page":0,"total":0},null]')).toEqual([]);
  });
});
