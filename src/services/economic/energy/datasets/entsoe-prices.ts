import type { Dataset, DatasetSource } from '../../../../platform/snapshots/dataset.js';
import {
  ENTSOE_ZONES,
  entsoeDayAheadUrl,
  parseDayAhead,
  withEntsoeToken,
  type DayAheadPrice,
} from '../../../../sources/entsoe/day-ahead.js';

export const ENTSOE_PRICES = 'economic.entsoe-day-ahead-prices';

/** A country's newest day-ahead electricity price. */
export interface ElectricityPriceRow extends DayAheadPrice {
  iso2: string;
}

/**
 * One request per bidding zone; each may fail alone (its country is then left out), except Germany's:
 * without it, or without ENTSO_E_TOKEN, the run is refused before any request.
 */
const SOURCES: Record<string, DatasetSource> = Object.fromEntries(
  Object.entries(ENTSOE_ZONES).map(([iso2, eic]) => [
    iso2,
    {
      url: entsoeDayAheadUrl(eic, Date.UTC(2026, 10, 20)),
      urlAt: (now: number) => entsoeDayAheadUrl(eic, now),
      sample: `economic/entsoe/day-ahead-${iso2}.xml`,
      optional: iso2 !== 'DE',
      requires: ['ENTSO_E_TOKEN'],
      fetch: (get, { now, config }) => get(withEntsoeToken(entsoeDayAheadUrl(eic, now), config)),
    } satisfies DatasetSource,
  ]),
);

export function buildElectricityPrices(payloads: Partial<Record<string, Buffer>>): ElectricityPriceRow[] {
  const out: ElectricityPriceRow[] = [];
  for (const iso2 of Object.keys(ENTSOE_ZONES)) {
    const bytes = payloads[iso2];
    if (bytes) out.push({ iso2, ...parseDayAhead(bytes) });
  }
  if (out.length === 0) throw new Error('ENTSO-E: no bidding zone answered');
  return out;
}

export const entsoePricesDataset: Dataset<ElectricityPriceRow> = {
  name: ENTSOE_PRICES,
  source: 'ENTSO-E Transparency Platform, day-ahead electricity prices by bidding zone',
  kind: 'live',
  maxStaleMinutes: 2 * 24 * 60,
  sources: SOURCES,
  parse: (payloads) => ({ records: buildElectricityPrices(payloads) }),
};
