import type { Dataset, DatasetSource } from '../../../../platform/snapshots/dataset.js';
import { countryByCode, resolveCountry } from '../../../../reference/countries.js';
import { MY_FUEL_URL, parseMyFuel } from '../../../../sources/datagovmy/fuel.js';
import { DESNZ_ROAD_FUEL_CONTENT_URL, parseRoadFuel } from '../../../../sources/desnz/road-fuel.js';
import { eiaDataUrl, eiaNumber, parseEiaRows, withEiaKey } from '../../../../sources/eia/client.js';
import { OIL_BULLETIN_URL, parseOilBulletin } from '../../../../sources/eu-oil-bulletin/bulletin.js';
import { parseYahooChartOne, yahooChartUrl } from '../../../../sources/yahoo/chart.js';
import { FUEL_USD_RANGE, fuelWow, LITRES_PER_GALLON, round } from '../rules.js';

export const FUEL_PRICES = 'economic.fuel-prices';

export interface FuelObservation {
  localPrice: number;
  usdPrice: number;
  grade: string;
  source: string;
  observedAt: string;
  wowPct?: number;
}

export interface FuelCountry {
  code: string;
  name: string;
  currency: string;
  fxRate: number;
  gasoline?: FuelObservation;
  diesel?: FuelObservation;
}

export interface FuelInfo {
  /** Sources that gave at least one price. */
  sources: string[];
  /** Sources that did not answer or gave nothing usable. */
  failedSources: string[];
}

const EIA_GND = eiaDataUrl('petroleum/pri/gnd', {
  frequency: 'weekly',
  data: ['value'],
  facets: { series: ['EMD_EPD2DXL0_PTE_NUS_DPG', 'EMM_EPMR_PTE_NUS_DPG'] },
  length: 8,
});
const FX = { EUR: 'EURUSD=X', GBP: 'GBPUSD=X', MYR: 'MYRUSD=X' } as const;

const sources: Record<string, DatasetSource> = {
  my: { url: MY_FUEL_URL, sample: 'economic/fuel/data-gov-my-fuelprice.json', optional: true },
  us: {
    url: EIA_GND,
    sample: 'economic/fuel/eia-petroleum-pri-gnd.json',
    optional: true,
    requires: ['EIA_API_KEY'],
    fetch: (get, { config }) => get(withEiaKey(EIA_GND, config)),
  },
  eu: { url: OIL_BULLETIN_URL, sample: 'economic/fuel/eu-weekly-oil-bulletin.xlsx', optional: true },
  gb: {
    url: DESNZ_ROAD_FUEL_CONTENT_URL,
    sample: 'economic/fuel/desnz-weekly-road-fuel-prices.requests.json',
    optional: true,
    // The statistics page's content record names the current CSV attachment.
    fetch: async (get) => {
      const page = JSON.parse((await get(DESNZ_ROAD_FUEL_CONTENT_URL)).toString('utf8')) as {
        details?: { attachments?: { url?: string }[] };
      };
      const csv = page.details?.attachments
        ?.map((a) => a.url)
        .find((u) => typeof u === 'string' && u.toLowerCase().endsWith('.csv'));
      if (!csv) throw new Error('gov.uk: no CSV attachment on the weekly road fuel prices page');
      return get(csv);
    },
  },
};
for (const [ccy, symbol] of Object.entries(FX))
  sources[`fx-${ccy}`] = {
    url: yahooChartUrl(symbol, '5d'),
    sample: `economic/fuel/yahoo-chart-${symbol}.json`,
    optional: true,
  };

type Point = { price: number; date: string };

/** A price in US dollars per litre, kept only within the plausible band. */
function observation(
  grade: string,
  source: string,
  now: Point,
  before: Point | undefined,
  fx: number,
): FuelObservation | undefined {
  const usd = now.price * fx;
  if (usd < FUEL_USD_RANGE.min || usd > FUEL_USD_RANGE.max) return undefined;
  const wowPct = fuelWow(now, before);
  return {
    localPrice: round(now.price, 4),
    usdPrice: round(usd, 4),
    grade,
    source,
    observedAt: now.date,
    ...(wowPct !== undefined ? { wowPct } : {}),
  };
}

/**
 * Pump prices per country and fuel from every source that answered, converted at the day's
 * Yahoo exchange rate. Each source covers its own countries; a source without its currency's rate
 * gives nothing.
 */
export function buildFuelPrices(payloads: Partial<Record<string, Buffer>>): { records: FuelCountry[]; info: FuelInfo } {
  const fx: Record<string, number> = { USD: 1 };
  for (const ccy of Object.keys(FX)) {
    const bytes = payloads[`fx-${ccy}`];
    const last = bytes ? parseYahooChartOne(bytes).bars.at(-1) : undefined;
    if (last) fx[ccy] = last.close;
  }
  const out = new Map<string, FuelCountry>();
  const used = new Set<string>();
  const add = (
    code: string,
    currency: string,
    source: string,
    gasoline?: FuelObservation,
    diesel?: FuelObservation,
  ) => {
    if (!gasoline && !diesel) return;
    const country = out.get(code) ?? {
      code,
      name: countryByCode(code)?.name ?? code,
      currency,
      fxRate: round(fx[currency], 6),
    };
    country.gasoline ??= gasoline;
    country.diesel ??= diesel;
    out.set(code, country);
    used.add(source);
  };
  if (payloads.my && fx.MYR) {
    const [now, before] = parseMyFuel(payloads.my);
    const pt = (w: typeof now | undefined, k: 'ron95' | 'diesel') =>
      w?.[k] ? { price: w[k]!, date: w.date } : undefined;
    if (now)
      add(
        'MY',
        'MYR',
        'data.gov.my',
        pt(now, 'ron95') && observation('RON95', 'data.gov.my', pt(now, 'ron95')!, pt(before, 'ron95'), fx.MYR),
        pt(now, 'diesel') && observation('Diesel', 'data.gov.my', pt(now, 'diesel')!, pt(before, 'diesel'), fx.MYR),
      );
  }
  if (payloads.us) {
    const bySeries = (id: string) =>
      parseEiaRows(payloads.us!)
        .filter((r) => r.series === id && eiaNumber(r.value) !== undefined)
        .map((r) => ({ price: eiaNumber(r.value)! / LITRES_PER_GALLON, date: String(r.period) }))
        .sort((a, b) => (a.date < b.date ? 1 : -1));
    const [g, gBefore] = bySeries('EMM_EPMR_PTE_NUS_DPG');
    const [d, dBefore] = bySeries('EMD_EPD2DXL0_PTE_NUS_DPG');
    add(
      'US',
      'USD',
      'EIA',
      g && observation('Regular', 'EIA', g, gBefore, 1),
      d && observation('Diesel (ULSD)', 'EIA', d, dBefore, 1),
    );
  }
  if (payloads.eu && fx.EUR) {
    const { date, rows } = parseOilBulletin(payloads.eu);
    for (const r of rows) {
      const c = resolveCountry(r.country);
      if (!c) continue;
      const src = 'EU Weekly Oil Bulletin';
      add(
        c.alpha2,
        'EUR',
        src,
        r.gasoline ? observation('Euro-super 95', src, { price: r.gasoline, date }, undefined, fx.EUR) : undefined,
        r.diesel ? observation('Automotive gas oil', src, { price: r.diesel, date }, undefined, fx.EUR) : undefined,
      );
    }
  }
  if (payloads.gb && fx.GBP) {
    const [now, before] = parseRoadFuel(payloads.gb);
    const pt = (w: typeof now | undefined, k: 'petrol' | 'diesel') =>
      w?.[k] ? { price: w[k]!, date: w.date } : undefined;
    if (now)
      add(
        'GB',
        'GBP',
        'DESNZ',
        pt(now, 'petrol') && observation('ULSP', 'DESNZ', pt(now, 'petrol')!, pt(before, 'petrol'), fx.GBP),
        pt(now, 'diesel') && observation('ULSD', 'DESNZ', pt(now, 'diesel')!, pt(before, 'diesel'), fx.GBP),
      );
  }
  if (out.size === 0) throw new Error('fuel prices: no source gave a plausible price');
  const names = { my: 'data.gov.my', us: 'EIA', eu: 'EU Weekly Oil Bulletin', gb: 'DESNZ' } as const;
  const failedSources = Object.entries(names)
    .filter(([, n]) => !used.has(n))
    .map(([, n]) => n);
  return {
    records: [...out.values()].sort((a, b) => (a.code < b.code ? -1 : 1)),
    info: { sources: [...used].sort(), failedSources },
  };
}

export const fuelPricesDataset: Dataset<FuelCountry, FuelInfo> = {
  name: FUEL_PRICES,
  source:
    'Pump prices: data.gov.my (Malaysia), EIA (United States), EU Weekly Oil Bulletin, DESNZ (United Kingdom); FX from Yahoo Finance',
  kind: 'live',
  maxStaleMinutes: 20_160,
  sources,
  parse: (payloads) => buildFuelPrices(payloads),
};
