import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  countryByCode,
  countryByName,
  countryName,
  normaliseCountryKey,
  resolveCountry,
} from '../../src/reference/countries.js';

describe('country table contents', () => {
  it('holds every ISO 3166-1 entry (249) plus Kosovo as a user-assigned code', () => {
    expect(COUNTRIES.filter((c) => !c.userAssigned)).toHaveLength(249);
    expect(COUNTRIES.filter((c) => c.userAssigned).map((c) => c.alpha2)).toEqual(['XK']);
  });

  it('has well-formed, unique codes and plausible centroids', () => {
    const a2 = new Set<string>();
    const a3 = new Set<string>();
    for (const c of COUNTRIES) {
      expect(c.alpha2).toMatch(/^[A-Z]{2}$/);
      expect(c.alpha3).toMatch(/^[A-Z]{3}$/);
      a2.add(c.alpha2);
      a3.add(c.alpha3);
      expect(Math.abs(c.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(c.lon)).toBeLessThanOrEqual(180);
      expect(c.name.trim()).toBe(c.name);
      expect(c.name.length).toBeGreaterThan(1);
    }
    expect(a2.size).toBe(COUNTRIES.length);
    expect(a3.size).toBe(COUNTRIES.length);
  });

  it('places a few well-known centroids in the right hemisphere', () => {
    expect(countryByCode('AU')!.lat).toBeLessThan(0);
    expect(countryByCode('US')!.lon).toBeLessThan(0);
    expect(countryByCode('JP')!.lon).toBeGreaterThan(100);
    expect(countryByCode('AR')!.lat).toBeLessThan(-20);
  });
});

describe('resolveCountry', () => {
  it.each([
    ['US', 'US'],
    ['us', 'US'],
    ['USA', 'US'],
    ['usa', 'US'],
    ['United States', 'US'],
    ['United States of America', 'US'],
    ['U.S.A.', 'US'],
    ['GB', 'GB'],
    ['GBR', 'GB'],
    ['UK', 'GB'],
    ['United Kingdom', 'GB'],
    ['Great Britain', 'GB'],
    ['Russia', 'RU'],
    ['Russian Federation', 'RU'],
    ['rus', 'RU'],
    ['Türkiye', 'TR'],
    ['Turkiye', 'TR'],
    ['Turkey', 'TR'],
    ['TÜRKİYE', 'TR'],
    ["Côte d'Ivoire", 'CI'],
    ['Cote d’Ivoire', 'CI'],
    ['Ivory Coast', 'CI'],
    ['Czechia', 'CZ'],
    ['Czech Republic', 'CZ'],
    ['DR Congo', 'CD'],
    ['Democratic Republic of Congo', 'CD'],
    ['DRC', 'CD'],
    ['Congo', 'CG'],
    ['Republic of Congo', 'CG'],
    ['Burma', 'MM'],
    ['Myanmar', 'MM'],
    ['Myanmar (Burma)', 'MM'],
    ['Iran', 'IR'],
    ['Iran (Islamic Republic of)', 'IR'],
    ['Iran, Islamic Republic of', 'IR'],
    ['Syria', 'SY'],
    ['Syrian Arab Republic', 'SY'],
    ['North Korea', 'KP'],
    ['South Korea', 'KR'],
    ['Korea, Republic of', 'KR'],
    ['Viet Nam', 'VN'],
    ['Vietnam', 'VN'],
    ['Palestine', 'PS'],
    ['Palestine, State of', 'PS'],
    ['Bosnia-Herzegovina', 'BA'],
    ['Bosnia and Herzegovina', 'BA'],
    ['Bosnia & Herzegovina', 'BA'],
    ['The Gambia', 'GM'],
    ['Gambia', 'GM'],
    ['Cape Verde', 'CV'],
    ['eSwatini', 'SZ'],
    ['Swaziland', 'SZ'],
    ['East Timor', 'TL'],
    ['Timor-Leste', 'TL'],
    ['Kosovo', 'XK'],
    ['Russia (Soviet Union)', 'RU'],
    ['Yemen (North Yemen)', 'YE'],
    ['São Tomé and Príncipe', 'ST'],
    ['Sao Tome & Principe', 'ST'],
    ['Curaçao', 'CW'],
    ['Réunion', 'RE'],
    ['  united   states  ', 'US'],
    ['UNITED-STATES', 'US'],
    ['Niger', 'NE'],
    ['Nigeria', 'NG'],
    ['Guinea', 'GN'],
    ['Equatorial Guinea', 'GQ'],
    ['Sudan', 'SD'],
    ['South Sudan', 'SS'],
  ])('%j resolves to %s', (input, alpha2) => {
    expect(resolveCountry(input)?.alpha2).toBe(alpha2);
  });

  it('treats NFC and NFD spellings alike', () => {
    const nfc = 'Côte d\u2019Ivoire'.normalize('NFC');
    const nfd = nfc.normalize('NFD');
    expect(nfd).not.toBe(nfc);
    expect(resolveCountry(nfc)?.alpha2).toBe('CI');
    expect(resolveCountry(nfd)?.alpha2).toBe('CI');
    expect(resolveCountry('Tu\u0308rkiye')?.alpha2).toBe('TR');
  });

  it('ignores bidi and zero-width format characters', () => {
    expect(resolveCountry('\u200FIran\u200F')?.alpha2).toBe('IR');
    expect(resolveCountry('U\u200BS')?.alpha2).toBe('US');
    expect(resolveCountry('\u202ASyria\u202C')?.alpha2).toBe('SY');
  });

  it.each([
    [''],
    ['   '],
    ['\u200F'],
    ['XX'],
    ['ZZZ'],
    ['U'],
    ['Unit'],
    ['United'],
    ['States'],
    ['Nigeri'],
    ['Atlantis'],
    ['Korea'],
    ['US1'],
    ['Congo Republic Democratic Kingdom'],
    ['Korea (North and South)'],
  ])('%j resolves to nothing (no partial or substring matches)', (input) => {
    expect(resolveCountry(input)).toBeUndefined();
  });

  it('returns undefined for non-string input', () => {
    expect(resolveCountry(undefined)).toBeUndefined();
    expect(resolveCountry(null)).toBeUndefined();
  });
});

describe('countryByCode / countryByName / countryName', () => {
  it('countryByCode accepts only codes, not names', () => {
    expect(countryByCode('fr')?.name).toBe('France');
    expect(countryByCode('FRA')?.name).toBe('France');
    expect(countryByCode('France')).toBeUndefined();
  });

  it('countryByName accepts names, including code-like aliases, but not ISO codes', () => {
    expect(countryByName('UK')?.alpha2).toBe('GB');
    expect(countryByName('FR')).toBeUndefined();
  });

  it('countryName labels alpha-2 codes only', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('de')).toBe('Germany');
    expect(countryName('RU')).toBe('Russia');
    expect(countryName('DEU')).toBeUndefined();
    expect(countryName('QQ')).toBeUndefined();
  });
});

describe('normaliseCountryKey', () => {
  it.each([
    ['Côte d’Ivoire', 'cote divoire'],
    ["Côte d'Ivoire", 'cote divoire'],
    ['The Bahamas', 'bahamas'],
    ['Bosnia & Herzegovina', 'bosnia and herzegovina'],
    ['Åland Islands', 'aland islands'],
    ['  Guinea-Bissau  ', 'guinea bissau'],
  ])('%j -> %j', (input, key) => {
    expect(normaliseCountryKey(input)).toBe(key);
  });
});

describe('properties', () => {
  const entry = fc.constantFrom(...COUNTRIES);

  it('every entry resolves by each of its codes and names, in any case and normal form', () => {
    fc.assert(
      fc.property(
        entry,
        fc.constantFrom<(s: string) => string>(
          (s) => s,
          (s) => s.toLowerCase(),
          (s) => s.toUpperCase(),
          (s) => s.normalize('NFD'),
          (s) => s.normalize('NFC'),
          (s) => `  \u200F${s}\u200E `,
        ),
        (c, transform) => {
          for (const form of [c.alpha2, c.alpha3, c.name, ...c.aliases]) {
            expect(resolveCountry(transform(form))).toBe(c);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('exhaustively: every code and name in the table resolves to its own entry', () => {
    for (const c of COUNTRIES) {
      for (const form of [c.alpha2, c.alpha3, c.name, ...c.aliases]) {
        expect(resolveCountry(form), `${form}`).toBe(c);
      }
    }
  });

  it('normalisation is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const k = normaliseCountryKey(s);
        expect(normaliseCountryKey(k)).toBe(k);
      }),
    );
  });

  it('arbitrary strings never throw and resolve only to table entries', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const c = resolveCountry(s);
        if (c) expect(COUNTRIES).toContain(c);
      }),
    );
  });
});
