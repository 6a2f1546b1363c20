import type { Dataset, DatasetSource } from '../../../../platform/snapshots/dataset.js';
import { fredObservationsUrl, parseFredObservations, withFredKey } from '../../../../sources/fred/client.js';
import { GSCPI_CSV_URL, parseGscpiCsv } from '../../../../sources/nyfed/gscpi.js';
import { FRED_SERIES } from '../rules.js';
import type { FredSeries } from '../schemas.js';

export const FRED_SERIES_DATASET = 'economic.fred-series';

/** Smallest share of the series a run must bring back to replace the snapshot. */
const MIN_SERIES_SHARE = 0.75;

/**
 * Every FRED series may fail alone except the anchor: a run without it (or without the key) is
 * refused, so a missing FRED_API_KEY stops ingestion before any request and says so.
 */
const ANCHOR = 'FEDFUNDS';

function fredSource(id: string): DatasetSource {
  const url = fredObservationsUrl(id);
  return {
    url,
    sample: `economic/fred/${id}.json`,
    optional: id !== ANCHOR,
    requires: ['FRED_API_KEY'],
    fetch: (get, { config }) => get(withFredKey(url, config)),
  };
}

const sources: Record<string, DatasetSource> = {};
for (const s of FRED_SERIES) {
  sources[s.id] =
    s.id === 'GSCPI' ? { url: GSCPI_CSV_URL, sample: 'economic/fred/gscpi.csv', optional: true } : fredSource(s.id);
}

/**
 * One record per series with its observations in date order. Each series is its own request and
 * may fail alone; the run is refused when fewer than three quarters of them arrive.
 */
export function buildFredSeries(payloads: Partial<Record<string, Buffer>>): FredSeries[] {
  const out: FredSeries[] = [];
  for (const s of FRED_SERIES) {
    const bytes = payloads[s.id];
    if (!bytes) continue;
    const observations = s.id === 'GSCPI' ? parseGscpiCsv(bytes) : parseFredObservations(bytes);
    if (observations.length === 0) continue;
    out.push({ seriesId: s.id, title: s.title, units: s.units, frequency: s.frequency, observations });
  }
  if (out.length < Math.ceil(FRED_SERIES.length * MIN_SERIES_SHARE)) {
    throw new Error(`FRED: only ${out.length} of ${FRED_SERIES.length} series have observations`);
  }
  return out;
}

export const fredSeriesDataset: Dataset<FredSeries> = {
  name: FRED_SERIES_DATASET,
  source:
    'Federal Reserve Bank of St. Louis, FRED series observations; New York Fed, Global Supply Chain Pressure Index',
  kind: 'live',
  maxStaleMinutes: 1_500,
  sources,
  parse: (payloads) => ({ records: buildFredSeries(payloads) }),
};
