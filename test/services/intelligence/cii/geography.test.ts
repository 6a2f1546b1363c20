import { describe, expect, it } from 'vitest';
import { countryAtPoint, countryOfText } from '../../../../src/services/intelligence/cii/geography.js';

describe('attribution by name', () => {
  it.each([
    ['Ukraine', 'UA'],
    ['Burma', 'MM'],
    ['Syrian Arab Republic', 'SY'],
    ['Russia (Soviet Union)', 'RU'],
    ['U.S.', 'US'],
    ['Kyiv residents shelter overnight', 'UA'],
    ['Türkiye', 'TR'],
    ['Jordan', undefined],
    // Whole phrases only: "uk" is not found inside "Ukulele".
    ['Ukulele festival', undefined],
    ['', undefined],
  ])('%s -> %s', (text, expected) => {
    expect(countryOfText(text)).toBe(expected);
  });
});

describe('attribution by point', () => {
  it.each([
    // Inside the UA and RU boxes; the RU/UA rule keeps it in Ukraine.
    ['Kyiv', 50.45, 30.52, 'UA'],
    ['Moscow', 55.75, 37.62, 'RU'],
    // North of 50.25 N and east of 35.6 E: Russia.
    ['Belgorod', 50.6, 36.6, 'RU'],
    // Inside the IL and SA boxes, no border rule: the smaller box, Israel.
    ['Tel Aviv', 32.08, 34.78, 'IL'],
    // Only Saudi Arabia's box, in Jordan's corner of it: no scored country.
    ['Amman', 31.95, 35.93, undefined],
    // West of -106.45: north of 31.73 N is the United States.
    ['El Paso', 31.76, -106.49, 'US'],
    // The Rio Grande at -106.42 runs at 31.73 - 0.0146 x 2.13 = 31.699 N; 31.69 is south of it.
    ['Ciudad Juarez', 31.69, -106.42, 'MX'],
    // KR, CN and JP boxes; north of 34.85 N the JP/KR rule gives Korea.
    ['Seoul', 37.57, 126.98, 'KR'],
    // KP, CN and JP boxes, no rule applies: the smallest box, North Korea.
    ['Pyongyang', 39.03, 125.75, 'KP'],
    // PL, UA and RU boxes; the border at 49.84 N runs at 22.7 + 0.79 x 0.35 = 22.98 E.
    ['Lviv', 49.84, 24.03, 'UA'],
    ['Przemysl', 49.78, 22.77, 'PL'],
    ['Gulf of Guinea', 0, 0, undefined],
    ['no position', Number.NaN, 10, undefined],
  ])('%s -> %s', (_name, lat, lon, expected) => {
    expect(countryAtPoint(lat, lon)).toBe(expected);
  });
});
