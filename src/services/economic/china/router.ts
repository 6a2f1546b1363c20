import { operation } from '../../../trpc/procedures.js';
import { NOWCAST_INPUT_DATASETS, getChinaActivityNowcast } from './nowcast.js';
import { CHINA_MACRO } from './datasets/china-macro.js';
import { getChinaMacroSnapshot } from './queries.js';
import {
  GetChinaActivityNowcastRequest,
  GetChinaActivityNowcastResponse,
  GetChinaMacroSnapshotRequest,
  GetChinaMacroSnapshotResponse,
} from './schemas.js';

/** China: official macro releases and the activity nowcast built on them. */
export const chinaProcedures = {
  getChinaMacroSnapshot: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-china-macro-snapshot',
        operationId: 'GetChinaMacroSnapshot',
        tags: ['economic'],
        summary: 'Get the official China macro snapshot',
        description:
          'Latest official Chinese macro figures read from the English press-release pages of the National Bureau of ' +
          'Statistics (industrial value added, fixed-asset investment and real estate investment, year on year) and the ' +
          'State Administration of Foreign Exchange (foreign exchange reserves, net bank FX settlement), each with the ' +
          'prior period as the release states it, its direction, release and retrieval times, vintage and provenance; ' +
          'the five pillars; the NBS release calendar from a month back to four months ahead; and how each publisher was ' +
          'read. PBoC credit and customs trade series are listed but not collected: they are reported unavailable ' +
          '(SOURCE_NOT_COLLECTED), never estimated. Staleness is judged at the capture time: NBS figures 75 days after their ' +
          'period, SAFE figures 45 days. No parameters. unavailable is true (and nothing is cached) without a snapshot.',
      },
      cacheTier: 'slow',
      datasets: [CHINA_MACRO],
    })
    .input(GetChinaMacroSnapshotRequest)
    .output(GetChinaMacroSnapshotResponse)
    .query(({ ctx }) => getChinaMacroSnapshot(ctx.deps.store)),

  getChinaActivityNowcast: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-china-activity-nowcast',
        operationId: 'GetChinaActivityNowcast',
        tags: ['economic'],
        summary: 'Get the China activity nowcast',
        description:
          'Whether the latest official activity reading (NBS industrial value added, from get-china-macro-snapshot) agrees ' +
          'with seven faster proxies: CCFI container freight change, mean PortWatch tanker-call trend of Chinese ports, ' +
          'corridor air-hub disruption balance, copper and aluminium futures change, the change in corridor breadth ' +
          '(strengthening minus weakening families) since the previous corridor reading, the SSE Composite week change, and ' +
          'energy demand year on year (excluded: no year-earlier base in the JODI snapshot). Method ' +
          'china-activity-nowcast/v1: proxies are screened for publication lag, a 210-day window and freshness budgets; ' +
          'comparisonState is agreement, proxy_leading_divergence, official_leading_divergence, mixed_signals or ' +
          'insufficient_data; payloadJson holds contributions, exclusions, confidence, leave-one-family-out sensitivity and ' +
          'an audit of input versions. Computed once per snapshot version; the corridor history it compares against is a ' +
          'dataset appended at each ingestion (16 readings), never by a request. No parameters. upstreamUnavailable is true ' +
          'when there is neither an official reading nor a usable proxy.',
      },
      cacheTier: 'medium',
      datasets: [...NOWCAST_INPUT_DATASETS],
    })
    .input(GetChinaActivityNowcastRequest)
    .output(GetChinaActivityNowcastResponse)
    .query(({ ctx }) => getChinaActivityNowcast(ctx.deps.store)),
};
