import type { AnyDataset, Dataset, DatasetSource, Previous } from '../../../../platform/snapshots/dataset.js';
import { flightsDataset } from '../../../aviation/index.js';
import { naturalEventsDataset } from '../../../natural/index.js';
import {
  oilBalancesDataset,
  shippingRatesDataset,
  composeCorridorTowers,
  corridorBreadth,
  chinaCorridorsDataset,
  type CorridorDef,
  type CorridorId,
  type Family,
  chinaPortsDataset,
  type Trend,
  type CorridorInputs,
} from '../../../supply-chain/index.js';
import { comtradeFlowsDataset } from '../../../trade/index.js';

export const CORRIDOR_HISTORY = 'economic.china-corridor-history';

/** Points kept: the published service keeps the last 16 corridor readings. */
export const CORRIDOR_HISTORY_KEEP = 16;

/** One reading of the corridors' directions, taken at an ingestion. */
export interface CorridorHistoryPoint {
  /** Ingestion moment, epoch ms. */
  at: number;
  /** Strengthening minus weakening families, over every corridor. */
  breadth: number;
  byCorridor: Partial<Record<CorridorId, number>>;
  trends: Partial<Record<CorridorId, Record<Family, Trend>>>;
}

/**
 * The corridor inputs, each with its own upstream sources: this dataset reads the same documents
 * (and bundled samples) as the datasets it composes, so one ingestion gives one reading without
 * reading another dataset's snapshot from a parser.
 */
const INPUTS: Record<keyof CorridorInputs | 'registry', AnyDataset> = {
  registry: chinaCorridorsDataset,
  ports: chinaPortsDataset,
  flights: flightsDataset,
  hazards: naturalEventsDataset,
  oil: oilBalancesDataset,
  comtrade: comtradeFlowsDataset,
  shipping: shippingRatesDataset,
};

const sources: Record<string, DatasetSource> = {};
for (const [input, ds] of Object.entries(INPUTS)) {
  // Every input may be missing: its families are then unavailable in that reading.
  for (const [key, src] of Object.entries(ds.sources)) sources[`${input}.${key}`] = { ...src, optional: true };
}

/** One input's payloads through its own parser; undefined when a required source is absent or the parser refuses. */
function parsed(input: string, ds: AnyDataset, payloads: Partial<Record<string, Buffer>>, now: number) {
  const own: Partial<Record<string, Buffer>> = {};
  for (const [key, src] of Object.entries(ds.sources)) {
    const bytes = payloads[`${input}.${key}`];
    if (bytes) own[key] = bytes;
    else if (!src.optional) return undefined;
  }
  try {
    const out = ds.parse(own, now);
    return { records: out.records, info: out.info ?? {}, fetchedAt: now, failing: false };
  } catch {
    return undefined;
  }
}

/** The reading of this ingestion appended to the ones held, newest `CORRIDOR_HISTORY_KEEP` kept, oldest first. */
export function appendCorridorReading(
  payloads: Partial<Record<string, Buffer>>,
  now: number,
  previous?: Previous<CorridorHistoryPoint, Record<string, never>>,
): { records: CorridorHistoryPoint[]; info: Record<string, never> } {
  const registry = parsed('registry', INPUTS.registry, payloads, now);
  if (!registry) throw new Error('China corridor history: the corridor registry was not read');
  const inputs = Object.fromEntries(
    (Object.keys(INPUTS) as (keyof typeof INPUTS)[])
      .filter((k) => k !== 'registry')
      .map((k) => [k, parsed(k, INPUTS[k], payloads, now)]),
  ) as CorridorInputs;
  // The registry is a file of this repository and always reads: with every upstream input unreadable
  // the reading would say nothing, and appending it would push a real one out of the history.
  if (Object.values(inputs).every((i) => i === undefined))
    throw new Error('China corridor history: no corridor input was read');
  const composition = composeCorridorTowers(registry.records as CorridorDef[], inputs, now);
  const { total, byCorridor } = corridorBreadth(composition.trends);
  const point: CorridorHistoryPoint = { at: now, breadth: total, byCorridor, trends: composition.trends };
  const held = (previous?.records ?? []).filter((p) => p.at < now);
  return { records: [...held, point].slice(-CORRIDOR_HISTORY_KEEP), info: {} };
}

export const corridorHistoryDataset: Dataset<CorridorHistoryPoint, Record<string, never>> = {
  name: CORRIDOR_HISTORY,
  source:
    'China corridor directions read at each ingestion from the corridor inputs (PortWatch, flights, EONET, JODI, Comtrade, SSE), accumulated',
  kind: 'live',
  maxStaleMinutes: 2 * 24 * 60,
  sources,
  parse: (payloads, now, previous) => appendCorridorReading(payloads, now, previous),
  // Our own accumulation: keeping the last 16 points after a restart with fewer is not a collapse.
  minRetainedRatio: 0,
};
