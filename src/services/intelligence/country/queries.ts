import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { countryName } from '../../../reference/countries.js';
import { CII_SCORES, type CiiScoresInfo } from './datasets/cii-scores.js';
import { COUNTRY_FACTS, type CountryFacts } from './datasets/country-facts.js';
import type { SdnEntry } from '../../../sources/ofac/sdn-xml.js';
import { SANCTIONS_SDN } from '../../sanctions/index.js';
import { TRAVEL_ADVISORIES } from './datasets/travel-advisories.js';
import { advisoryCountryCodes, advisoryLabel, preferAdvisory, sanctionsCountsByCode, type Advisory } from './rules.js';
import type {
  CiiScore,
  GetCountryFactsRequest,
  GetCountryFactsResponse,
  GetCountryRiskRequest,
  GetCountryRiskResponse,
} from './schemas.js';

/**
 * Risk summary of one country from three snapshots: instability score, travel advisory and SDN
 * entry count. Each snapshot is indexed by alpha-2 code once per version. If any of the three has
 * never been ingested the answer says so (upstreamUnavailable) and carries no partial data.
 */
export function getCountryRisk(store: SnapshotStore, req: GetCountryRiskRequest): GetCountryRiskResponse {
  const code = req.country_code;
  const cii = store.read<CiiScore, CiiScoresInfo>(CII_SCORES);
  const advisories = store.read<Advisory>(TRAVEL_ADVISORIES);
  const sanctions = store.read<SdnEntry>(SANCTIONS_SDN);
  const advisoryIndex = advisories?.derive('byCode', (s) => {
    const m = new Map<string, Advisory>();
    for (const a of s.records) {
      for (const c of advisoryCountryCodes(a.name)) {
        const prev = m.get(c);
        m.set(c, prev ? preferAdvisory(prev, a) : a);
      }
    }
    return m;
  });
  const name = countryName(code) ?? advisoryIndex?.get(code)?.name ?? code;
  if (!cii || !advisories || !sanctions) {
    return {
      countryCode: code,
      countryName: name,
      advisoryLevel: '',
      sanctionsActive: false,
      sanctionsCount: 0,
      fetchedAt: 0,
      upstreamUnavailable: true,
    };
  }
  const score = cii.derive('byCode', (s) => new Map(s.records.map((r) => [r.region, r]))).get(code);
  const count = sanctions.derive('address-counts-by-code', (s) => sanctionsCountsByCode(s.records)).get(code) ?? 0;
  const advisory = advisoryIndex!.get(code);
  return {
    countryCode: code,
    countryName: name,
    ...(score ? { cii: score } : {}),
    advisoryLevel: advisory ? advisoryLabel(advisory.level) : '',
    sanctionsActive: count > 0,
    sanctionsCount: count,
    fetchedAt: score?.computedAt ?? (cii.info.computedAt || cii.capturedAt),
    upstreamUnavailable: false,
  };
}

/**
 * Reference facts for one country, looked up in the facts snapshot (indexed by code once per
 * version). An unknown code answers empty fields; `degraded` when the snapshot is missing.
 */
export function getCountryFacts(
  store: SnapshotStore,
  req: GetCountryFactsRequest,
): { response: GetCountryFactsResponse; degraded: boolean } {
  const snap = store.read<CountryFacts>(COUNTRY_FACTS);
  const f = snap?.derive('byCode', (s) => new Map(s.records.map((r) => [r.code, r]))).get(req.country_code);
  return {
    response: {
      headOfState: f?.headOfState ?? '',
      headOfStateTitle: f?.headOfStateTitle ?? '',
      wikipediaSummary: '',
      wikipediaThumbnailUrl: '',
      population: f?.population ?? 0,
      capital: f?.capital ?? '',
      languages: f ? [...f.languages] : [],
      currencies: f ? [...f.currencies] : [],
      areaSqKm: f?.areaSqKm ?? 0,
      countryName: f?.countryName ?? '',
    },
    degraded: !snap,
  };
}
