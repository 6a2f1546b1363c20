/**
 * Scenario impact rules (the published scenario worker's arithmetic): how a template's disruption
 * of chokepoints, or a tariff shock, turns trade exposure into per-country impact. Pure functions.
 */

export interface ScenarioTemplate {
  id: string;
  name: string;
  affectedChokepointIds: string[];
  disruptionPct: number;
  durationDays: number;
  /** HS2 chapters hit; empty means every chapter. */
  affectedHs2: string[];
  costShockMultiplier: number;
}

/** One reporter's exposure in one HS2 chapter (computed in exposure-rules.ts). */
export interface TradeExposure {
  iso2: string;
  hs2: string;
  /** The chapter's imports the flow-weighted scores were computed from (US dollars); 0 for the route fallback. */
  tradeValueUsd: number;
  /** From the importer's Comtrade imports and its suppliers' lanes, or from its own lanes alone. */
  coverage: 'flow-weighted' | 'route-fallback';
  /** The most exposed chokepoint; '' when no score is above 0. */
  primaryChokepointId: string;
  /** 0-100: how hard a price shock on this trade hits the reporter (used by tariff scenarios). */
  vulnerabilityIndex: number;
  /** 0-100 per chokepoint, highest first: share of the chapter's trade routed through it. */
  exposures: { chokepointId: string; score: number }[];
}

export interface ImpactCountry {
  iso2: string;
  totalImpact: number;
  impactPct: number;
}

export interface ScenarioResult {
  affectedChokepointIds: string[];
  topImpactCountries: ImpactCountry[];
  template: { name: string; disruptionPct: number; durationDays: number; costShockMultiplier: number };
}

/** Reporters examined when the caller names no country. */
export const DEFAULT_REPORTERS = ['US', 'CN', 'RU', 'IR', 'IN', 'TW'] as const;
export const TOP_COUNTRIES = 20;

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Impact of one exposure row: through each disrupted chokepoint, or as a tariff shock when none is disrupted. */
export function rowImpact(row: TradeExposure, t: ScenarioTemplate, disrupted: ReadonlySet<string>): number {
  if (t.affectedChokepointIds.length === 0) return row.vulnerabilityIndex * t.costShockMultiplier;
  let sum = 0;
  for (const e of row.exposures) {
    if (e.score > 0 && disrupted.has(e.chokepointId)) sum += e.score * (t.disruptionPct / 100) * t.costShockMultiplier;
  }
  return sum;
}

/**
 * The scenario's outcome over the exposure rows: impact summed per reporter (the named one, or the
 * default six), limited to the template's chapters, the 20 most affected first (ties by code), each
 * also as a percentage of the largest. `knownChokepoints`, when given, drops template chokepoints the
 * current registry does not list (they cannot be routed through).
 */
export function computeScenario(
  t: ScenarioTemplate,
  rows: readonly TradeExposure[],
  opts: { iso2?: string | null; knownChokepoints?: ReadonlySet<string> } = {},
): ScenarioResult {
  const affected = opts.knownChokepoints
    ? t.affectedChokepointIds.filter((id) => opts.knownChokepoints!.has(id))
    : [...t.affectedChokepointIds];
  const disrupted = new Set(affected);
  const reporters = new Set<string>(opts.iso2 ? [opts.iso2] : DEFAULT_REPORTERS);
  const chapters = t.affectedHs2.length ? new Set(t.affectedHs2) : null;
  const totals = new Map<string, number>();
  for (const row of rows) {
    if (!reporters.has(row.iso2) || (chapters && !chapters.has(row.hs2))) continue;
    const impact = rowImpact(row, t, disrupted);
    if (impact > 0) totals.set(row.iso2, (totals.get(row.iso2) ?? 0) + impact);
  }
  const ranked = [...totals].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, TOP_COUNTRIES);
  const top = Math.max(ranked[0]?.[1] ?? 0, 1);
  return {
    affectedChokepointIds: affected,
    topImpactCountries: ranked.map(([iso2, total]) => ({
      iso2,
      totalImpact: round2(total),
      impactPct: Math.min(100, Math.round((total / top) * 100)),
    })),
    template: {
      name: t.affectedChokepointIds.length ? t.affectedChokepointIds.join('+') : 'tariff_shock',
      disruptionPct: t.disruptionPct,
      durationDays: t.durationDays,
      costShockMultiplier: t.costShockMultiplier,
    },
  };
}

/** The published job id: `scenario:<13-digit creation ms>:<8 lowercase alphanumerics>`. */
export function scenarioJobId(createdAt: number, jobUuid: string): string {
  return `scenario:${String(createdAt).padStart(13, '0')}:${jobUuid.replace(/-/g, '').slice(0, 8).toLowerCase()}`;
}

export const JOB_ID_PATTERN = /^scenario:[0-9]{13}:[a-z0-9]{8}$/;

/** Job states as the status operation names them. */
export function scenarioStatusOf(
  state: 'queued' | 'running' | 'done' | 'failed',
): 'pending' | 'processing' | 'done' | 'failed' {
  return state === 'queued' ? 'pending' : state === 'running' ? 'processing' : state;
}
