import { z } from 'zod';
import { double, int32 } from '../wire.js';

// ---------------------------------------------------------------------------------------------
// Chokepoint status and history
// ---------------------------------------------------------------------------------------------

export const DirectionalDwt = z
  .object({
    direction: z.string(),
    dwtThousandTonnes: double(),
    wowChangePct: double(),
  })
  .meta({
    id: 'supply_chain_v1_DirectionalDwt',
    description: 'Deadweight tonnage moving in one direction (retired; never populated).',
  });

export const TransitDayCount = z
  .object({
    date: z.string().meta({ description: 'UTC day, YYYY-MM-DD.' }),
    tanker: int32('Tanker transits that day.'),
    cargo: int32('Cargo transits (container, dry bulk, general cargo and ro-ro together).'),
    other: int32('Transits of every other vessel class.'),
    total: int32('All transits that day.'),
    container: int32(),
    dryBulk: int32(),
    generalCargo: int32(),
    roro: int32(),
    capContainer: double('Deadweight tonnage of container transits.'),
    capDryBulk: double(),
    capGeneralCargo: double(),
    capRoro: double(),
    capTanker: double('Deadweight tonnage of tanker transits; 0 when the tracker did not report it.'),
  })
  .meta({
    id: 'supply_chain_v1_TransitDayCount',
    description: 'Vessel transits through a chokepoint on one day, by class and capacity.',
  });

export type TransitDayCount = z.infer<typeof TransitDayCount>;

export const TransitSummary = z
  .object({
    todayTotal: int32(
      'Crossings in the last 24 hours of AIS data; 0 and meaningless when todayCountsAvailable is false.',
    ),
    todayTanker: int32(),
    todayCargo: int32(),
    todayOther: int32(),
    wowChangePct: double(
      'Last 7 days of transits against the 7 before, in percent (one decimal); 0 without enough history.',
    ),
    history: z.array(TransitDayCount).meta({
      description: 'The 14 most recent days of transits, oldest first; the full series is on get-chokepoint-history.',
    }),
    riskLevel: z
      .string()
      .meta({ description: 'Corridor risk level reported with the AIS crossings; empty when none was reported.' }),
    incidentCount7d: int32('Security incidents reported in the corridor over the last 7 days.'),
    disruptionPct: double('Share of expected traffic the corridor-risk source considers disrupted, in percent.'),
    riskSummary: z.string(),
    riskReportAction: z.string(),
    dataAvailable: z.boolean().meta({
      description:
        'False when the transit tracker had no history for this chokepoint; says nothing about the today* counts.',
    }),
    todayCountsAvailable: z.boolean().meta({
      description:
        'False when the 24-hour AIS window held no crossings here: the today* counts are unsupplied, not a measured zero.',
    }),
  })
  .meta({ id: 'supply_chain_v1_TransitSummary', description: 'Recent traffic through a chokepoint.' });

export type TransitSummary = z.infer<typeof TransitSummary>;

export const FLOW_SOURCES = ['FLOW_SOURCE_UNSPECIFIED', 'tracker-dwt', 'tracker-counts'] as const;

export const FlowEstimate = z
  .object({
    currentMbd: double('Estimated current oil flow, million barrels a day: baselineMbd times flowRatio, one decimal.'),
    baselineMbd: double('Annual reference oil flow, million barrels a day.'),
    flowRatio: double(
      'Average of the last 7 days over the average of the up to 90 days before them, clamped to 0-1.5, three decimals.',
    ),
    disrupted: z.boolean().meta({
      description: 'Each of the last 3 days ran below 85% of the baseline window. Independent of the status badge.',
    }),
    source: z.enum(FLOW_SOURCES).meta({
      description: 'tracker-dwt when most baseline days carry tanker deadweight tonnage, else tracker-counts.',
    }),
    hazardAlertLevel: z.string().meta({
      description: 'RED or ORANGE for the nearest active natural-hazard alert within 500 km; empty when none.',
    }),
    hazardAlertName: z.string().meta({ description: 'Name of that hazard event, or empty.' }),
  })
  .meta({
    id: 'supply_chain_v1_FlowEstimate',
    description: 'Oil flow through a chokepoint, estimated from tanker traffic.',
  });

export type FlowEstimate = z.infer<typeof FlowEstimate>;

export const WAR_RISK_TIERS = [
  'WAR_RISK_TIER_UNSPECIFIED',
  'WAR_RISK_TIER_NORMAL',
  'WAR_RISK_TIER_ELEVATED',
  'WAR_RISK_TIER_HIGH',
  'WAR_RISK_TIER_CRITICAL',
  'WAR_RISK_TIER_WAR_ZONE',
] as const;

export const ChokepointInfo = z
  .object({
    id: z.string(),
    name: z.string(),
    lat: double(),
    lon: double(),
    disruptionScore: int32('0-100: threat points plus warnings, AIS congestion and a traffic-anomaly bonus.'),
    status: z.enum(['green', 'yellow', 'red']).meta({
      description: 'Badge from disruptionScore: green below 20, yellow 20-49, red from 50. Not a closure state.',
    }),
    activeWarnings: int32('Active navigational warnings assigned to this chokepoint.'),
    congestionLevel: z.string().meta({
      description: 'normal, low, elevated or high from AIS congestion; empty when aisSnapshotAvailable is false.',
    }),
    affectedRoutes: z.array(z.string()),
    description: z.string(),
    aisDisruptions: int32('AIS disruption reports assigned to this chokepoint.'),
    directions: z.array(z.string()),
    directionalDwt: z.array(DirectionalDwt).meta({ deprecated: true, description: 'Retired; always empty.' }),
    transitSummary: TransitSummary,
    flowEstimate: FlowEstimate.optional(),
    warRiskTier: z.enum(WAR_RISK_TIERS),
    navigationalWarningsAvailable: z
      .boolean()
      .meta({ description: 'The navigational-warning source answered validly (an empty list counts).' }),
    aisSnapshotAvailable: z.boolean().meta({
      description:
        'The AIS snapshot answered validly and covers this chokepoint; governs aisDisruptions and congestionLevel.',
    }),
  })
  .meta({ id: 'supply_chain_v1_ChokepointInfo', description: 'Current state of one maritime chokepoint.' });

export type ChokepointInfo = z.infer<typeof ChokepointInfo>;

export const GetChokepointStatusRequest = z.object({});

export const GetChokepointStatusResponse = z
  .object({
    chokepoints: z.array(ChokepointInfo),
    fetchedAt: z.string().meta({ description: 'ISO-8601 time of the newest input snapshot; empty when unavailable.' }),
    upstreamUnavailable: z.boolean().meta({
      description: 'Some input is missing or partial; an empty list with this flag is not a confirmed absence.',
    }),
  })
  .meta({
    id: 'supply_chain_v1_GetChokepointStatusResponse',
    description: 'The canonical chokepoints in registry order.',
  });

export type GetChokepointStatusResponse = z.infer<typeof GetChokepointStatusResponse>;

export const GetChokepointHistoryRequest = z.object({
  chokepointId: z.string().min(1).max(64).meta({ description: 'Canonical chokepoint id, e.g. hormuz_strait.' }),
});

export type GetChokepointHistoryRequest = z.infer<typeof GetChokepointHistoryRequest>;

export const GetChokepointHistoryResponse = z
  .object({
    chokepointId: z.string(),
    history: z.array(TransitDayCount).meta({ description: 'Daily transits, oldest first.' }),
    fetchedAt: z.string().meta({
      format: 'int64',
      description: 'When the transit history was fetched, Unix epoch milliseconds; "0" when there is none.',
    }),
  })
  .meta({
    id: 'supply_chain_v1_GetChokepointHistoryResponse',
    description: 'Daily transit history of one chokepoint.',
  });

export type GetChokepointHistoryResponse = z.infer<typeof GetChokepointHistoryResponse>;
