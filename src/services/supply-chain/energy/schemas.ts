import { z } from 'zod';
import { boolParam } from '../../../platform/query-params.js';
import { double, int32 } from '../wire.js';

// ---------------------------------------------------------------------------------------------
// Evidence: the one shape behind every curated energy registry (storage, pipelines, shortages,
// disruptions). The contract names each registry's copy separately, so the builders below take the
// contract ids; the fields are defined once here.
// ---------------------------------------------------------------------------------------------

const latLon = (id: string) =>
  z.object({ lat: double(), lon: double() }).meta({ id, description: 'Position in decimal degrees.' });

/** Who classified the evidence and how sure the classifier is. */
const classifierFields = { classifierVersion: z.string(), classifierConfidence: double('0-1.') };

/** The fields a registry listing answers besides its entries. */
const registryListFields = {
  fetchedAt: z.string().meta({ description: 'ISO-8601 time the registry was last updated; empty when unavailable.' }),
  classifierVersion: z.string(),
  upstreamUnavailable: z.boolean(),
};

/**
 * Evidence of an asset's physical and commercial state (storage facilities and pipelines): the
 * physical state with its source, the operator's last statement, the contract state, sanctions,
 * `extra` fields of the registry, then when it was confirmed and the classifier.
 */
function assetEvidence<Extra extends z.ZodRawShape>(o: {
  ids: { evidence: string; statement: string; sanction: string };
  asset: string;
  physicalStates: string;
  extra: Extra;
}) {
  const statement = z
    .object({ text: z.string(), url: z.string(), date: z.string() })
    .meta({ id: o.ids.statement, description: `What the operator last said publicly about the ${o.asset}.` });
  const sanction = z
    .object({ authority: z.string(), listId: z.string(), date: z.string(), url: z.string() })
    .meta({ id: o.ids.sanction, description: `A sanctions listing that covers the ${o.asset} or its operator.` });
  return z
    .object({
      physicalState: z.string().meta({ description: `${o.physicalStates}.` }),
      physicalStateSource: z.string().meta({ description: 'operator, regulator, press, satellite or ais-relay.' }),
      operatorStatement: statement.optional(),
      commercialState: z.string().meta({ description: 'under_contract, expired, suspended or unknown.' }),
      sanctionRefs: z.array(sanction),
      ...o.extra,
      lastEvidenceUpdate: z.string().meta({ description: 'ISO-8601 time the evidence was last confirmed.' }),
      ...classifierFields,
    })
    .meta({ id: o.ids.evidence, description: `The evidence behind a ${o.asset}’s public badge.` });
}

/** One recorded change to an asset's evidence. */
const revisionEntry = (id: string, asset: string) =>
  z
    .object({
      date: z.string(),
      fieldChanged: z.string(),
      previousValue: z.string(),
      newValue: z.string(),
      trigger: z.string().meta({ description: 'classifier, source, decay or override.' }),
      sourcesUsed: z.array(z.string()),
      classifierVersion: z.string(),
    })
    .meta({ id, description: `One recorded change to a ${asset}’s evidence.` });

/** A published report an event-like entry (shortage, disruption) rests on. */
const reportSource = (id: string, description: string, sourceType: z.ZodString = z.string()) =>
  z
    .object({ authority: z.string(), title: z.string(), url: z.string(), date: z.string(), sourceType })
    .meta({ id, description });

// ---------------------------------------------------------------------------------------------
// Storage facilities
// ---------------------------------------------------------------------------------------------

export const FACILITY_TYPES = ['ugs', 'spr', 'lng_export', 'lng_import', 'crude_tank_farm'] as const;

export const StorageLatLon = latLon('supply_chain_v1_StorageLatLon');

export const StorageEvidence = assetEvidence({
  ids: {
    evidence: 'supply_chain_v1_StorageEvidence',
    statement: 'supply_chain_v1_StorageOperatorStatement',
    sanction: 'supply_chain_v1_StorageSanctionRef',
  },
  asset: 'facility',
  physicalStates: 'operational, reduced, offline, under_construction or unknown',
  extra: { fillDisclosed: z.boolean(), fillSource: z.string() },
});

export type StorageEvidence = z.infer<typeof StorageEvidence>;

export const StorageFacilityEntry = z
  .object({
    id: z.string(),
    name: z.string(),
    operator: z.string(),
    facilityType: z.string().meta({ description: 'ugs, spr, lng_export, lng_import or crude_tank_farm.' }),
    country: z.string().meta({ description: 'ISO 3166-1 alpha-2 code.' }),
    location: StorageLatLon,
    capacityTwh: double('Working gas capacity in TWh (gas storage); 0 for other types.'),
    capacityMb: double('Capacity in million barrels (oil storage); 0 for other types.'),
    capacityMtpa: double('Nameplate capacity in million tonnes a year (LNG terminals); 0 for other types.'),
    workingCapacityUnit: z.string().meta({ description: 'TWh, Mb or Mtpa: which capacity field applies.' }),
    inService: int32('Year the facility entered service.'),
    evidence: StorageEvidence.optional(),
    publicBadge: z
      .enum(['operational', 'reduced', 'offline', 'disputed'])
      .meta({ description: 'Derived from the evidence; disputed when it is missing, stale or unsupported.' }),
  })
  .meta({ id: 'supply_chain_v1_StorageFacilityEntry', description: 'An oil or gas storage facility or LNG terminal.' });

export type StorageFacilityEntry = z.infer<typeof StorageFacilityEntry>;

export const StorageFacilityRevisionEntry = revisionEntry('supply_chain_v1_StorageFacilityRevisionEntry', 'facility');

export type StorageFacilityRevisionEntry = z.infer<typeof StorageFacilityRevisionEntry>;

export const ListStorageFacilitiesRequest = z.object({
  facilityType: z.enum(FACILITY_TYPES).optional().meta({ description: 'Only facilities of this type.' }),
});

export type ListStorageFacilitiesRequest = z.infer<typeof ListStorageFacilitiesRequest>;

export const ListStorageFacilitiesResponse = z
  .object({
    facilities: z.array(StorageFacilityEntry),
    fetchedAt: z.string().meta({ description: 'ISO-8601 time the registry was fetched; empty when unavailable.' }),
    classifierVersion: z.string(),
    upstreamUnavailable: z.boolean(),
  })
  .meta({ id: 'supply_chain_v1_ListStorageFacilitiesResponse', description: 'Storage facilities in the registry.' });

export type ListStorageFacilitiesResponse = z.infer<typeof ListStorageFacilitiesResponse>;

export const GetStorageFacilityDetailRequest = z.object({
  facilityId: z.string().min(1).max(128).meta({ description: 'Registry id of the facility, e.g. rehden.' }),
});

export type GetStorageFacilityDetailRequest = z.infer<typeof GetStorageFacilityDetailRequest>;

export const GetStorageFacilityDetailResponse = z
  .object({
    facility: StorageFacilityEntry.optional(),
    revisions: z.array(StorageFacilityRevisionEntry).meta({ description: 'Evidence changes, newest first.' }),
    fetchedAt: z.string().meta({ description: 'ISO-8601 time the registry was fetched; empty when there is none.' }),
    unavailable: z.boolean().meta({ description: 'True when the facility is unknown or the registry is missing.' }),
  })
  .meta({
    id: 'supply_chain_v1_GetStorageFacilityDetailResponse',
    description: 'One storage facility with its revision trail.',
  });

export type GetStorageFacilityDetailResponse = z.infer<typeof GetStorageFacilityDetailResponse>;

// ---------------------------------------------------------------------------------------------
// Pipelines
// ---------------------------------------------------------------------------------------------

export const COMMODITY_TYPES = ['gas', 'oil'] as const;

export const LatLon = latLon('supply_chain_v1_LatLon');

export const PipelineEvidence = assetEvidence({
  ids: {
    evidence: 'supply_chain_v1_PipelineEvidence',
    statement: 'supply_chain_v1_OperatorStatement',
    sanction: 'supply_chain_v1_SanctionRef',
  },
  asset: 'pipeline',
  physicalStates: 'flowing, reduced, offline or unknown',
  extra: {},
});

export type PipelineEvidence = z.infer<typeof PipelineEvidence>;

export const PipelineEntry = z
  .object({
    id: z.string(),
    name: z.string(),
    operator: z.string(),
    commodityType: z.string().meta({ description: 'gas or oil.' }),
    fromCountry: z.string().meta({ description: 'ISO 3166-1 alpha-2 code of the supplying country.' }),
    toCountry: z.string().meta({ description: 'ISO 3166-1 alpha-2 code of the receiving country.' }),
    transitCountries: z.array(z.string()),
    capacityBcmYr: double('Design capacity in billion cubic metres a year (gas); 0 for oil.'),
    capacityMbd: double('Design capacity in million barrels a day (oil); 0 for gas.'),
    lengthKm: int32(),
    inService: int32('Year of first commercial flow; 0 when it never entered service.'),
    startPoint: LatLon,
    endPoint: LatLon,
    waypoints: z.array(LatLon),
    evidence: PipelineEvidence.optional(),
    publicBadge: z
      .enum(['flowing', 'reduced', 'offline', 'disputed'])
      .meta({ description: 'Derived from the evidence; disputed when it is missing, stale or unsupported.' }),
  })
  .meta({ id: 'supply_chain_v1_PipelineEntry', description: 'A cross-border or strategic oil or gas pipeline.' });

export type PipelineEntry = z.infer<typeof PipelineEntry>;

export const PipelineRevisionEntry = revisionEntry('supply_chain_v1_PipelineRevisionEntry', 'pipeline');

export type PipelineRevisionEntry = z.infer<typeof PipelineRevisionEntry>;

export const ListPipelinesRequest = z.object({
  commodityType: z.enum(COMMODITY_TYPES).optional().meta({ description: 'Only gas or only oil pipelines.' }),
});

export type ListPipelinesRequest = z.infer<typeof ListPipelinesRequest>;

export const ListPipelinesResponse = z
  .object({
    pipelines: z.array(PipelineEntry).meta({ description: 'Gas pipelines first, then oil, each in registry order.' }),
    ...registryListFields,
  })
  .meta({ id: 'supply_chain_v1_ListPipelinesResponse', description: 'Pipelines in the registry.' });

export type ListPipelinesResponse = z.infer<typeof ListPipelinesResponse>;

export const GetPipelineDetailRequest = z.object({
  pipelineId: z.string().min(1).max(128).meta({ description: 'Registry id of the pipeline, e.g. nord_stream_1.' }),
});

export type GetPipelineDetailRequest = z.infer<typeof GetPipelineDetailRequest>;

export const GetPipelineDetailResponse = z
  .object({
    pipeline: PipelineEntry.optional(),
    revisions: z.array(PipelineRevisionEntry).meta({ description: 'Evidence changes, newest first.' }),
    fetchedAt: z
      .string()
      .meta({ description: 'ISO-8601 time the registry was last updated; empty when there is none.' }),
    unavailable: z.boolean().meta({ description: 'True when the pipeline is unknown or the registry is missing.' }),
  })
  .meta({ id: 'supply_chain_v1_GetPipelineDetailResponse', description: 'One pipeline with its revision trail.' });

export type GetPipelineDetailResponse = z.infer<typeof GetPipelineDetailResponse>;

// ---------------------------------------------------------------------------------------------
// Fuel shortages
// ---------------------------------------------------------------------------------------------

export const FUEL_PRODUCTS = ['petrol', 'diesel', 'jet', 'heating_oil'] as const;
export const SHORTAGE_SEVERITIES = ['confirmed', 'watch'] as const;

export const FuelShortageEvidenceSource = reportSource(
  'supply_chain_v1_FuelShortageEvidenceSource',
  'A report the entry rests on.',
  z.string().meta({ description: 'regulator, operator or press.' }),
);

export const FuelShortageEvidence = z
  .object({
    evidenceSources: z.array(FuelShortageEvidenceSource),
    firstRegulatorConfirmation: z
      .string()
      .meta({ description: 'Date a regulator or operator first confirmed the shortage; empty when none has.' }),
    ...classifierFields,
    lastEvidenceUpdate: z.string(),
  })
  .meta({ id: 'supply_chain_v1_FuelShortageEvidence', description: 'The evidence behind a shortage entry.' });

export const FuelShortageEntry = z
  .object({
    id: z.string(),
    country: z.string().meta({ description: 'ISO 3166-1 alpha-2 code.' }),
    product: z.string().meta({ description: 'petrol, diesel, jet or heating_oil.' }),
    severity: z.string().meta({ description: 'confirmed (a regulator or operator says so) or watch.' }),
    firstSeen: z.string(),
    lastConfirmed: z.string(),
    resolvedAt: z.string().meta({ description: 'Empty while the shortage is unresolved.' }),
    impactTypes: z.array(z.string()),
    causeChain: z.array(z.string()),
    shortDescription: z.string(),
    evidence: FuelShortageEvidence.optional(),
  })
  .meta({ id: 'supply_chain_v1_FuelShortageEntry', description: 'A national shortage of one fuel product.' });

export type FuelShortageEntry = z.infer<typeof FuelShortageEntry>;

export const ListFuelShortagesRequest = z.object({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional()
    .meta({ description: 'Only this country (ISO 3166-1 alpha-2, upper case).' }),
  product: z.enum(FUEL_PRODUCTS).optional().meta({ description: 'Only this product.' }),
  severity: z.enum(SHORTAGE_SEVERITIES).optional().meta({ description: 'Only this severity.' }),
});

export type ListFuelShortagesRequest = z.infer<typeof ListFuelShortagesRequest>;

export const ListFuelShortagesResponse = z
  .object({
    shortages: z.array(FuelShortageEntry).meta({ description: 'Registry order.' }),
    ...registryListFields,
  })
  .meta({ id: 'supply_chain_v1_ListFuelShortagesResponse', description: 'Fuel shortages in the registry.' });

export type ListFuelShortagesResponse = z.infer<typeof ListFuelShortagesResponse>;

export const GetFuelShortageDetailRequest = z.object({
  shortageId: z.string().min(1).max(128).meta({ description: 'Registry id of the shortage, e.g. cu-diesel-2024.' }),
});

export type GetFuelShortageDetailRequest = z.infer<typeof GetFuelShortageDetailRequest>;

export const GetFuelShortageDetailResponse = z
  .object({
    shortage: FuelShortageEntry.optional(),
    fetchedAt: z.string(),
    unavailable: z.boolean().meta({ description: 'True when the shortage is unknown or the registry is missing.' }),
  })
  .meta({ id: 'supply_chain_v1_GetFuelShortageDetailResponse', description: 'One fuel shortage.' });

export type GetFuelShortageDetailResponse = z.infer<typeof GetFuelShortageDetailResponse>;

// ---------------------------------------------------------------------------------------------
// Energy disruptions
// ---------------------------------------------------------------------------------------------

export const ASSET_TYPES = ['pipeline', 'storage'] as const;
export const DISRUPTION_EVENT_TYPES = [
  'sabotage',
  'sanction',
  'maintenance',
  'mechanical',
  'weather',
  'commercial',
  'war',
  'other',
] as const;

export const EnergyDisruptionSource = reportSource(
  'supply_chain_v1_EnergyDisruptionSource',
  'A report the event rests on.',
);

export const EnergyDisruptionEntry = z
  .object({
    id: z.string(),
    assetId: z.string().meta({ description: 'Id in the pipeline or storage registry.' }),
    assetType: z.string().meta({ description: 'pipeline or storage.' }),
    eventType: z
      .string()
      .meta({ description: 'sabotage, sanction, maintenance, mechanical, weather, commercial, war or other.' }),
    startAt: z.string(),
    endAt: z.string().meta({ description: 'Empty while the disruption is ongoing.' }),
    capacityOfflineBcmYr: double(),
    capacityOfflineMbd: double(),
    causeChain: z.array(z.string()),
    shortDescription: z.string(),
    sources: z.array(EnergyDisruptionSource),
    ...classifierFields,
    lastEvidenceUpdate: z.string(),
    countries: z
      .array(z.string())
      .meta({ description: 'Countries of the asset (supply, transit, receiving), ISO alpha-2.' }),
  })
  .meta({
    id: 'supply_chain_v1_EnergyDisruptionEntry',
    description: 'An outage or curtailment of a pipeline or storage asset.',
  });

export type EnergyDisruptionEntry = z.infer<typeof EnergyDisruptionEntry>;

export const ListEnergyDisruptionsRequest = z.object({
  assetId: z.string().min(1).max(128).optional().meta({ description: 'Only events of this asset.' }),
  assetType: z.enum(ASSET_TYPES).optional().meta({ description: 'Only pipeline or only storage events.' }),
  ongoingOnly: boolParam('true keeps only events without an end date.'),
});

export type ListEnergyDisruptionsRequest = z.infer<typeof ListEnergyDisruptionsRequest>;

export const ListEnergyDisruptionsResponse = z
  .object({
    events: z.array(EnergyDisruptionEntry).meta({ description: 'Most recent start first.' }),
    ...registryListFields,
  })
  .meta({
    id: 'supply_chain_v1_ListEnergyDisruptionsResponse',
    description: 'Energy infrastructure disruptions in the registry.',
  });

export type ListEnergyDisruptionsResponse = z.infer<typeof ListEnergyDisruptionsResponse>;

// ---------------------------------------------------------------------------------------------
// Country cost shock
// ---------------------------------------------------------------------------------------------

export const GetCountryCostShockRequest = z.object({
  iso2: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code in upper case')
    .meta({ description: 'Importing country.' }),
  chokepointId: z.string().min(1).max(64).meta({ description: 'Canonical chokepoint id, e.g. hormuz_strait.' }),
  hs2: z
    .string()
    .regex(/^\d{1,2}$/, 'must be an HS chapter of one or two digits')
    .optional()
    .meta({ description: 'HS chapter (default 27; the energy model covers 27 only).' }),
});
export type GetCountryCostShockRequest = z.infer<typeof GetCountryCostShockRequest>;

export const GetCountryCostShockResponse = z
  .object({
    iso2: z.string(),
    chokepointId: z.string(),
    hs2: z.string(),
    supplyDeficitPct: double('Mean shortfall of gasoline, diesel, jet fuel and LPG against demand, percent.'),
    coverageDays: int32('Days emergency stocks cover the lost crude; 0 when unknown or for net exporters.'),
    warRiskPremiumBps: int32(),
    warRiskTier: z.enum([
      'WAR_RISK_TIER_UNSPECIFIED',
      'WAR_RISK_TIER_NORMAL',
      'WAR_RISK_TIER_ELEVATED',
      'WAR_RISK_TIER_HIGH',
      'WAR_RISK_TIER_CRITICAL',
      'WAR_RISK_TIER_WAR_ZONE',
    ]),
    hasEnergyModel: z.boolean(),
    unavailableReason: z.string().meta({ description: 'Why there is no energy estimate; empty when there is one.' }),
    fetchedAt: z.string(),
  })
  .meta({
    id: 'supply_chain_v1_GetCountryCostShockResponse',
    description: 'Fuel supply shock of a chokepoint closure for one country.',
  });
export type GetCountryCostShockResponse = z.infer<typeof GetCountryCostShockResponse>;
