import { operation } from '../../../trpc/procedures.js';
import { IdempotencyHeaders } from '../../../platform/batch/idempotency-headers.js';
import { classifyEvent } from './classify-queries.js';
import { ClassifyEventRequest, ClassifyEventResponse } from './classify-schemas.js';
import { CII_SCORES } from '../country/datasets/cii-scores.js';
import { TRAVEL_ADVISORIES } from '../country/datasets/travel-advisories.js';
import { SANCTIONS_SDN } from '../../sanctions/index.js';
import { getRiskScores } from './risk-queries.js';
import { GetRiskScoresRequest, GetRiskScoresResponse } from './risk-schemas.js';
import { getCountryIntelBrief } from './brief-queries.js';
import { GetCountryIntelBriefRequest, GetCountryIntelBriefResponse } from './brief-schemas.js';
import { deductSituation } from './deduct-queries.js';
import { DeductSituationRequest, DeductSituationResponse } from './deduct-schemas.js';
import { INTEL_HISTORY } from './datasets/intel-history.js';
import { getIntelTimeline, getSimilarEvents, searchIntelHistory } from './history-queries.js';
import {
  GetIntelTimelineRequest,
  GetIntelTimelineResponse,
  GetSimilarEventsRequest,
  GetSimilarEventsResponse,
  SearchIntelHistoryRequest,
  SearchIntelHistoryResponse,
} from './history-schemas.js';

const ARCHIVE_DOC =
  'The archive is a dataset of dated conflict, military and energy events and headlines (180 days, bounded), ' +
  'indexed into the service’s full-text store once per snapshot.';

/** Intelligence analysis operations: the history archive, classification, risk scores and briefs. */
export const analysisProcedures = {
  searchIntelHistory: operation
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/intelligence/v1/search-intel-history',
        operationId: 'SearchIntelHistory',
        tags: ['intelligence'],
        summary: 'Search the intelligence history archive',
        description:
          `${ARCHIVE_DOC} Ranked by full-text bm25 relevance by default (any word of the query may match); by cosine ` +
          'similarity of embeddings when an embeddings model is configured (EMBEDDINGS_MODEL). `ranking` says which ran. ' +
          'Filters: domain, country, from/to (occurredAt), limit. Pro.',
        requestHeaders: IdempotencyHeaders,
      },
      // No `datasets`: the serialised-response cache keys on the query string, and a POST's input is its body.
      cacheTier: 'no-store',
      requiredTier: 1,
      ratePolicy: 'search-intel-history',
    })
    .input(SearchIntelHistoryRequest)
    .output(SearchIntelHistoryResponse)
    .mutation(({ ctx, input }) => searchIntelHistory(ctx.deps, input)),

  getIntelTimeline: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/get-intel-timeline',
        operationId: 'GetIntelTimeline',
        tags: ['intelligence'],
        summary: 'Timeline of archived intelligence events',
        description:
          `${ARCHIVE_DOC} Newest first, filtered by domain, country and from/to (occurredAt). With neither domain ` +
          'nor country every domain is listed (the published service refuses that request). Pro.',
      },
      cacheTier: 'slow',
      datasets: [INTEL_HISTORY],
      requiredTier: 1,
      ratePolicy: 'get-intel-timeline',
    })
    .input(GetIntelTimelineRequest)
    .output(GetIntelTimelineResponse)
    .query(({ ctx, input }) => getIntelTimeline(ctx.deps, input)),

  getSimilarEvents: operation
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/intelligence/v1/get-similar-events',
        operationId: 'GetSimilarEvents',
        tags: ['intelligence'],
        summary: 'Past events similar to a situation',
        description:
          `${ARCHIVE_DOC} Precedents for a described situation: full-text bm25 by default, keeping records that share at ` +
          'least two of its words; with an embeddings model configured, cosine similarity of at least 0.55. `ranking` ' +
          'says which ran. Filters: domain, country, limit. Pro.',
        requestHeaders: IdempotencyHeaders,
      },
      // No `datasets`: the serialised-response cache keys on the query string, and a POST's input is its body.
      cacheTier: 'no-store',
      requiredTier: 1,
      ratePolicy: 'get-similar-events',
    })
    .input(GetSimilarEventsRequest)
    .output(GetSimilarEventsResponse)
    .mutation(({ ctx, input }) => getSimilarEvents(ctx.deps, input)),

  classifyEvent: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/classify-event',
        operationId: 'ClassifyEvent',
        tags: ['intelligence'],
        summary: 'Classify a headline',
        description:
          'Category (14) and threat level (5) of a news headline. With a model provider configured (LLM_BASE_URL) the model ' +
          'classifies (temperature 0, cached per input); otherwise, or when its answer is unusable, a keyword classifier ' +
          'does, and `analysis` says which. description, source and country are accepted and ignored, as published. Pro.',
      },
      cacheTier: 'static',
      requiredTier: 1,
      ratePolicy: 'classify-event',
    })
    .input(ClassifyEventRequest)
    .output(ClassifyEventResponse)
    .query(({ ctx, input }) => classifyEvent(ctx.deps, input)),

  getRiskScores: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/get-risk-scores',
        operationId: 'GetRiskScores',
        tags: ['intelligence'],
        summary: 'Country instability scores and the global strategic risk',
        description:
          'The country instability index of the 31 tier-1 countries, computed here with the published methodology (v8) ' +
          'each time one of its inputs gets a new snapshot: four components (unrest from ACLED protests, riots and internet ' +
          'outages; conflict from ACLED battles, explosions and violence against civilians; security from military flights, ' +
          'FAA airport alerts and GPS jamming; information from classified news, which is not ingested here and stays 0), ' +
          'eventScore = 0.25/0.30/0.20/0.25 of them; combined = min(100, max(floor, round(0.4 baseline + 0.6 eventScore + ' +
          'boosts))) with the climate, cyber, fire, advisory, OREF, displacement, news-urgency, earthquake, sanctions and AIS ' +
          'boosts and the UCDP (war 70, minor 50) and advisory (60, 50) floors. dynamicScore is the change against the ' +
          'scores of 24 h earlier (0 without them), trend RISING/FALLING beyond 1 point. Plus one global strategic risk from ' +
          'the five highest scores. `region` keeps one country (then no strategic risk). `degraded` when an input the index ' +
          'reads had no snapshot.',
      },
      cacheTier: 'slow',
      datasets: [CII_SCORES],
    })
    .input(GetRiskScoresRequest)
    .output(GetRiskScoresResponse)
    .query(({ ctx, input }) => getRiskScores(ctx.deps.store, input)),

  getCountryIntelBrief: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/get-country-intel-brief',
        operationId: 'GetCountryIntelBrief',
        tags: ['intelligence'],
        summary: 'Intelligence brief for a country',
        description:
          'A short brief in a fixed section format, from snapshot facts: the country’s instability score and its 24 h change ' +
          '(as get-risk-scores), the travel advisory, the OFAC SDN count and the newest archived events (the cited sources). ' +
          'Written by the model when one is configured (LLM_BASE_URL; cached per input; `framework` is appended to its ' +
          'instructions); otherwise a template assembled from the same facts, with `model` `rules:get-country-intel-brief`. Pro.',
      },
      cacheTier: 'static',
      datasets: [CII_SCORES, TRAVEL_ADVISORIES, SANCTIONS_SDN, INTEL_HISTORY],
      requiredTier: 1,
    })
    .input(GetCountryIntelBriefRequest)
    .output(GetCountryIntelBriefResponse)
    .query(({ ctx, input }) => getCountryIntelBrief(ctx.deps, input)),

  deductSituation: operation
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/intelligence/v1/deduct-situation',
        operationId: 'DeductSituation',
        tags: ['intelligence'],
        summary: 'Deduce how a situation may develop',
        description:
          'A short assessment (when the query asks for a brief) or forecast of a situation, reasoned by the model when one ' +
          'is configured (LLM_BASE_URL; cached per input) from the query, the optional geoContext and framework, up to 7 ' +
          'prediction markets whose titles share its words and the best-matching archived events. Without a model the ' +
          'answer is that evidence as a labelled digest (`provider: rules`). An empty query answers `provider: skipped`. Pro.',
        requestHeaders: IdempotencyHeaders,
      },
      cacheTier: 'no-store',
      requiredTier: 1,
      ratePolicy: 'deduct-situation',
    })
    .input(DeductSituationRequest)
    .output(DeductSituationResponse)
    .mutation(({ ctx, input }) => deductSituation(ctx.deps, input)),
};
