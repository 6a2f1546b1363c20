import { parseSdmxJson } from '../formats/sdmx.js';

/** IMF International Reserves and Foreign Currency Liquidity (IRFCL), SDMX 3.0 data API, monthly gold and total reserves. */
export const IRFCL_GOLD_URL =
  'https://api.imf.org/external/sdmx/3.0/data/dataflow/IMF.STA/IRFCL/+/*.RAFAGOLDV_OZT+RAFAGOLD_USD+RAF_USD.M?dimensionAtObservation=TIME_PERIOD&attributes=dsd&measures=all';

/** Gold volume (millions of fine troy ounces), gold value and total reserves (US dollar millions) per country and month. */
export interface IrfclCountry {
  iso3: string;
  name: string;
  /** Month (YYYY-MM) -> figures reported that month. */
  months: Record<string, { goldMoz?: number; goldUsdM?: number; reservesUsdM?: number }>;
}

const FIELD = { RAFAGOLDV_OZT: 'goldMoz', RAFAGOLD_USD: 'goldUsdM', RAF_USD: 'reservesUsdM' } as const;

export function parseIrfclGold(input: Buffer | string): IrfclCountry[] {
  const byCountry = new Map<string, IrfclCountry>();
  for (const s of parseSdmxJson(input)) {
    const iso3 = s.key.COUNTRY ?? s.key.REF_AREA;
    const field = FIELD[(s.key.INDICATOR ?? '') as keyof typeof FIELD];
    if (!iso3 || !field) continue;
    const c = byCountry.get(iso3) ?? { iso3, name: s.labels.COUNTRY ?? s.labels.REF_AREA ?? iso3, months: {} };
    for (const o of s.observations) {
      if (o.value === null || !/^\d{4}-\d{2}$/.test(o.period)) continue;
      (c.months[o.period] ??= {})[field] = o.value;
    }
    byCountry.set(iso3, c);
  }
  if (byCountry.size === 0) throw new Error('IMF IRFCL answer has no gold series by country');
  return [...byCountry.values()];
}
