import { z } from 'zod';
import { inputSample, type Dataset, type Previous } from '../../../../platform/snapshots/dataset.js';
import { parseOrefHistory } from '../../../../sources/oref/alerts.js';
import { militaryFlightsDataset, parseMilitaryFlights } from '../../../military/index.js';
import { chokepointsDataset, parseChokepointRegistry } from '../../../supply-chain/index.js';
import { ciiScoresDataset, parseCiiScores } from '../../country/datasets/cii-scores.js';
import { orefHistoryDataset } from '../../feeds/datasets/oref-history.js';
import { REGIONS } from '../geography.js';
import { regionalInputs, type InputRows } from '../inputs.js';
import { appendTransitions, REGIME_LABELS, scoreRegion, type RegimeTransition } from '../rules.js';

export const REGIME_HISTORY = 'intelligence.regime-history';

export interface RegimeHistoryInfo {
  /** The label each region had at the last ingestion: the next one compares against it. */
  lastLabels: Record<string, string>;
  /** When the last ingestion scored the regions, epoch ms. */
  scoredAt: number;
}

const Transition = z.object({
  regionId: z.string().regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/),
  label: z.enum(REGIME_LABELS),
  previousLabel: z.enum(REGIME_LABELS),
  transitionedAt: z.string().refine((s) => Number.isFinite(Date.parse(s)), 'transitionedAt must be an ISO 8601 time'),
  transitionDriver: z.string(),
  snapshotId: z.string().min(1),
});
const SeedDoc = z.object({
  format: z.literal('mds-regime-history'),
  version: z.literal(1),
  lastLabels: z.record(z.string(), z.enum(REGIME_LABELS)),
  transitions: z.array(Transition),
});

/** The bundled history document (this service's own format) -> transitions and the labels it ended on. */
export function parseRegimeHistorySeed(input: Buffer | string): {
  transitions: RegimeTransition[];
  lastLabels: Record<string, string>;
} {
  let json: unknown;
  try {
    json = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch (err) {
    throw new Error(`regime history document is not JSON: ${(err as Error).message}`);
  }
  const doc = SeedDoc.safeParse(json);
  if (!doc.success)
    throw new Error(
      `regime history document has an unexpected shape: ${doc.error.issues[0]?.path.join('.')} ${doc.error.issues[0]?.message}`,
    );
  return {
    transitions: doc.data.transitions.map((t) => ({ ...t, transitionedAt: Date.parse(t.transitionedAt) })),
    lastLabels: doc.data.lastLabels,
  };
}

/** The input datasets' rows, parsed from their upstream bytes by their own parsers. */
export function inputRowsFromPayloads(p: Partial<Record<string, Buffer>>): InputRows {
  if (!p.cii) throw new Error('the instability export (cii) is required to score the regions');
  return {
    cii: parseCiiScores(p.cii).scores,
    ...(p.chokepoints ? { chokepoints: parseChokepointRegistry(p.chokepoints).records } : {}),
    ...(p.oref ? { oref: parseOrefHistory(p.oref) } : {}),
    ...(p.flights_aircraft && p.flights_operators
      ? { flights: parseMilitaryFlights(p.flights_aircraft, p.flights_operators).records }
      : {}),
  };
}

/**
 * One ingestion: score every region from the inputs fetched now, compare each label with the last
 * one recorded (the previous snapshot's, or on the first load the bundled history's), append the
 * changes stamped with the ingestion time. Reads never write here.
 */
export function buildRegimeHistory(
  payloads: Partial<Record<string, Buffer>>,
  now: number,
  previous?: Previous<RegimeTransition, RegimeHistoryInfo>,
): { records: RegimeTransition[]; info: RegimeHistoryInfo } {
  const inputs = regionalInputs(inputRowsFromPayloads(payloads));
  const scores = REGIONS.map((r) => scoreRegion(r, inputs).score);
  const start = previous
    ? { transitions: [...previous.records], lastLabels: previous.info.lastLabels ?? {} }
    : payloads.seed
      ? parseRegimeHistorySeed(payloads.seed)
      : { transitions: [], lastLabels: {} };
  const { history, lastLabels } = appendTransitions(start.transitions, start.lastLabels, scores, now);
  return { records: history, info: { lastLabels, scoredAt: now } };
}

/**
 * Regime transitions of the regional snapshot pipeline: the regions are scored from the instability
 * scores, the chokepoint registry, OREF sirens and military ADS-B with the same rules as
 * get-regional-snapshot, and each region whose label changed is appended. Derived: the inputs are not
 * yet read from their own snapshots (issue "Data truth II"), so a load scores the inputs' bundled
 * samples once on top of the bundled history document (this service's own format), which seeds the
 * first load; later loads continue from the previous snapshot.
 */
export const regimeHistoryDataset: Dataset<RegimeTransition, RegimeHistoryInfo> = {
  name: REGIME_HISTORY,
  source:
    'Derived here from the instability scores, chokepoint registry, OREF sirens and military flights with the ' +
    'regional snapshot rules, one transition per label change (not computed from snapshots yet; serves its bundled ' +
    'history extended by scoring the bundled input samples)',
  kind: 'derived',
  maxStaleMinutes: 12 * 60,
  allowEmpty: true,
  sources: {
    seed: { sample: 'intelligence/regime-history.json', optional: true },
    cii: inputSample(ciiScoresDataset.sources.scores!),
    chokepoints: inputSample(chokepointsDataset.sources.registry!, true),
    oref: inputSample(orefHistoryDataset.sources.json!, true),
    flights_aircraft: inputSample(militaryFlightsDataset.sources.aircraft!, true),
    flights_operators: inputSample(militaryFlightsDataset.sources.operators!, true),
  },
  parse: (payloads, now, previous) => buildRegimeHistory(payloads, now, previous),
};
