import { z } from 'zod';

const int32 = (description: string) => z.number().int().meta({ format: 'int32', description });
const double = (description: string) => z.number().meta({ format: 'double', description });

// ---------------------------------------------------------------------------------------------
// China macro snapshot
// ---------------------------------------------------------------------------------------------

export const ChinaMacroVintage = z
  .object({
    vintageId: z.string().meta({
      description: 'Identifies the published figure: series, period and the hash of the page it was read from.',
    }),
    sequence: int32('1 for the first figure published for the period, higher for revisions.'),
    state: z.string().meta({ description: '`original`, `revised` or `corrected`.' }),
    value: double('The figure of this vintage.'),
    hasValue: z.boolean(),
    observationPeriod: z.string().meta({ description: '`YYYY-MM`.' }),
    periodKind: z.string().meta({ description: '`month` or `year_to_date` (January to the period month).' }),
    releaseTime: z
      .string()
      .meta({ description: 'When the publisher released it, ISO 8601 (Beijing release time converted to UTC).' }),
    retrievalTime: z.string().meta({ description: 'When this service read the page, ISO 8601.' }),
    supersededBy: z.string().meta({ description: 'Vintage id of the figure that replaced it; empty while current.' }),
    provenanceJson: z
      .string()
      .meta({ description: 'JSON: publisher, source URL, content hash and times of this vintage.' }),
  })
  .meta({ id: 'economic_v1_ChinaMacroVintage', description: 'One published figure of an observation period.' });

export const ChinaMacroIndicator = z
  .object({
    id: z.string().meta({ description: 'Series id, e.g. `nbs_industrial_value_added_yoy`.' }),
    label: z.string(),
    category: z
      .string()
      .meta({ description: 'Pillar: activity, investment_property, credit_liquidity, external_pressure or trade.' }),
    value: double('Latest figure; 0 when hasValue is false.'),
    hasValue: z.boolean(),
    priorValue: double('The prior period as the same release states it; 0 when hasPriorValue is false.'),
    hasPriorValue: z.boolean(),
    unit: z.string().meta({ description: '`percent_yoy`, `usd_billion` or `cny_billion`.' }),
    observationDate: z
      .string()
      .meta({ description: 'Last day of the observation period, YYYY-MM-DD; empty without a value.' }),
    source: z.string().meta({ description: 'Publisher: NBS, SAFE, PBoC or GACC.' }),
    sourceUrl: z.string(),
    stale: z.boolean().meta({
      description: 'Past its budget at the time of the request: 75 days after the period for NBS series, 45 for SAFE.',
    }),
    unavailableReason: z.string().meta({
      description:
        'Empty, STALE_OBSERVATION, SOURCE_NOT_COLLECTED (PBoC and customs, by design) or SOURCE_MISSING (the page was not read).',
    }),
    contextOnly: z
      .boolean()
      .meta({ description: 'True for series that do not count towards readiness (those not collected).' }),
    geography: z.string().meta({ description: '`CN` (national).' }),
    seasonalAdjustment: z.string().meta({
      description: '`not_seasonally_adjusted`: the releases publish unadjusted year-on-year rates and levels.',
    }),
    periodKind: z.string(),
    observationPeriod: z.string(),
    releaseTime: z.string(),
    retrievalTime: z.string(),
    direction: z.string().meta({
      description: 'strengthening, weakening, unchanged or unavailable: the figure against its prior (dead band 1e-9).',
    }),
    directionReason: z.string(),
    comparisonBasis: z
      .string()
      .meta({ description: 'What the prior is: prior_month_yoy, prior_ytd_yoy, prior_month_level, or none.' }),
    comparisonValue: double('The figure compared against (the prior); 0 when hasComparisonValue is false.'),
    hasComparisonValue: z.boolean(),
    revisionState: z.string(),
    vintageId: z.string(),
    revisionSequence: int32('Sequence of the current vintage.'),
    provenanceJson: z.string(),
    vintages: z.array(ChinaMacroVintage),
    transportStatus: z.string().meta({
      description: 'fresh (page read in the last ingestion), missing (not read) or not_requested (not collected).',
    }),
    transportFailureReason: z.string(),
  })
  .meta({
    id: 'economic_v1_ChinaMacroIndicator',
    description: 'One official Chinese macro series and its latest figure.',
  });

export const ChinaMacroSourceDecision = z
  .object({
    source: z.string(),
    host: z.string(),
    status: z
      .string()
      .meta({ description: 'accepted (pages read), degraded (some pages missing) or not_collected (by design).' }),
    reason: z.string(),
    checkedAt: z.string(),
    optional: z.boolean(),
    requestCount: int32('Pages read from this publisher in the last ingestion.'),
    publisherId: z.string(),
    redirectBehavior: z.string(),
    requestBudget: int32('Most pages read from this publisher per ingestion.'),
    robotsStatus: z.string(),
    termsStatus: z.string(),
    sourceUrl: z.string(),
  })
  .meta({ id: 'economic_v1_ChinaMacroSourceDecision', description: 'How one publisher was read.' });

export const ChinaReleaseEvent = z
  .object({
    id: z.string(),
    event: z.string(),
    countryCode: z.string(),
    releaseDate: z.string().meta({ description: 'YYYY-MM-DD, Beijing date.' }),
    releaseTime: z.string().meta({ description: 'HH:MM, Beijing time.' }),
    timezone: z.string(),
    kind: z.string(),
    status: z.string().meta({ description: '`released` before the request time, `scheduled` after.' }),
    source: z.string(),
    sourceUrl: z.string(),
  })
  .meta({ id: 'economic_v1_ChinaReleaseEvent', description: 'One date of the NBS release calendar.' });

export const ChinaMacroPillarPulse = z
  .object({
    pillar: z.string(),
    direction: z.string().meta({ description: 'strengthening, weakening, unchanged, mixed or unavailable.' }),
    reason: z.string().meta({
      description:
        'CONSISTENT_AVAILABLE_OBSERVATIONS, MIXED_OFFICIAL_SIGNALS, NO_AVAILABLE_OFFICIAL_OBSERVATION or INCOMPARABLE_PERIOD_OR_BASIS.',
    }),
    observationIds: z.array(z.string()),
  })
  .meta({
    id: 'economic_v1_ChinaMacroPillarPulse',
    description: 'The shared direction of one pillar’s comparable readings.',
  });

export const GetChinaMacroSnapshotRequest = z.object({});

export const GetChinaMacroSnapshotResponse = z
  .object({
    countryCode: z.string(),
    generatedAt: z.string(),
    status: z.string().meta({ description: 'ready, degraded or unavailable.' }),
    launchReady: z.boolean(),
    contentObservationDate: z
      .string()
      .meta({ description: 'Oldest observation period among the required series with a value.' }),
    latestObservationDate: z
      .string()
      .meta({ description: 'Newest observation period among the required series with a value.' }),
    indicators: z.array(ChinaMacroIndicator),
    sourceDecisions: z.array(ChinaMacroSourceDecision),
    releaseEvents: z.array(ChinaReleaseEvent),
    unavailable: z
      .boolean()
      .meta({ description: 'True when there is no snapshot to answer from (then nothing is cached).' }),
    schemaVersion: int32('2.'),
    pillars: z.array(ChinaMacroPillarPulse),
  })
  .meta({ id: 'economic_v1_GetChinaMacroSnapshotResponse' });

export type GetChinaMacroSnapshotResponse = z.infer<typeof GetChinaMacroSnapshotResponse>;
export type ChinaMacroIndicator = z.infer<typeof ChinaMacroIndicator>;

// ---------------------------------------------------------------------------------------------
// China activity nowcast
// ---------------------------------------------------------------------------------------------

export const GetChinaActivityNowcastRequest = z.object({});

export const GetChinaActivityNowcastResponse = z
  .object({
    generatedAt: z.string(),
    methodVersion: z.string().meta({ description: '`china-activity-nowcast/v1`.' }),
    comparisonState: z.string().meta({
      description:
        'agreement, proxy_leading_divergence, official_leading_divergence, mixed_signals or insufficient_data.',
    }),
    upstreamUnavailable: z.boolean().meta({
      description: 'True when there is neither an official reading nor any usable proxy (then nothing is cached).',
    }),
    payloadJson: z.string().meta({
      description:
        'JSON document of the evaluation: comparisonWindow, official, contributions, missingInputs, confidence, sensitivity, historicalEvaluation, limitations, audit.',
    }),
  })
  .meta({ id: 'economic_v1_GetChinaActivityNowcastResponse' });

export type GetChinaActivityNowcastResponse = z.infer<typeof GetChinaActivityNowcastResponse>;
