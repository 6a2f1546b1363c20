import { generate } from '../../../platform/llm/generate.js';
import type { Snapshot, SnapshotStore } from '../../../platform/snapshots/store.js';
import type { OrefHistoryRow } from '../../../sources/oref/alerts.js';
import type { AppDeps } from '../../../trpc/context.js';
import { MILITARY_FLIGHTS, type MilitaryFlight } from '../../military/index.js';
import { CHOKEPOINTS, type ChokepointDef } from '../../supply-chain/index.js';
import { CII_SCORES, type CiiScoresInfo } from '../country/datasets/cii-scores.js';
import type { CiiScore } from '../country/schemas.js';
import { OREF_HISTORY } from '../feeds/datasets/oref-history.js';
import { REGIME_HISTORY } from './datasets/regime-history.js';
import { DEFAULT_REGION, REGIONS, regionById } from './geography.js';
import { regionalInputs } from './inputs.js';
import {
  BRIEF_PERIOD_MS,
  briefFacts,
  briefFrom,
  narrativeFrom,
  snapshotFacts,
  templateBrief,
  templateNarrative,
} from './narrative.js';
import { buildSnapshot } from './pipeline.js';
import type { RegimeTransition } from './rules.js';
import type {
  GetRegimeHistoryRequest,
  GetRegimeHistoryResponse,
  GetRegionalBriefRequest,
  GetRegionalBriefResponse,
  GetRegionalSnapshotRequest,
  GetRegionalSnapshotResponse,
  RegionalSnapshot,
} from './schemas.js';

type Deps = Pick<AppDeps, 'store' | 'llm' | 'clock'>;

const isStale = (s: Snapshot<unknown, unknown> | undefined) =>
  Boolean(s?.meta.lastError) && s!.meta.lastAttemptAt > s!.meta.lastSuccessAt;

/** The region's transitions, newest first; empty without the history dataset. */
function transitionsOf(store: SnapshotStore, regionId: string): RegimeTransition[] {
  const history = store.read<RegimeTransition>(REGIME_HISTORY);
  if (!history) return [];
  return (
    history
      .derive('by-region', (h) => {
        const m = new Map<string, RegimeTransition[]>();
        for (const t of h.records) m.set(t.regionId, [...(m.get(t.regionId) ?? []), t]);
        return m;
      })
      .get(regionId) ?? []
  );
}

/**
 * The deterministic snapshot of a region: every region scored once per combination of input
 * snapshot versions (kept on the instability export's snapshot), then the regime's last recorded
 * transition and the inputs' staleness laid over it. Undefined for an unknown region or without
 * the instability export.
 */
export function regionalSnapshot(store: SnapshotStore, regionId: string): RegionalSnapshot | undefined {
  const region = regionById(regionId);
  const cii = store.read<CiiScore, CiiScoresInfo>(CII_SCORES);
  if (!region || !cii) return undefined;
  const chokepoints = store.read<ChokepointDef>(CHOKEPOINTS);
  const oref = store.read<OrefHistoryRow>(OREF_HISTORY);
  const flights = store.read<MilitaryFlight>(MILITARY_FLIGHTS);
  const key = `regional:${chokepoints?.version ?? 0}:${oref?.version ?? 0}:${flights?.version ?? 0}`;
  const all = cii.derive(key, (c) => {
    const inputs = regionalInputs({
      cii: c.records,
      chokepoints: chokepoints?.records,
      oref: oref?.records,
      flights: flights?.records,
    });
    return new Map(REGIONS.map((r) => [r.id, buildSnapshot(r, inputs, [])]));
  });
  const base = all.get(region.id)!;
  const staleInputs = (
    [
      ['cii-scores', cii],
      ['chokepoints', chokepoints],
      ['oref-history', region.oref ? oref : undefined],
      ['military-flights', flights],
    ] as const
  )
    .filter(([, s]) => isStale(s as Snapshot<unknown, unknown> | undefined))
    .map(([name]) => name);
  const last = transitionsOf(store, region.id)[0];
  const known = last && last.label === base.regime.label;
  return {
    ...base,
    meta: { ...base.meta, staleInputs },
    regime: {
      ...base.regime,
      previousLabel: known ? last.previousLabel : '',
      transitionedAt: known ? last.transitionedAt : 0,
    },
  };
}

const NARRATIVE_SYSTEM =
  'You are a geopolitical analyst. From the facts given only, write a regional assessment as lines starting with ' +
  'SITUATION:, BALANCE:, OUTLOOK 24H:, OUTLOOK 7D:, OUTLOOK 30D: and one or more WATCH: lines. ' +
  'Cite evidence by its bracketed id, e.g. [cii:UA]; do not invent facts.';

export async function getRegionalSnapshot(
  deps: Deps,
  req: GetRegionalSnapshotRequest,
): Promise<GetRegionalSnapshotResponse> {
  const regionId = req.region_id ?? DEFAULT_REGION;
  const snapshot = regionalSnapshot(deps.store, regionId);
  if (!snapshot) return {};
  const name = regionById(regionId)!.name;
  const written = await generate(deps.llm, {
    task: 'get-regional-snapshot',
    system: NARRATIVE_SYSTEM,
    prompt: snapshotFacts(snapshot, name),
    temperature: 0.3,
    maxTokens: 900,
    fallback: () => templateNarrative(snapshot, name),
  });
  return {
    snapshot: {
      ...snapshot,
      meta: {
        ...snapshot.meta,
        narrativeProvider: written.method === 'model' ? 'llm' : 'template',
        narrativeModel: written.model,
      },
      narrative: narrativeFrom(written.text, new Set(snapshot.evidence.map((e) => e.id))),
    },
  };
}

export const DEFAULT_HISTORY_LIMIT = 50;

export function getRegimeHistory(store: SnapshotStore, req: GetRegimeHistoryRequest): GetRegimeHistoryResponse {
  const limit = req.limit || DEFAULT_HISTORY_LIMIT;
  return { transitions: transitionsOf(store, req.region_id ?? DEFAULT_REGION).slice(0, limit) };
}

const BRIEF_SYSTEM =
  'You are a geopolitical analyst writing a weekly regional brief from the facts given only, as lines starting with ' +
  'RECAP:, TRAJECTORY:, one DEVELOPMENT: line per key development, and OUTLOOK:. Do not invent facts.';

/**
 * The weekly brief: the region's current snapshot and its regime transitions of the 7 days up to
 * the newer of the snapshot and the last transition; written by the model when configured.
 */
export async function getRegionalBrief(deps: Deps, req: GetRegionalBriefRequest): Promise<GetRegionalBriefResponse> {
  const regionId = req.region_id ?? DEFAULT_REGION;
  const snapshot = regionalSnapshot(deps.store, regionId);
  if (!snapshot) return {};
  const name = regionById(regionId)!.name;
  const all = transitionsOf(deps.store, regionId);
  const periodEnd = Math.max(snapshot.generatedAt, all[0]?.transitionedAt ?? 0);
  const periodStart = periodEnd - BRIEF_PERIOD_MS;
  const week = all.filter((t) => t.transitionedAt > periodStart && t.transitionedAt <= periodEnd);
  const written = await generate(deps.llm, {
    task: 'get-regional-brief',
    system: BRIEF_SYSTEM,
    prompt: briefFacts(snapshot, week, name),
    temperature: 0.3,
    maxTokens: 900,
    fallback: () => templateBrief(snapshot, week, name),
  });
  return {
    brief: {
      regionId,
      // The facts' time, not the clock's: the same snapshot and transitions give the same brief.
      generatedAt: periodEnd,
      periodStart,
      periodEnd,
      ...briefFrom(written.text),
      provider: written.method === 'model' ? 'llm' : 'template',
      model: written.model,
    },
  };
}
