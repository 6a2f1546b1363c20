import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { listCrossSourceSignals, listMarketImplications, SIGNAL_DATASETS } from './queries.js';
import {
  ListCrossSourceSignalsRequest,
  ListCrossSourceSignalsResponse,
  ListMarketImplicationsRequest,
  ListMarketImplicationsResponse,
} from './schemas.js';

const SIGNALS_DOC =
  'Signals are computed once per set of input snapshots by fixed extractors: OREF sirens, commodity moves of 5% or more, ' +
  'the VIX from 25, S&P 500 moves of 2% or more, earthquakes from M6.5, unrest events and critical cyber indicators per ' +
  'theater, military aircraft over a watched theater’s elevated count (ADS-B), possible-explosion fire detections, ' +
  'GPS jamming (gpsjam high-interference cells per theater), wildfire escalation (five or more extreme fire detections ' +
  'in a theater), ' +
  'radiation spikes, ongoing nationwide internet outages, instability scores over 80 or rising, rising forecasts of 50% ' +
  'or more, falling GDELT media tone and chokepoint disruption. Each scores its type’s base weight x a size factor; ' +
  'a theater where three or more types fire becomes a composite escalation.';

/** Cross-source signals and the market implications drawn from them. */
export const marketsProcedures = {
  listCrossSourceSignals: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/list-cross-source-signals',
        operationId: 'ListCrossSourceSignals',
        tags: ['intelligence'],
        summary: 'Signals that several datasets raise together',
        description:
          `${SIGNALS_DOC} Composites first, then by score and recency, at most 30. No parameters. The sanctions, weather ` +
          'and displacement extractors are not run: there is no weather-alert dataset, and the published displacement ' +
          'extractor reads a field its input never has. Not cached while no input is loaded.',
      },
      cacheTier: 'medium',
      datasets: [...SIGNAL_DATASETS],
    })
    .input(ListCrossSourceSignalsRequest)
    .output(ListCrossSourceSignalsResponse)
    .query(({ ctx }) => {
      const out = listCrossSourceSignals(ctx.deps.store);
      // No availability flag in the contract: an answer from no input at all must not be cached.
      if (out.evaluatedAt === 0) markDegraded(ctx);
      return out;
    }),

  listMarketImplications: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/list-market-implications',
        operationId: 'ListMarketImplications',
        tags: ['intelligence'],
        summary: 'Market implications of the current signals',
        description:
          'Up to five trade-idea cards (instrument, direction, timeframe, confidence, transmission chain) drawn from the ' +
          'cross-source signals, session moves of commodities and the S&P 500 and the VIX level. Written by the model when ' +
          'one is configured (LLM_BASE_URL; cached per input; answers outside the allowed instruments and values are ' +
          'dropped); otherwise rule-based cards, each narrative starting by saying it is not model-written. No card: ' +
          '`degraded` (not cached) with emptyReason. frameworkId is accepted and ignored, as published. Pro.',
      },
      cacheTier: 'slow',
      datasets: [...SIGNAL_DATASETS],
      requiredTier: 1,
    })
    .input(ListMarketImplicationsRequest)
    .output(ListMarketImplicationsResponse)
    .query(({ ctx, input }) => listMarketImplications(ctx.deps, input)),
};
