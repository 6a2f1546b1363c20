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

/** Rows with a date, a two-letter country, a positive price and rate; a file without any is refused. */
export function parseGroceryObservations(bytes: Buffer): GroceryObservation[] {
  const out: GroceryObservation[] = [];
  for (const r of parseCsv(bytes, { trim: true })) {
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

export const groceryObservationsDataset: Dataset<GroceryObservation> = {
  name: GROCERY_OBSERVATIONS,
  source: 'Bundled, dated retailer shelf-price observations of a ten-item grocery basket (no live price provider)',
  kind: 'live',
  maxStaleMinutes: 20_160,
  sources: {
    observations: {
      url: 'https://raw.githubusercontent.com/monitoring-data-service/registries/main/grocery-basket/observations.csv',
      sample: 'economic/grocery/observations.csv',
    },
  },
  parse: (payloads) => ({ records: parseGroceryObservations(payloads.observations!) }),
};
