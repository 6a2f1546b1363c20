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
    // Cases the published scorer's own tests pin: whole tokens, demonyms, no bare "Korean".
    ['Jerusalem security alert', undefined],
    ['Sukhoi incident reported', undefined],
    ['New England outage', undefined],
    ['Fukushima plant inspection', 'JP'],
    ['U.K. sanctions update', 'GB'],
    ['North Korean missile drill', 'KP'],
    ['Korean export data', undefined],
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
    // Border cases the published scorer's own tests pin (city coordinates).
    ['Damascus', 33.5138, 36.2765, 'SY'],
    ['Beirut', 33.8938, 35.5018, 'LB'],
    ['Houston', 29.7604, -95.3698, 'US'],
    ['Tijuana', 32.5149, -117.0382, 'MX'],
    ['Nuevo Laredo', 27.4763, -99.5164, 'MX'],
    ['Brownsville', 25.9017, -97.4975, 'US'],
    ['Fukuoka', 33.5904, 130.4017, 'JP'],
    ['Najran', 17.5656, 44.2289, 'SA'],
    ['Sanaa', 15.3694, 44.191, 'YE'],
    ['Punggye-ri', 41.28, 129.09, 'KP'],
    ['Yanji', 42.89, 129.51, 'CN'],
    ['Kaesong', 37.9382, 126.5878, 'KP'],
    ['Lublin', 51.25, 22.57, 'PL'],
    ['Rostov-on-Don', 47.2357, 39.7015, 'RU'],
    ['Sumy', 50.9077, 34.7981, 'UA'],
    ['Kharkiv', 49.9935, 36.2304, 'UA'],
    ['Amritsar', 31.634, 74.8723, 'IN'],
    ['Lahore', 31.5204, 74.3587, 'PK'],
    ['Lhasa', 29.652, 91.1721, 'CN'],
    ['Gaziantep', 37.0662, 37.3833, 'TR'],
    ['Kermanshah', 34.3277, 47.0778, 'IR'],
    ['Quetta', 30.1798, 66.975, 'PK'],
    ['Tabuk', 28.3835, 36.5662, 'SA'],
    ['Dammam', 26.4207, 50.0888, 'SA'],
    ['Ruili', 24.0128, 97.8519, 'CN'],
    ['Vladivostok', 43.1155, 131.8855, 'RU'],
    ['Belogorsk', 50.9213, 128.4739, 'RU'],
    ['Heihe', 50.2458, 127.4886, 'CN'],
    ['Mohe', 52.9721, 122.5386, 'CN'],
    ['Yuzhno-Sakhalinsk', 46.9591, 142.738, 'RU'],
    ['southern Sakhalin', 45.45, 142.05, 'RU'],
    ['north Hokkaido', 44.35, 142.46, 'JP'],
    ['Wakkanai', 45.415, 141.673, 'JP'],
    // The Jordan gap applies only when Saudi Arabia's box is the sole candidate.
    ['Dead Sea, Israeli shore', 31.856, 35.459, 'IL'],
    ['Daraa', 32.45, 36.1, 'SY'],
    ['no position', Number.NaN, 10, undefined],
  ])('%s -> %s', (_name, lat, lon, expected) => {
    expect(countryAtPoint(lat, lon)).toBe(expected);
  });
});
