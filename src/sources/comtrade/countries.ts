import { countryByCode } from '../../reference/countries.js';

/** Comtrade's partner code for the World, i.e. the reporter's total over every partner. */
export const COMTRADE_WORLD = '0';

/**
 * ISO alpha-2 of a Comtrade reporter or partner. Comtrade writes ISO alpha-3 except for Taiwan
 * ("Other Asia, nes": code 490, alpha `S19`); the World (`W00`) and its regional aggregates
 * (`X1`, `_X`, ...) have none, so they answer undefined.
 */
export function comtradeIso2(isoCode: string, m49: string): string | undefined {
  if (m49 === '490' || isoCode === 'S19') return 'TW';
  if (m49 === COMTRADE_WORLD) return undefined;
  return /^[A-Z]{3}$/.test(isoCode) ? countryByCode(isoCode)?.alpha2 : undefined;
}
