import type { Dataset, DatasetSource } from '../../../../platform/snapshots/dataset.js';
import { eiaDataUrl, eiaNumber, parseEiaRows, withEiaKey } from '../../../../sources/eia/client.js';
import { EIA_SERIES, ENERGY_COMMODITIES, INVENTORY_WEEKS } from '../rules.js';

export const EIA_WEEKLY = 'economic.eia-weekly';

/** One weekly observation of an EIA series. */
export interface EiaWeeklyObservation {
  series: string;
  period: string;
  value: number;
  units: string;
}

function eiaSource(route: string, series: string[], length: number, sample: string, optional = true): DatasetSource {
  const url = eiaDataUrl(route, { frequency: 'weekly', data: ['value'], facets: { series }, length });
  return {
    url,
    sample: `economic/eia/${sample}`,
    optional,
    requires: ['EIA_API_KEY'],
    fetch: (get, { config }) => get(withEiaKey(url, config)),
  };
}

/**
 * Each source is its own request and may fail alone (the parser sees it as absent), except the spot
 * prices: without them, or without EIA_API_KEY, the run is refused before any request.
 */
const SOURCES = {
  spot: eiaSource(
    'petroleum/pri/spt',
    ENERGY_COMMODITIES.map((c) => c.series).sort(),
    6,
    'petroleum-pri-spt-weekly.json',
    false,
  ),
  crude: eiaSource(
    'petroleum/stoc/wstk',
    [EIA_SERIES.crudeStocks],
    INVENTORY_WEEKS + 1,
    'petroleum-stoc-wstk-WCRSTUS1.json',
  ),
  spr: eiaSource(
    'petroleum/stoc/wstk',
    [EIA_SERIES.sprStocks],
    INVENTORY_WEEKS + 1,
    'petroleum-stoc-wstk-WCSSTUS1.json',
  ),
  refinery: eiaSource('petroleum/pnp/wiup', [EIA_SERIES.refineryInput], 2, 'petroleum-pnp-wiup-WCRRIUS2.json'),
  natgas: eiaSource(
    'natural-gas/stor/wkly',
    [EIA_SERIES.natGasStorage],
    INVENTORY_WEEKS + 1,
    'natural-gas-stor-wkly.json',
  ),
};

/** Rows with a series id, a date and a number, from every source that answered; at least one must. */
export function buildEiaWeekly(payloads: Partial<Record<string, Buffer>>): EiaWeeklyObservation[] {
  const out: EiaWeeklyObservation[] = [];
  let answered = 0;
  for (const name of Object.keys(SOURCES)) {
    const bytes = payloads[name];
    if (!bytes) continue;
    answered++;
    for (const row of parseEiaRows(bytes)) {
      const value = eiaNumber(row.value);
      const period = String(row.period ?? '');
      if (value === undefined || typeof row.series !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(period)) continue;
      out.push({ series: row.series, period, value, units: String(row.units ?? '') });
    }
  }
  if (answered === 0) throw new Error('EIA: no weekly source answered');
  return out;
}

export const eiaWeeklyDataset: Dataset<EiaWeeklyObservation> = {
  name: EIA_WEEKLY,
  source:
    'U.S. Energy Information Administration, API v2: weekly spot prices, petroleum stocks, refinery input and natural gas storage',
  kind: 'live',
  maxStaleMinutes: 20_160,
  sources: SOURCES,
  parse: (payloads) => ({ records: buildEiaWeekly(payloads) }),
};
