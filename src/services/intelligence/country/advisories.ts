import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { SECURITY_ADVISORIES, type GovernmentAdvisory } from './datasets/security-advisories.js';
import { TRAVEL_ADVISORIES } from './datasets/travel-advisories.js';
import { advisoryCountryCodes, advisoryLabel, securityLevelRank, type StateAdvisory } from './rules.js';
import type { ListSecurityAdvisoriesResponse } from './schemas.js';

interface Merged {
  response: ListSecurityAdvisoriesResponse;
}

/** State Department advisories in the shared shape; a multi-country advisory is placed under its first country. */
function stateItems(advisories: readonly StateAdvisory[]): { items: GovernmentAdvisory[]; levels: [string, string][] } {
  const items: GovernmentAdvisory[] = [];
  const levels: [string, string][] = [];
  for (const a of advisories) {
    const codes = advisoryCountryCodes(a.name);
    const level = advisoryLabel(a.level);
    items.push({
      title: a.title,
      link: a.link,
      publishedAt: a.publishedAt,
      source: 'U.S. Department of State',
      sourceCountry: 'US',
      level,
      country: codes[0] ?? '',
    });
    for (const c of codes) levels.push([c, level]);
  }
  return { items, levels };
}

/**
 * Government advisories from every feed, newest first, a headline repeated across feeds kept once
 * (the newer), and the strictest level per country. State Department items come from the
 * travel-advisories snapshot (the same feed get-country-risk reads); the other feeds from their
 * own. Computed once per pair of snapshot versions. `degraded` when either snapshot is missing.
 */
export function listSecurityAdvisories(store: SnapshotStore): {
  response: ListSecurityAdvisoriesResponse;
  degraded: boolean;
} {
  const state = store.read<StateAdvisory>(TRAVEL_ADVISORIES);
  const others = store.read<GovernmentAdvisory>(SECURITY_ADVISORIES);
  const merge = (): Merged => {
    const fromState = state ? stateItems(state.records) : { items: [], levels: [] };
    const all = [...fromState.items, ...(others?.records ?? [])].sort(
      (a, b) => b.publishedAt - a.publishedAt || a.title.localeCompare(b.title),
    );
    const seen = new Set<string>();
    const advisories: ListSecurityAdvisoriesResponse['advisories'] = [];
    const byCountry: Record<string, string> = {};
    const raise = (country: string, level: string) => {
      if (country && securityLevelRank(level) > securityLevelRank(byCountry[country] ?? '')) byCountry[country] = level;
    };
    for (const a of all) {
      const key = a.title.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      advisories.push({
        title: a.title,
        link: a.link,
        pubDate: a.publishedAt ? new Date(a.publishedAt).toISOString() : '',
        source: a.source,
        sourceCountry: a.sourceCountry,
        level: a.level,
        country: a.country,
      });
      if (a.sourceCountry !== 'US' || a.source !== 'U.S. Department of State') raise(a.country, a.level);
    }
    for (const [c, level] of fromState.levels) raise(c, level);
    return { response: { advisories, byCountry } };
  };
  const response = others
    ? others.derive(`merged:${state?.version ?? 'none'}`, merge).response
    : state
      ? state.derive('security-advisories:alone', merge).response
      : { advisories: [], byCountry: {} };
  return { response, degraded: !state || !others };
}

/**
 * The strictest advisory level per country across the State Department advisories and the other
 * government feeds (the published `byCountry`: do-not-travel > reconsider > caution > normal, `info`
 * never counts), from the items published by `at`.
 */
export function strictestLevels(
  state: readonly StateAdvisory[],
  others: readonly GovernmentAdvisory[],
  at = Infinity,
): Record<string, string> {
  const byCountry: Record<string, string> = {};
  const raise = (country: string, level: string) => {
    if (country && securityLevelRank(level) > securityLevelRank(byCountry[country] ?? '')) byCountry[country] = level;
  };
  for (const a of state)
    if (a.publishedAt <= at) for (const c of advisoryCountryCodes(a.name)) raise(c, advisoryLabel(a.level));
  for (const a of others) if (a.publishedAt <= at) raise(a.country, a.level);
  return byCountry;
}
