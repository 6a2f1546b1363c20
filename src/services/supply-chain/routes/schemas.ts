import { z } from 'zod';
import { int32Param } from '../../../platform/query-params.js';
import { WAR_RISK_TIERS } from '../chokepoints/schemas.js';
import { double, int32 } from '../wire.js';
import { CARGO_TYPES } from './datasets/route-model.js';

export const Iso2Param = (description: string) =>
  z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code in upper case')
    .meta({ description });

/** HS chapter, one or two digits; omitted means 27 (mineral fuels). `hs2Of` normalises it. */
export const Hs2Param = (description: string) =>
  z
    .string()
    .regex(/^\d{1,2}$/, 'must be an HS chapter of one or two digits')
    .optional()
    .meta({ description });

export const hs2Of = (v: string | undefined) => (v ?? '27').padStart(2, '0');

export const CargoParam = z
  .enum(CARGO_TYPES)
  .optional()
  .meta({ description: 'container (default), tanker, bulk or roro.' });

// ---------------------------------------------------------------------------------------------
// get-bypass-options
// ---------------------------------------------------------------------------------------------

export const BypassOption = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.string().meta({ description: 'alternative_sea_route, land_bridge, modal_shift or pipeline.' }),
    addedTransitDays: int32('Days added to the voyage against the normal route (negative when shorter).'),
    addedCostMultiplier: double('Freight cost relative to the normal route (1.3 = 30% more).'),
    capacityConstraintTonnage: z.string().meta({
      format: 'int64',
      description: 'Yearly tonnage the corridor can take; "0" when the sea itself is the limit.',
    }),
    suitableCargoTypes: z.array(z.string()),
    activationThreshold: z.string().meta({
      description: 'partial_closure or full_closure: the closure level at which the corridor is worth opening.',
    }),
    waypointChokepointIds: z.array(z.string()).meta({ description: 'Tracked chokepoints the corridor still passes.' }),
    liveScore: double(
      '0-100, lower is better: 60% the mean disruption score of the waypoint chokepoints now, 40% the freight uplift in percent.',
    ),
    bypassWarRiskTier: z
      .enum(WAR_RISK_TIERS)
      .meta({ description: 'Most severe war-risk tier among the waypoint chokepoints; NORMAL when it passes none.' }),
    notes: z.string(),
  })
  .meta({ id: 'supply_chain_v1_BypassOption', description: 'A way around a chokepoint.' });

export type BypassOption = z.infer<typeof BypassOption>;

export const GetBypassOptionsRequest = z.object({
  chokepointId: z.string().min(1).max(64).meta({ description: 'Canonical chokepoint id, e.g. suez.' }),
  cargoType: CargoParam,
  closurePct: int32Param({
    min: 0,
    max: 100,
    description:
      'How closed the chokepoint is, 0-100 (default 100): below 100 corridors meant for a full closure are left out.',
  }),
});

export type GetBypassOptionsRequest = z.infer<typeof GetBypassOptionsRequest>;

export const GetBypassOptionsResponse = z
  .object({
    chokepointId: z.string(),
    cargoType: z.string(),
    closurePct: int32(),
    options: z.array(BypassOption).meta({ description: 'Best (lowest liveScore) first.' }),
    fetchedAt: z.string().meta({
      description: 'ISO-8601 time of the chokepoint status the scores come from; empty when it is unavailable.',
    }),
    primaryChokepointWarRiskTier: z.enum(WAR_RISK_TIERS),
  })
  .meta({
    id: 'supply_chain_v1_GetBypassOptionsResponse',
    description: 'Bypass corridors of one chokepoint, scored on current conditions.',
  });

export type GetBypassOptionsResponse = z.infer<typeof GetBypassOptionsResponse>;

// ---------------------------------------------------------------------------------------------
// get-route-explorer-lane
// ---------------------------------------------------------------------------------------------

export const GeoPoint = z
  .object({ lon: double(), lat: double() })
  .meta({ id: 'supply_chain_v1_GeoPoint', description: 'Position in decimal degrees.' });

export const ChokepointExposureSummary = z
  .object({
    chokepointId: z.string(),
    chokepointName: z.string(),
    exposurePct: int32('Share of the lane’s modelled routes passing the chokepoint, percent.'),
  })
  .meta({ id: 'supply_chain_v1_ChokepointExposureSummary', description: 'How much of a lane passes one chokepoint.' });

export const CORRIDOR_STATUSES = [
  'CORRIDOR_STATUS_UNSPECIFIED',
  'CORRIDOR_STATUS_ACTIVE',
  'CORRIDOR_STATUS_PROPOSED',
  'CORRIDOR_STATUS_UNAVAILABLE',
] as const;

export const BypassCorridorOption = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.string(),
    addedTransitDays: int32(),
    addedCostMultiplier: double(),
    warRiskTier: z.string().meta({ description: 'Most severe tier among the chokepoints the corridor passes.' }),
    status: z.enum(CORRIDOR_STATUSES),
    fromPort: GeoPoint,
    toPort: GeoPoint,
  })
  .meta({ id: 'supply_chain_v1_BypassCorridorOption', description: 'A bypass of the lane’s primary chokepoint.' });

export const NumberRange = z
  .object({ min: double(), max: double() })
  .meta({ id: 'supply_chain_v1_NumberRange', description: 'A closed range; 0-0 when unknown.' });

export const GetRouteExplorerLaneRequest = z.object({
  fromIso2: Iso2Param('Exporting country.'),
  toIso2: Iso2Param('Importing country.'),
  hs2: Hs2Param('HS chapter of the cargo (default 27); echoed.'),
  cargoType: CargoParam,
});

export type GetRouteExplorerLaneRequest = z.infer<typeof GetRouteExplorerLaneRequest>;

export const GetRouteExplorerLaneResponse = z
  .object({
    fromIso2: z.string(),
    toIso2: z.string(),
    hs2: z.string(),
    cargoType: z.string(),
    primaryRouteId: z.string(),
    primaryRouteGeometry: z
      .array(GeoPoint)
      .meta({ description: 'Origin port, the chokepoints passed, destination port.' }),
    chokepointExposures: z.array(ChokepointExposureSummary),
    bypassOptions: z.array(BypassCorridorOption),
    warRiskTier: z.string(),
    disruptionScore: double('Current disruption score (0-100) of the primary chokepoint.'),
    estTransitDaysRange: NumberRange,
    estFreightUsdPerTeuRange: NumberRange.meta({
      description:
        'Indicative freight for the cargo type (USD per TEU for container and ro-ro, per tonne for bulk and tanker).',
    }),
    noModeledLane: z
      .boolean()
      .meta({ description: 'The model has no route shared by both countries; everything else is then empty.' }),
    fetchedAt: z.string(),
  })
  .meta({
    id: 'supply_chain_v1_GetRouteExplorerLaneResponse',
    description: 'The modelled shipping lane between two countries.',
  });

export type GetRouteExplorerLaneResponse = z.infer<typeof GetRouteExplorerLaneResponse>;
