import type { Dataset, DatasetSource } from '../../../../platform/snapshots/dataset.js';
import { eurostatDataUrl, valuesByGeo } from '../../../../sources/eurostat/client.js';
import {
  EUROSTAT_COUNTRIES,
  EUROSTAT_MIN_COUNTRIES,
  latestMetric,
  type EurostatMetric,
  type EurostatMetricName,
} from '../rules.js';

export const EUROSTAT_COUNTRY_DATA = 'economic.eurostat-country-data';

export interface EurostatCountryMetric extends EurostatMetric {
  country: string;
  metric: EurostatMetricName;
}

/** Which Eurostat dataset, filtered how, gives each metric. */
const QUERIES: Record<EurostatMetricName, { dataset: string; filters: Record<string, string[]>; last: number }> = {
  cpi: { dataset: 'prc_hicp_manr', filters: { coicop: ['CP00'] }, last: 2 },
  unemployment: {
    dataset: 'une_rt_m',
    filters: { sex: ['T'], age: ['TOTAL'], s_adj: ['SA'], unit: ['PC_ACT'] },
    last: 3,
  },
  gdpGrowth: { dataset: 'namq_10_gdp', filters: { s_adj: ['SCA'], unit: ['CLV_PCH_PRE'], na_item: ['B1GQ'] }, last: 2 },
};

const sources: Record<string, DatasetSource> = {};
for (const [metric, q] of Object.entries(QUERIES)) {
  sources[metric] = {
    url: eurostatDataUrl(q.dataset, { ...q.filters, geo: EUROSTAT_COUNTRIES }, q.last),
    sample: `economic/eurostat/${q.dataset}.json`,
    optional: true,
  };
}

/** One row per country and metric with a value; fewer than five countries is refused. */
export function buildEurostat(payloads: Partial<Record<string, Buffer>>): EurostatCountryMetric[] {
  const out: EurostatCountryMetric[] = [];
  for (const metric of Object.keys(QUERIES) as EurostatMetricName[]) {
    const bytes = payloads[metric];
    if (!bytes) continue;
    const byGeo = valuesByGeo(bytes);
    for (const country of EUROSTAT_COUNTRIES) {
      const m = latestMetric(byGeo.get(country) ?? []);
      if (m) out.push({ country, metric, ...m });
    }
  }
  const countries = new Set(out.map((r) => r.country)).size;
  if (countries < EUROSTAT_MIN_COUNTRIES) throw new Error(`Eurostat: only ${countries} countries have data`);
  return out;
}

export const eurostatDataset: Dataset<EurostatCountryMetric> = {
  name: EUROSTAT_COUNTRY_DATA,
  source: 'Eurostat dissemination API: HICP inflation, unemployment rate, GDP growth',
  kind: 'live',
  maxStaleMinutes: 4_320,
  sources,
  parse: (payloads) => ({ records: buildEurostat(payloads) }),
};
