import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { dbipCountryLiteUrl, parseIpCountryCsv, type IpRange } from '../../../../sources/dbip/ip-to-country.js';
import { ipToBigInt } from '../rules.js';

export const IP_COUNTRY_RANGES = 'infrastructure.ip-country-ranges';

/** Rows whose addresses do not parse, or whose end precedes the start, are refused with the line. */
export function validRanges(ranges: readonly IpRange[]): IpRange[] {
  ranges.forEach((r, i) => {
    const a = ipToBigInt(r.start);
    const b = ipToBigInt(r.end);
    if (!a || !b || a.family !== b.family || a.value > b.value)
      throw new Error(`IP-to-country row ${i + 1} is not a valid range: ${r.start},${r.end}`);
  });
  return [...ranges];
}

export const ipCountryRangesDataset: Dataset<IpRange> = {
  name: IP_COUNTRY_RANGES,
  source: 'DB-IP IP to Country Lite (CC BY 4.0)',
  kind: 'live',
  maxStaleMinutes: 45 * 24 * 60,
  sources: {
    dbip: {
      url: dbipCountryLiteUrl(Date.UTC(2026, 10, 1)),
      urlAt: dbipCountryLiteUrl,
      sample: 'infrastructure/dbip-country-lite-sample.csv',
    },
  },
  parse(payloads) {
    return { records: validRanges(parseIpCountryCsv(payloads.dbip!)) };
  },
};
