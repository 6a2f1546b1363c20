import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { parseCsvRows } from '../../../../sources/formats/csv.js';

export const FLOW_BASELINES = 'supply-chain.flow-baselines';

/** The reference year the baselines are read for. */
export const BASELINE_YEAR = '2023';

/** EIA table rows -> baseline ids used by the chokepoint registry (the seven mapped chokepoints). */
const BASELINE_IDS: Record<string, string> = {
  'strait of hormuz': 'hormuz',
  'strait of malacca': 'malacca',
  'suez canal and sumed pipeline': 'suez',
  'bab el-mandeb': 'babelm',
  'danish straits': 'danish',
  'turkish straits': 'turkish',
  'panama canal': 'panama',
};

export interface FlowBaselineRecord {
  baselineId: string;
  name: string;
  year: string;
  mbd: number;
}

/**
 * EIA "oil flows through world chokepoints" CSV (million barrels a day by year) -> the reference-year
 * baseline of each mapped chokepoint. Title and source lines around the table are skipped.
 */
export function parseBaselines(
  bytes: Buffer,
  year = BASELINE_YEAR,
): { records: FlowBaselineRecord[]; info: { year: string } } {
  // Title and unit lines above the table have a single cell, hence the relaxed column count.
  const rows = parseCsvRows(bytes, { relaxColumnCount: true, trim: true });
  const headerAt = rows.findIndex((r) => r.length > 1 && /^(location|chokepoint)$/i.test(r[0]!));
  if (headerAt < 0) throw new Error('baseline table has no header row');
  const col = rows[headerAt]!.findIndex((h) => h === year);
  if (col < 0) throw new Error(`baseline table has no ${year} column`);
  const records: FlowBaselineRecord[] = [];
  for (const cells of rows.slice(headerAt + 1)) {
    const baselineId = BASELINE_IDS[cells[0]!.toLowerCase()];
    const mbd = Number(cells[col]);
    if (!baselineId || !Number.isFinite(mbd) || mbd <= 0 || cells[col] === undefined || cells[col] === '') continue;
    records.push({ baselineId, name: cells[0]!, year, mbd });
  }
  return { records, info: { year } };
}

export const flowBaselinesDataset: Dataset<FlowBaselineRecord> = {
  name: FLOW_BASELINES,
  source: 'U.S. EIA, World Oil Transit Chokepoints (volumes by year)',
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 400,
  sources: {
    table: {
      url: 'https://www.eia.gov/international/content/analysis/special_topics/World_Oil_Transit_Chokepoints/chokepoint_volumes.csv',
      sample: 'supply-chain/eia-chokepoint-volumes.csv',
    },
  },
  parse(payloads) {
    return parseBaselines(payloads.table!);
  },
};
