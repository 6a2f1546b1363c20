import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { parseCsv } from '../../../../sources/formats/csv.js';

export const GROCERY_OBSERVATIONS = 'economic.grocery-observations';

/** One shelf price read at a retailer on a date, with the exchange rate of that day. */
export interface GroceryObservation {
  observedAt: string;
  country: string;
  itemId: string;
  localPrice: number;
  currency: string;
  usdPerUnit: number;
  sourceSite: string;
}

/** Rows with a date, a two-letter country, a positive price and rate (`#` lines are comments); a file without any is refused. */
export function parseGroceryObservations(bytes: Buffer): GroceryObservation[] {
  const out: GroceryObservation[] = [];
  for (const r of parseCsv(bytes, { trim: true, comment: '#' })) {
    const localPrice = Number(r.local_price);
    const usdPerUnit = Number(r.usd_per_unit);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(r.observed_at ?? '') || !/^[A-Z]{2}$/.test(r.country ?? '')) continue;
    if (!(localPrice > 0) || !(usdPerUnit > 0) || !r.item_id) continue;
    out.push({
      observedAt: r.observed_at,
      country: r.country,
      itemId: r.item_id,
      localPrice,
      currency: r.currency ?? '',
      usdPerUnit,
      sourceSite: r.source_site ?? '',
    });
  }
  if (out.length === 0) throw new Error('grocery observations: no usable row');
  return out;
}

/**
 * Shelf prices are observations, not a table of facts: the published service collects them weekly by
 * searching retailer sites with paid search and LLM extraction services, and no public upstream serves
 * them. An operator runs a collector and publishes its observations as a CSV in the layout above
 * (`observed_at,country,item_id,local_price,currency,usd_per_unit,source_site`) at
 * GROCERY_OBSERVATIONS_URL. The bundled file is a sample written for this service.
 */
export const groceryObservationsDataset: Dataset<GroceryObservation> = {
  name: GROCERY_OBSERVATIONS,
  source:
    'Retailer shelf-price observations of a ten-item grocery basket from an operator-run collector (GROCERY_OBSERVATIONS_URL)',
  kind: 'relay',
  maxStaleMinutes: 20_160,
  sources: {
    observations: {
      url: '$GROCERY_OBSERVATIONS_URL',
      // Only called once the runner has checked that the variable is set.
      urlAt: (_now, config) => config.GROCERY_OBSERVATIONS_URL ?? '',
      requires: ['GROCERY_OBSERVATIONS_URL'],
      sample: 'economic/grocery/observations.csv',
    },
  },
  parse: (payloads) => ({ records: parseGroceryObservations(payloads.observations!) }),
};
