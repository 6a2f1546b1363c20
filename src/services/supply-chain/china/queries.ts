import { dataTime, dataTimeOf } from '../../../platform/snapshots/data-time.js';
import type { Snapshot, SnapshotStore } from '../../../platform/snapshots/store.js';
import { FLIGHTS } from '../../aviation/index.js';
import { NATURAL_EVENTS } from '../../natural/index.js';
import { COMTRADE_FLOWS } from '../../trade/index.js';
import { OIL_BALANCES } from '../energy/datasets/oil-balances.js';
import { SHIPPING_RATES } from '../freight/datasets/shipping-rates.js';
import { CHINA_CORRIDORS, type CorridorDef } from './datasets/corridors.js';
import { CHINA_PORTS } from './datasets/china-ports.js';
import { composeCorridorTowers, type CorridorComposition } from './compose.js';
import type { InputSnapshot } from './rules.js';
import type { CorridorInputs } from './signals.js';
import type { GetChinaCorridorControlTowersResponse } from './schemas.js';

/** Every snapshot the towers are composed from, registry first. */
export const CORRIDOR_INPUT_DATASETS = [
  CHINA_CORRIDORS,
  CHINA_PORTS,
  FLIGHTS,
  NATURAL_EVENTS,
  OIL_BALANCES,
  COMTRADE_FLOWS,
  SHIPPING_RATES,
] as const;

function asInput<R, I>(s: Snapshot<R, I> | undefined): InputSnapshot<R, I> | undefined {
  if (!s) return undefined;
  // A refresh that failed after the last success leaves the rows serving but no longer fresh.
  const failing = s.meta.lastError !== null && s.meta.lastAttemptAt > s.meta.lastSuccessAt;
  return { records: s.records, info: s.info, fetchedAt: s.capturedAt, failing };
}

const memo = new WeakMap<SnapshotStore, { key: string; value: CorridorComposition }>();

/**
 * The composed towers, once per combination of input versions. The assessment time is the inputs'
 * data time (`dataTime`: the newest capture; the corridor registry describes no moment), so the same
 * snapshots always give the same answer.
 */
export function corridorComposition(store: SnapshotStore): CorridorComposition {
  const snaps = CORRIDOR_INPUT_DATASETS.map((d) => store.read(d));
  const key = snaps.map((s) => s?.version ?? 0).join(',');
  const hit = memo.get(store);
  if (hit && hit.key === key) return hit.value;
  const [registry, ports, flights, hazards, oil, comtrade, shipping] = snaps;
  const inputs: CorridorInputs = {
    ports: asInput(ports) as CorridorInputs['ports'],
    flights: asInput(flights) as CorridorInputs['flights'],
    hazards: asInput(hazards) as CorridorInputs['hazards'],
    oil: asInput(oil) as CorridorInputs['oil'],
    comtrade: asInput(comtrade) as CorridorInputs['comtrade'],
    shipping: asInput(shipping) as CorridorInputs['shipping'],
  };
  const assessedAt = dataTime(snaps);
  const value = composeCorridorTowers((registry?.records ?? []) as readonly CorridorDef[], inputs, assessedAt);
  memo.set(store, { key, value });
  return value;
}

export function getChinaCorridorControlTowers(store: SnapshotStore): GetChinaCorridorControlTowersResponse {
  const c = corridorComposition(store);
  // Without any corridor there is no composition time: the inputs' data time (0 without any).
  const generatedAt = c.payload.corridors.length
    ? c.payload.generatedAt
    : new Date(dataTimeOf(store, CORRIDOR_INPUT_DATASETS)).toISOString();
  return {
    payloadJson: JSON.stringify({ ...c.payload, generatedAt }),
    generatedAt,
    upstreamUnavailable: c.upstreamUnavailable,
  };
}
