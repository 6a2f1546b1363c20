import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { countryByCode } from '../../../reference/countries.js';
import {
  hapiConflictEventsUrl,
  HAPI_CONFLICT_EVENTS_URL,
  parseHapiConflictEvents,
} from '../../../sources/hapi/conflict-events.js';
import { humanitarianCounts } from '../rules.js';

export const HUMANITARIAN_SUMMARIES = 'conflict.humanitarian-summaries';

/** One country's latest month of conflict events, as served (updatedAt is added from the snapshot). */
export interface HumanitarianRow {
  countryCode: string;
  countryName: string;
  conflictEventsTotal: number;
  conflictPoliticalViolenceEvents: number;
  conflictFatalities: number;
  referencePeriod: string;
  conflictDemonstrations: number;
}

/** First day of the month before `now`, so the latest complete month is always in the window. */
function previousMonthStart(now: number): string {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
}

/** HAPI rows -> one summary per country with an ISO alpha-2 code, countries in code order. */
export function humanitarianRows(bytes: Buffer): HumanitarianRow[] {
  const byCountry = new Map<string, ReturnType<typeof parseHapiConflictEvents>>();
  for (const r of parseHapiConflictEvents(bytes)) {
    let rows = byCountry.get(r.locationCode);
    if (!rows) byCountry.set(r.locationCode, (rows = []));
    rows.push(r);
  }
  const out: HumanitarianRow[] = [];
  for (const [alpha3, rows] of byCountry) {
    const country = countryByCode(alpha3);
    const counts = humanitarianCounts(rows);
    if (!country || !counts) continue;
    out.push({ countryCode: country.alpha2, countryName: rows[0].locationName || country.name, ...counts });
  }
  return out.sort((a, b) => (a.countryCode < b.countryCode ? -1 : 1));
}

export const humanitarianDataset: Dataset<HumanitarianRow> = {
  name: HUMANITARIAN_SUMMARIES,
  source: 'HDX Humanitarian API (conflict events derived from ACLED)',
  kind: 'live',
  maxStaleMinutes: 300,
  sources: {
    hapi: {
      url: `${HAPI_CONFLICT_EVENTS_URL}?output_format=csv&start_date=<previous month>&limit=10000&app_identifier=<HAPI_APP_IDENTIFIER>`,
      urlAt: (now, config) => hapiConflictEventsUrl(config.HAPI_APP_IDENTIFIER ?? '', previousMonthStart(now)),
      fetch: (get, { now, config }) =>
        get(hapiConflictEventsUrl(config.HAPI_APP_IDENTIFIER ?? '', previousMonthStart(now))),
      requires: ['HAPI_APP_IDENTIFIER'],
      sample: 'conflict/hapi-conflict-events.csv',
    },
  },
  parse(payloads) {
    return { records: humanitarianRows(payloads.hapi!) };
  },
};
