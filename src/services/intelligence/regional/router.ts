import { operation } from '../../../trpc/procedures.js';
import { MILITARY_FLIGHTS, CROSS_STRAIT_ACTIVITY } from '../../military/index.js';
import { CHOKEPOINTS } from '../../supply-chain/index.js';
import { CII_SCORES } from '../country/datasets/cii-scores.js';
import { OREF_HISTORY } from '../feeds/datasets/oref-history.js';
import { NBS_MONTHLY } from '../../economic/index.js';
import { CHINA_DISCLOSURES } from '../../market/index.js';
import { CHINA_POLICY_EVENTS } from './datasets/china-policy-events.js';
import { getChinaDecisionSignals } from './china-queries.js';
import { GetChinaDecisionSignalsRequest, GetChinaDecisionSignalsResponse } from './china-schemas.js';
import { REGIME_HISTORY } from './datasets/regime-history.js';
import { getRegimeHistory, getRegionalBrief, getRegionalSnapshot } from './queries.js';
import {
  GetRegimeHistoryRequest,
  GetRegimeHistoryResponse,
  GetRegionalBriefRequest,
  GetRegionalBriefResponse,
  GetRegionalSnapshotRequest,
  GetRegionalSnapshotResponse,
} from './schemas.js';

const PIPELINE_DOC =
  'The regional pipeline scores a region deterministically from the instability export (member countries’ scores), the ' +
  'chokepoint registry’s threat levels, OREF sirens (Middle East) and military ADS-B aircraft in the region’s box: four ' +
  'pressure and three buffer axes in 0–1, their net balance, and a regime label (escalation_ladder, fragmentation_risk, ' +
  'coercive_stalemate, managed_deescalation, stressed_equilibrium, calm) by the published thresholds.';
const REGIONS_DOC =
  'region_id: mena (default), east-asia, europe, north-america, south-asia, latam, sub-saharan-africa, global.';

/** The regional snapshot pipeline (snapshot, regime history, weekly brief) and the China decision signals. */
export const regionalProcedures = {
  getRegionalSnapshot: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/get-regional-snapshot',
        operationId: 'GetRegionalSnapshot',
        tags: ['intelligence'],
        summary: 'Regional balance, regime, triggers and scenarios',
        description:
          `${PIPELINE_DOC} Computed once per set of input snapshots, with actors, a trigger ladder, rule-weighted scenario lanes, ` +
          'chokepoint transmission paths and the evidence behind them; the regime’s previous label comes from the regime ' +
          'history. The narrative is written by the model when one is configured (LLM_BASE_URL; cached per input), otherwise ' +
          `assembled from the facts (meta.narrativeProvider \`template\`). ${REGIONS_DOC} An unknown region answers \`{}\`. Pro.`,
      },
      cacheTier: 'slow',
      datasets: [CII_SCORES, CHOKEPOINTS, OREF_HISTORY, MILITARY_FLIGHTS, REGIME_HISTORY],
      requiredTier: 1,
    })
    .input(GetRegionalSnapshotRequest)
    .output(GetRegionalSnapshotResponse)
    .query(({ ctx, input }) => getRegionalSnapshot(ctx.deps, input)),

  getRegimeHistory: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/get-regime-history',
        operationId: 'GetRegimeHistory',
        tags: ['intelligence'],
        summary: 'Regime transitions of a region',
        description:
          `${PIPELINE_DOC} Each ingestion of the regime history scores every region from the inputs it fetches and appends an ` +
          'entry when a region’s label changed (stamped with the ingestion time; at most 100 kept per region); a bundled ' +
          `history seeds the first load. Newest first. ${REGIONS_DOC} limit: 1–100, default 50. Pro.`,
      },
      cacheTier: 'slow',
      datasets: [REGIME_HISTORY],
      requiredTier: 1,
    })
    .input(GetRegimeHistoryRequest)
    .output(GetRegimeHistoryResponse)
    .query(({ ctx, input }) => getRegimeHistory(ctx.deps.store, input)),

  getRegionalBrief: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/get-regional-brief',
        operationId: 'GetRegionalBrief',
        tags: ['intelligence'],
        summary: 'Weekly brief of a region',
        description:
          'A weekly brief (recap, regime trajectory, key developments, risk outlook) from the region’s current snapshot (as ' +
          'get-regional-snapshot) and its regime transitions of the 7 days up to it. Written by the model when one is ' +
          'configured (LLM_BASE_URL; cached per input); otherwise a template assembled from those facts, with `provider` ' +
          `\`template\` and \`model\` \`rules:get-regional-brief\`. ${REGIONS_DOC} No snapshot answers \`{}\`. Pro.`,
      },
      cacheTier: 'slow',
      datasets: [CII_SCORES, CHOKEPOINTS, OREF_HISTORY, MILITARY_FLIGHTS, REGIME_HISTORY],
      requiredTier: 1,
    })
    .input(GetRegionalBriefRequest)
    .output(GetRegionalBriefResponse)
    .query(({ ctx, input }) => getRegionalBrief(ctx.deps, input)),

  getChinaDecisionSignals: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/get-china-decision-signals',
        operationId: 'GetChinaDecisionSignals',
        tags: ['intelligence'],
        summary: 'China decision signals with provenance',
        description:
          'Six signal groups, each with a state (available, partial, stale, unavailable) and at most four items carrying their provenance: ' +
          'macro (NBS monthly indicators), policy enforcement (MOFCOM policy releases of the last 30 days, typed by title keywords: export ' +
          'control, trade remedy, unreliable entity list, tariff, licensing), cross-strait activity (Taiwan MND daily PLA activity reports), ' +
          'corporate disclosures (Shanghai Stock Exchange announcements of the last 3 days, material types first), corridor conditions (the ' +
          'chokepoint registry’s threat levels for the Taiwan, Malacca, Korea and Lombok straits) and activity nowcast (each activity indicator ' +
          'against the mean of its three previous months). The other ministries and exchanges the published service reads (CAC, MIIT, PBoC, ' +
          'SAMR, NDRC; SZSE, HKEX) are not ingested. Composed once per set of input snapshots; a missing input makes only its groups ' +
          'unavailable, upstreamUnavailable only when every group is. No parameters.',
      },
      cacheTier: 'fast',
      datasets: [NBS_MONTHLY, CHINA_POLICY_EVENTS, CROSS_STRAIT_ACTIVITY, CHINA_DISCLOSURES, CHOKEPOINTS],
    })
    .input(GetChinaDecisionSignalsRequest)
    .output(GetChinaDecisionSignalsResponse)
    .query(({ ctx }) => getChinaDecisionSignals(ctx.deps.store)),
};
