import { z } from 'zod';
import { double, int32 } from '../wire.js';

// ---------------------------------------------------------------------------------------------
// Storage facilities
// ---------------------------------------------------------------------------------------------

export const FACILITY_TYPES = ['ugs', 'spr', 'lng_export', 'lng_import', 'crude_tank_farm'] as const;

export const StorageLatLon = z
  .object({ lat: double(), lon: double() })
  .meta({ id: 'supply_chain_v1_StorageLatLon', description: 'Position in decimal degrees.' });

export const StorageOperatorStatement = z
  .object({ text: z.string(), url: z.string(), date: z.string() })
  .meta({ id: 'supply_chain_v1_StorageOperatorStatement', description: 'What the operator last said publicly about the facility.' });

export const StorageSanctionRef = z
  .object({ authority: z.string(), listId: z.string(), date: z.string(), url: z.string() })
  .meta({ id: 'supply_chain_v1_StorageSanctionRef', description: 'A sanctions listing that covers the facility or its operator.' });

export const StorageEvidence = z
  .object({
    physicalState: z.string().meta({ description: 'operational, reduced, offline, under_construction or unknown.' }),
    physicalStateSource: z.string().meta({ description: 'operator, regulator, press, satellite or ais-relay.' }),
    operatorStatement: StorageOperatorStatement.optional(),
    commercialState: z.string().meta({ description: 'under_contract, expired, suspended or unknown.' }),
    sanctionRefs: z.array(StorageSanctionRef),
    fillDisclosed: z.boolean(),
    fillSource: z.string(),
    lastEvidenceUpdate: z.string().meta({ description: 'ISO-8601 time the evidence was last confirmed.' }),
    classifierVersion: z.string(),
    classifierConfidence: double('0-1.'),
  })
  .meta({ id: 'supply_chain_v1_StorageEvidence', description: 'The evidence behind a facility’s public badge.' });

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
    publicBadge: z.enum(['operational', 'reduced', 'offline', 'disputed']).meta({ description: 'Derived from the evidence; disputed when it is missing, stale or unsupported.' }),
  })
  .meta({ id: 'supply_chain_v1_StorageFacilityEntry', description: 'An oil or gas storage facility or LNG terminal.' });

export type StorageFacilityEntry = z.infer<typeof StorageFacilityEntry>;

export const StorageFacilityRevisionEntry = z
  .object({
    date: z.string(),
    fieldChanged: z.string(),
    previousValue: z.string(),
    newValue: z.string(),
    trigger: z.string().meta({ description: 'classifier, source, decay or override.' }),
    sourcesUsed: z.array(z.string()),
    classifierVersion: z.string(),
  })
  .meta({ id: 'supply_chain_v1_StorageFacilityRevisionEntry', description: 'One recorded change to a facility’s evidence.' });

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
  .meta({ id: 'supply_chain_v1_GetStorageFacilityDetailResponse', description: 'One storage facility with its revision trail.' });

export type GetStorageFacilityDetailResponse = z.infer<typeof GetStorageFacilityDetailResponse>;
