import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { parseCsv } from '../../../sources/formats/csv.js';
import { FormatError } from '../../../sources/formats/errors.js';

export const PRICE_OBSERVATIONS = 'consumer-prices.observations';

/**
 * One shelf-price observation. The bundled file (`db/samples/consumer-prices/observations-<market>.csv`)
 * has one row per observation with these columns, in this order:
 *
 * | column          | meaning                                                           |
 * |-----------------|-------------------------------------------------------------------|
 * | observed_at     | ISO 8601 UTC time the price was read                              |
 * | market_code     | market, lower-case ISO alpha-2 (`ae`)                             |
 * | currency_code   | ISO 4217 currency of `price` (`AED`)                              |
 * | retailer_slug   | retailer id (`carrefour-uae`)                                     |
 * | retailer_name   | retailer display name                                             |
 * | basket_slug     | basket the item belongs to (`essentials-ae`)                      |
 * | base_date       | YYYY-MM-DD the basket's index is 100 on                           |
 * | item_slug       | basket item (`milk-1l`)                                           |
 * | item_name       | basket item display name                                          |
 * | category_slug   | item category (`dairy`)                                           |
 * | weight          | item weight in the basket (any positive scale)                    |
 * | product_id      | the retailer's product matched to the item                        |
 * | product_title   | that product's title                                              |
 * | price           | shelf price, decimal                                              |
 * | in_stock        | `true` or `false`                                                 |
 *
 * The observations were collected elsewhere (the published service scrapes retailer pages with paid
 * search and extraction services); this service recomputes every index from them.
 */
export interface PriceObservation {
  observedAt: number;
  marketCode: string;
  currencyCode: string;
  retailerSlug: string;
  retailerName: string;
  basketSlug: string;
  baseDate: string;
  itemSlug: string;
  itemName: string;
  categorySlug: string;
  weight: number;
  productId: string;
  productTitle: string;
  price: number;
  inStock: boolean;
}

const COLUMNS = [
  'observed_at',
  'market_code',
  'currency_code',
  'retailer_slug',
  'retailer_name',
  'basket_slug',
  'base_date',
  'item_slug',
  'item_name',
  'category_slug',
  'weight',
  'product_id',
  'product_title',
  'price',
  'in_stock',
];

export function parseObservations(bytes: Buffer): PriceObservation[] {
  const rows = parseCsv(bytes);
  if (rows.length > 0) {
    const missing = COLUMNS.filter((c) => !(c in rows[0]));
    if (missing.length) throw new FormatError('price observations CSV', `missing columns ${missing.join(', ')}`);
  }
  const out: PriceObservation[] = [];
  for (const r of rows) {
    const observedAt = Date.parse(r.observed_at);
    const price = Number(r.price);
    const weight = Number(r.weight);
    if (
      !Number.isFinite(observedAt) ||
      !(price > 0) ||
      !(weight > 0) ||
      !/^\d{4}-\d{2}-\d{2}$/.test(r.base_date) ||
      !r.retailer_slug ||
      !r.item_slug
    )
      continue;
    out.push({
      observedAt,
      marketCode: r.market_code.toLowerCase(),
      currencyCode: r.currency_code,
      retailerSlug: r.retailer_slug,
      retailerName: r.retailer_name,
      basketSlug: r.basket_slug,
      baseDate: r.base_date,
      itemSlug: r.item_slug,
      itemName: r.item_name,
      categorySlug: r.category_slug,
      weight,
      productId: r.product_id,
      productTitle: r.product_title,
      price,
      inStock: r.in_stock === 'true',
    });
  }
  return out;
}

export const priceObservationsDataset: Dataset<PriceObservation> = {
  name: PRICE_OBSERVATIONS,
  source: 'Bundled dated retailer price observations (collected outside this service)',
  // A fixed, dated observation set: health reports it stale, which it honestly is.
  kind: 'live',
  maxStaleMinutes: 26 * 60,
  sources: {
    observations: {
      url: 'https://operator.example/observations.csv (set CONSUMER_PRICES_OBSERVATIONS_URL)',
      // No public upstream: an operator may publish a newer file in the same layout and point here.
      urlAt: (_now, config) => config.CONSUMER_PRICES_OBSERVATIONS_URL ?? '',
      fetch: (get, { config }) => get(config.CONSUMER_PRICES_OBSERVATIONS_URL ?? ''),
      requires: ['CONSUMER_PRICES_OBSERVATIONS_URL'],
      sample: 'consumer-prices/observations-ae.csv',
    },
  },
  parse(payloads) {
    return { records: parseObservations(payloads.observations!) };
  },
};
