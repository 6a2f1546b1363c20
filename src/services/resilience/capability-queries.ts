import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { DEMOGRAPHICS, type CountryDemographics, type DemographicsInfo } from './datasets/demographics.js';
import { FOOD_STOCKS } from './datasets/food-stocks.js';
import { RESILIENCE_DATASETS } from './datasets/index.js';
import { RESILIENCE_SCORES, type ResilienceScoresInfo } from './datasets/resilience-scores.js';
import { GROUPS, type Observation, type ObservationField } from './demographics-rules.js';
import { calorieWeightedStocksToUse, type Commodity, type FoodStockRecord } from './food-rules.js';
import { getResilienceRanking } from './queries.js';
import type { CountryResilience } from './scorer-model.js';
import type {
  GetDemographicsCapabilityResponse,
  GetFoodStocksResponse,
  GetResilienceRuntimeManifestResponse,
} from './capability-schemas.js';

/** PSD balance sheets, filtered by country and commodity; the calorie-weighted ratio only for one country. */
export function getFoodStocks(
  store: SnapshotStore,
  q: { country?: string; commodity?: Commodity },
): GetFoodStocksResponse {
  const snapshot = store.read<FoodStockRecord>(FOOD_STOCKS);
  if (!snapshot) return { records: [], fetchedAt: '', unavailable: true, calorieWeightedStocksToUse: 0 };
  const records = snapshot.records.filter(
    (r) => (!q.country || r.countryCode === q.country) && (!q.commodity || r.commodity === q.commodity),
  );
  return {
    records,
    fetchedAt: new Date(snapshot.capturedAt).toISOString(),
    unavailable: false,
    calorieWeightedStocksToUse: q.country ? calorieWeightedStocksToUse(records) : 0,
  };
}

const MISSING = { available: false, value: 0, year: 0, source: '', unit: '' };
const observation = (o: Observation | undefined) => (o ? { available: true, ...o } : MISSING);

function group<G extends keyof typeof GROUPS>(g: G, obs: Partial<Record<ObservationField, Observation>>) {
  const fields = Object.fromEntries(GROUPS[g].map((f) => [f, observation(obs[f])]));
  return { available: GROUPS[g].some((f) => obs[f] !== undefined), ...fields } as never;
}

/** A country's validated capability observations, grouped; `available: false` when nothing is known. */
export function getDemographics(store: SnapshotStore, countryCode: string): GetDemographicsCapabilityResponse {
  const snapshot = store.read<CountryDemographics, DemographicsInfo>(DEMOGRAPHICS);
  const byCountry = snapshot?.derive(
    'byCountry',
    (s) => new Map(s.records.map((r) => [r.countryCode, r.observations])),
  );
  const obs = byCountry?.get(countryCode) ?? {};
  const response: GetDemographicsCapabilityResponse = {
    countryCode,
    available: false,
    fetchedAt: snapshot ? new Date(snapshot.info.fetchedAt).toISOString() : '',
    stages: snapshot ? snapshot.info.stages : [],
    ageStructure: group('ageStructure', obs),
    education: group('education', obs),
    industrialWorkforce: group('industrialWorkforce', obs),
  };
  response.available =
    response.ageStructure.available || response.education.available || response.industrialWorkforce.available;
  return response;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Freshness of every resilience dataset, read from the snapshot store: a question about now (like
 * health), so the one answer here measured against the clock, each age from its snapshot's capture.
 */
export function getRuntimeManifest(
  store: SnapshotStore,
  now: number,
  commit: string,
): GetResilienceRuntimeManifestResponse {
  const scores = store.read<CountryResilience, ResilienceScoresInfo>(RESILIENCE_SCORES);
  const { response: ranking, degraded } = getResilienceRanking(store);
  const flags = RESILIENCE_DATASETS.map((d) => {
    const s = store.read(d.name);
    return { name: `${d.name}:fresh`, enabled: s !== undefined && now - s.capturedAt <= d.maxStaleMinutes * 60_000 };
  });
  return {
    manifestVersion: 5,
    generatedAt: new Date(now).toISOString(),
    deployedCommitSha: commit,
    vercelEnv: '',
    formulaTag: scores ? 'pc' : '',
    dataVersion: scores ? day(scores.capturedAt) : '',
    flags,
    cache: { scorePrefix: '', rankingKey: '', historyPrefix: '', intervalPrefix: '', intervalMethodology: '' },
    rankingCache: degraded
      ? { fetchedAt: '', count: 0, scored: 0, total: 0 }
      : {
          fetchedAt: ranking.fetchedAt,
          count: ranking.items.length + ranking.greyedOut.length,
          scored: ranking.scored,
          total: ranking.total,
        },
    // The published defaults the model here follows: the legacy energy construct, education behind its seed.
    constructVersions: { energy: 'legacy', education: 'active' },
    // Score intervals (weight-perturbation sensitivity) are not computed here.
    intervals: { available: false, methodology: '', sampleCountry: 'US', lastObservedAt: '' },
  };
}
