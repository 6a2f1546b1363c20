import { z } from 'zod';
import { int32Param } from '../../../platform/query-params.js';
import { DEFAULT_REGION, REGION_IDS } from './geography.js';

const int64 = (description: string) => z.number().int().meta({ format: 'int64', description });
const double = (description: string) => z.number().meta({ format: 'double', description });
const int32 = (description: string) => z.number().int().meta({ format: 'int32', description });
const ids = (description: string) => z.array(z.string()).meta({ description });

export const RegionId = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, { message: 'string must match pattern ^[a-z][a-z0-9]*(-[a-z0-9]+)*$' })
  .meta({
    description: `Region: ${REGION_IDS.join(', ')}. Omitted: ${DEFAULT_REGION}. Another well-formed id answers no data, as published.`,
  })
  .optional();

// ---------------------------------------------------------------- get-regional-snapshot

export const SnapshotMeta = z
  .object({
    snapshotId: z.string().meta({
      description: 'Content id of the scored state: the same inputs give the same id, and the regime history names it.',
    }),
    modelVersion: z.string().meta({ description: 'Version of this pipeline.' }),
    scoringVersion: z.string().meta({ description: 'Version of the axis and regime rules.' }),
    geographyVersion: z
      .string()
      .meta({ description: 'Version of the region table (member countries, chokepoints, flight box).' }),
    snapshotConfidence: double('Share of the pipeline’s inputs present for the region, 0–1.'),
    missingInputs: ids('Inputs that were absent (their axes computed without them).'),
    staleInputs: ids('Inputs whose last refresh failed; their previous snapshot was used.'),
    validUntil: int64('generatedAt plus 6 hours (the published refresh cadence), Unix epoch milliseconds.'),
    triggerReason: z.string().meta({ description: '`scheduled`: computed when its inputs’ snapshots changed.' }),
    narrativeProvider: z.string().meta({
      description:
        '`llm` when the configured model wrote the narrative, `template` when it was assembled from the facts.',
    }),
    narrativeModel: z
      .string()
      .meta({ description: 'The model’s name, or `rules:get-regional-snapshot` for the template.' }),
  })
  .meta({ id: 'intelligence_v1_SnapshotMeta' });

export const RegimeState = z
  .object({
    label: z.string().meta({
      description:
        'escalation_ladder, fragmentation_risk, coercive_stalemate, managed_deescalation, stressed_equilibrium or calm.',
    }),
    previousLabel: z
      .string()
      .meta({ description: 'Label before the last recorded transition to this one; empty when none is recorded.' }),
    transitionedAt: int64('When that transition was recorded (Unix epoch ms); 0 when none is.'),
    transitionDriver: z
      .string()
      .meta({ description: 'The rule condition that selects the current label, with the values that met it.' }),
  })
  .meta({ id: 'intelligence_v1_RegimeState' });

export const BalanceDriver = z
  .object({
    axis: z.string(),
    description: z.string().meta({ description: 'What moved the axis, from the inputs.' }),
    magnitude: double('The axis value, 0–1.'),
    evidenceIds: ids('Evidence items behind it.'),
    orientation: z.string().meta({ description: '`pressure` or `buffer`.' }),
  })
  .meta({ id: 'intelligence_v1_BalanceDriver' });

const axis = (d: string) => double(`${d}, 0–1.`);
export const BalanceVector = z
  .object({
    coercivePressure: axis(
      '0.45 × mean of the three highest military components of member countries’ instability scores + 0.30 × conflict (geo-convergence) + 0.25 × activity (OREF sirens in 24 h or military flights in the region box, saturating)',
    ),
    domesticFragility: axis(
      'Mean of the three highest member values of 0.6 × unrest component + 0.4 × combined instability score',
    ),
    capitalStress: axis('No input in this pipeline: 0, and left out of the means'),
    energyVulnerability: axis('Threat of the worst chokepoint of the region (war zone = 1)'),
    allianceCohesion: axis('1 − mean combined instability score of scored member countries (0.5 with none scored)'),
    maritimeAccess: axis('1 − mean threat of the region’s chokepoints (1 with none)'),
    energyLeverage: axis('No input in this pipeline: 0, and left out of the means'),
    netBalance: double('Mean of the buffers with an input − mean of the pressures with an input, −1..1.'),
    pressures: z.array(BalanceDriver),
    buffers: z.array(BalanceDriver),
  })
  .meta({ id: 'intelligence_v1_BalanceVector' });

export const ActorState = z
  .object({
    actorId: z.string().meta({ description: 'ISO alpha-2 code of the state.' }),
    name: z.string(),
    role: z.string().meta({ description: '`state`.' }),
    leverageDomains: ids('Score components at 60 or more: military, conflict, unrest, information.'),
    leverageScore: double('Combined instability score / 100.'),
    delta: double('24 h change of the score / 100.'),
    evidenceIds: ids('Evidence items behind it.'),
  })
  .meta({ id: 'intelligence_v1_ActorState' });

export const LeverageEdge = z
  .object({
    fromActorId: z.string(),
    toActorId: z.string(),
    mechanism: z.string(),
    strength: double('0–1.'),
    evidenceIds: ids('Evidence items behind it.'),
  })
  .meta({ id: 'intelligence_v1_LeverageEdge' });

export const TransmissionPath = z
  .object({
    start: z.string().meta({ description: 'The chokepoint under threat.' }),
    mechanism: z.string(),
    end: z.string(),
    severity: z.string().meta({ description: 'The registry’s threat level.' }),
    corridorId: z.string().meta({ description: 'Chokepoint id of the supply-chain registry.' }),
    confidence: double('Threat share of the chokepoint, 0–1.'),
    latencyHours: int32('Hours until the effect is expected to show.'),
    impactedAssetClass: z.string(),
    impactedRegions: ids('Regions affected.'),
    magnitudeLow: double('Not estimated here: 0.'),
    magnitudeHigh: double('Not estimated here: 0.'),
    magnitudeUnit: z.string().meta({ description: 'Empty: no magnitude is estimated.' }),
    templateId: z.string(),
    templateVersion: z.string(),
  })
  .meta({ id: 'intelligence_v1_TransmissionPath' });

export const ScenarioLane = z
  .object({
    name: z.string().meta({ description: '`escalation`, `base` or `de-escalation`.' }),
    probability: double('Rule-derived weight of the lane (the three sum to 1).'),
    triggerIds: ids('Active triggers pointing at this lane.'),
    consequences: z.array(z.string()),
    transmissions: z.array(TransmissionPath),
  })
  .meta({ id: 'intelligence_v1_ScenarioLane' });

export const ScenarioSet = z
  .object({ horizon: z.string().meta({ description: '`24h`, `7d` or `30d`.' }), lanes: z.array(ScenarioLane) })
  .meta({ id: 'intelligence_v1_ScenarioSet' });

export const TriggerThreshold = z
  .object({
    metric: z.string(),
    operator: z.string().meta({ description: '`>` or `<`.' }),
    value: double('The threshold.'),
    windowMinutes: int32('Counting window of the metric; 0 for an axis value.'),
    baseline: z.string().meta({ description: '`fixed`: an absolute threshold.' }),
  })
  .meta({ id: 'intelligence_v1_TriggerThreshold' });

export const Trigger = z
  .object({
    id: z.string(),
    description: z.string(),
    threshold: TriggerThreshold,
    activated: z.boolean(),
    activatedAt: int64('generatedAt when active, else 0.'),
    scenarioLane: z.string(),
    evidenceIds: ids('Evidence items behind it.'),
  })
  .meta({ id: 'intelligence_v1_Trigger' });

export const TriggerLadder = z
  .object({
    active: z.array(Trigger).meta({ description: 'Threshold met.' }),
    watching: z.array(Trigger).meta({ description: 'Within 20% of the threshold.' }),
    dormant: z.array(Trigger),
  })
  .meta({ id: 'intelligence_v1_TriggerLadder' });

export const AirspaceStatus = z
  .object({ airspaceId: z.string(), status: z.string(), reason: z.string() })
  .meta({ id: 'intelligence_v1_AirspaceStatus' });
export const FlightCorridorStress = z
  .object({ corridor: z.string(), stressLevel: double('0–1.'), reroutedFlights24h: int32('Flights rerouted in 24 h.') })
  .meta({ id: 'intelligence_v1_FlightCorridorStress' });
export const AirportNodeStatus = z
  .object({ icao: z.string(), name: z.string(), status: z.string(), disruptionReason: z.string() })
  .meta({ id: 'intelligence_v1_AirportNodeStatus' });

export const MobilityState = z
  .object({
    airspace: z.array(AirspaceStatus),
    flightCorridors: z.array(FlightCorridorStress),
    airports: z.array(AirportNodeStatus),
    rerouteIntensity: double('0–1.'),
    notamClosures: z.array(z.string()),
  })
  .meta({
    id: 'intelligence_v1_MobilityState',
    description: 'Aviation mobility: not among this pipeline’s inputs, so always empty (no invented closures).',
  });

export const EvidenceItem = z
  .object({
    id: z.string(),
    type: z
      .string()
      .meta({ description: '`instability-score`, `chokepoint-threat`, `oref-alerts` or `military-flights`.' }),
    source: z.string().meta({ description: 'The dataset it was read from.' }),
    summary: z.string(),
    confidence: double('0–1.'),
    observedAt: int64('Unix epoch milliseconds.'),
    theater: z.string().meta({ description: 'Country code or region id.' }),
    corridor: z.string().meta({ description: 'Chokepoint id for chokepoint evidence, else empty.' }),
  })
  .meta({ id: 'intelligence_v1_EvidenceItem' });

export const NarrativeSection = z
  .object({ text: z.string(), evidenceIds: ids('Evidence items the text rests on.') })
  .meta({ id: 'intelligence_v1_NarrativeSection' });

export const RegionalNarrative = z
  .object({
    situation: NarrativeSection,
    balanceAssessment: NarrativeSection,
    outlook24h: NarrativeSection,
    outlook7d: NarrativeSection,
    outlook30d: NarrativeSection,
    watchItems: z.array(NarrativeSection),
  })
  .meta({ id: 'intelligence_v1_RegionalNarrative' });

export const RegionalSnapshot = z
  .object({
    regionId: z.string(),
    generatedAt: int64('Time of the newest input snapshot, Unix epoch milliseconds.'),
    meta: SnapshotMeta,
    regime: RegimeState,
    balance: BalanceVector,
    actors: z.array(ActorState).meta({ description: 'The five member states with the highest instability scores.' }),
    leverageEdges: z
      .array(LeverageEdge)
      .meta({ description: 'No input describes leverage between actors here: always empty.' }),
    scenarioSets: z.array(ScenarioSet),
    transmissionPaths: z
      .array(TransmissionPath)
      .meta({ description: 'One per chokepoint of the region at threat level high or worse.' }),
    triggers: TriggerLadder,
    mobility: MobilityState,
    evidence: z.array(EvidenceItem),
    narrative: RegionalNarrative,
  })
  .meta({ id: 'intelligence_v1_RegionalSnapshot' });
export type RegionalSnapshot = z.infer<typeof RegionalSnapshot>;

export const GetRegionalSnapshotRequest = z
  .object({ region_id: RegionId })
  .meta({ id: 'intelligence_v1_GetRegionalSnapshotRequest' });
export type GetRegionalSnapshotRequest = z.infer<typeof GetRegionalSnapshotRequest>;

export const GetRegionalSnapshotResponse = z
  .object({
    snapshot: RegionalSnapshot.optional().meta({
      description: 'Absent for an unknown region or without the instability export, as published.',
    }),
  })
  .meta({ id: 'intelligence_v1_GetRegionalSnapshotResponse' });
export type GetRegionalSnapshotResponse = z.infer<typeof GetRegionalSnapshotResponse>;

// ---------------------------------------------------------------- get-regime-history

export const GetRegimeHistoryRequest = z
  .object({
    region_id: RegionId,
    limit: int32Param({ min: 0, max: 100, description: 'Most transitions to return, 1–100; omitted or 0 means 50.' }),
  })
  .meta({ id: 'intelligence_v1_GetRegimeHistoryRequest' });
export type GetRegimeHistoryRequest = z.infer<typeof GetRegimeHistoryRequest>;

export const RegimeTransition = z
  .object({
    regionId: z.string(),
    label: z.string().meta({ description: 'The label the region changed to.' }),
    previousLabel: z.string(),
    transitionedAt: int64('When the ingestion that saw the change ran, Unix epoch milliseconds.'),
    transitionDriver: z.string().meta({ description: 'The rule condition that selected the new label.' }),
    snapshotId: z
      .string()
      .meta({ description: 'Content id of the scored state (as get-regional-snapshot’s meta.snapshotId).' }),
  })
  .meta({ id: 'intelligence_v1_RegimeTransition' });

export const GetRegimeHistoryResponse = z
  .object({ transitions: z.array(RegimeTransition).meta({ description: 'Newest first.' }) })
  .meta({ id: 'intelligence_v1_GetRegimeHistoryResponse' });
export type GetRegimeHistoryResponse = z.infer<typeof GetRegimeHistoryResponse>;

// ---------------------------------------------------------------- get-regional-brief

export const GetRegionalBriefRequest = z
  .object({ region_id: RegionId })
  .meta({ id: 'intelligence_v1_GetRegionalBriefRequest' });
export type GetRegionalBriefRequest = z.infer<typeof GetRegionalBriefRequest>;

export const RegionalBrief = z
  .object({
    regionId: z.string(),
    generatedAt: int64('When the brief was written, Unix epoch milliseconds.'),
    periodStart: int64('periodEnd minus 7 days.'),
    periodEnd: int64('generatedAt of the snapshot the brief is written from.'),
    situationRecap: z.string(),
    regimeTrajectory: z.string().meta({ description: 'The regime now and its transitions within the period.' }),
    keyDevelopments: z.array(z.string()),
    riskOutlook: z.string(),
    provider: z.string().meta({
      description: '`llm` when the configured model wrote it, `template` when assembled from the snapshot and history.',
    }),
    model: z.string().meta({ description: 'The model’s name, or `rules:get-regional-brief` for the template.' }),
  })
  .meta({ id: 'intelligence_v1_RegionalBrief' });

export const GetRegionalBriefResponse = z
  .object({
    brief: RegionalBrief.optional().meta({
      description: 'Absent when there is no snapshot for the region, as published.',
    }),
  })
  .meta({ id: 'intelligence_v1_GetRegionalBriefResponse' });
export type GetRegionalBriefResponse = z.infer<typeof GetRegionalBriefResponse>;
