import type { Snapshot, SnapshotStore } from '../../../platform/snapshots/store.js';
import { iso } from '../wire.js';
import { STORAGE_FACILITIES, type FacilityRecord, type StorageRegistryInfo } from './datasets/storage.js';
import { pipelineBadge, publicBadge } from './rules.js';
import { PIPELINES, type PipelineRecord } from './datasets/pipelines.js';
import { FUEL_SHORTAGES } from './datasets/fuel-shortages.js';
import { ENERGY_DISRUPTIONS } from './datasets/energy-disruptions.js';
import type { RegistryInfo } from './datasets/registry.js';
import type {
  EnergyDisruptionEntry,
  FuelShortageEntry,
  GetFuelShortageDetailRequest,
  GetFuelShortageDetailResponse,
  GetPipelineDetailRequest,
  GetPipelineDetailResponse,
  ListEnergyDisruptionsRequest,
  ListEnergyDisruptionsResponse,
  ListFuelShortagesRequest,
  ListFuelShortagesResponse,
  ListPipelinesRequest,
  ListPipelinesResponse,
  PipelineEntry,
  GetStorageFacilityDetailRequest,
  GetStorageFacilityDetailResponse,
  ListStorageFacilitiesRequest,
  ListStorageFacilitiesResponse,
  StorageFacilityEntry,
} from './schemas.js';

// ---------------------------------------------------------------------------------------------
// Storage facilities
// ---------------------------------------------------------------------------------------------

interface StorageIndex {
  all: StorageFacilityEntry[];
  byType: Map<string, StorageFacilityEntry[]>;
  byId: Map<string, { entry: StorageFacilityEntry; record: FacilityRecord }>;
}

/**
 * Public entries with their badges, built once per registry snapshot. Evidence staleness is
 * measured at the snapshot's fetch time: the badge describes the registry as of that moment.
 */
function storageIndex(snapshot: Snapshot<FacilityRecord, StorageRegistryInfo>): StorageIndex {
  return snapshot.derive('entries', (s) => {
    const all: StorageFacilityEntry[] = [];
    const byType = new Map<string, StorageFacilityEntry[]>();
    const byId = new Map<string, { entry: StorageFacilityEntry; record: FacilityRecord }>();
    for (const record of s.records) {
      const { revisions: _revisions, ...rest } = record;
      const entry: StorageFacilityEntry = { ...rest, publicBadge: publicBadge(record.evidence, s.fetchedAt) };
      all.push(entry);
      byId.set(record.id, { entry, record });
      let list = byType.get(record.facilityType);
      if (!list) byType.set(record.facilityType, (list = []));
      list.push(entry);
    }
    return { all, byType, byId };
  });
}

export function listStorageFacilities(store: SnapshotStore, req: ListStorageFacilitiesRequest): ListStorageFacilitiesResponse {
  const snapshot = store.read<FacilityRecord, StorageRegistryInfo>(STORAGE_FACILITIES);
  if (!snapshot) return { facilities: [], fetchedAt: '', classifierVersion: '', upstreamUnavailable: true };
  const index = storageIndex(snapshot);
  return {
    facilities: req.facilityType ? (index.byType.get(req.facilityType) ?? []) : index.all,
    fetchedAt: iso(snapshot.fetchedAt),
    classifierVersion: snapshot.info.classifierVersion ?? '',
    upstreamUnavailable: false,
  };
}

export function getStorageFacilityDetail(store: SnapshotStore, req: GetStorageFacilityDetailRequest): GetStorageFacilityDetailResponse {
  const snapshot = store.read<FacilityRecord, StorageRegistryInfo>(STORAGE_FACILITIES);
  if (!snapshot) return { revisions: [], fetchedAt: '', unavailable: true };
  const hit = storageIndex(snapshot).byId.get(req.facilityId);
  if (!hit) return { revisions: [], fetchedAt: iso(snapshot.fetchedAt), unavailable: true };
  return { facility: hit.entry, revisions: hit.record.revisions, fetchedAt: iso(snapshot.fetchedAt), unavailable: false };
}

// ---------------------------------------------------------------------------------------------
// Pipelines
// ---------------------------------------------------------------------------------------------

interface PipelineIndex {
  all: PipelineEntry[];
  byCommodity: Map<string, PipelineEntry[]>;
  byId: Map<string, { entry: PipelineEntry; record: PipelineRecord }>;
}

/** Public entries with their badges, built once per registry snapshot (staleness judged at fetch time). */
function pipelineIndex(snapshot: Snapshot<PipelineRecord, RegistryInfo>): PipelineIndex {
  return snapshot.derive('entries', (s) => {
    const index: PipelineIndex = { all: [], byCommodity: new Map(), byId: new Map() };
    for (const record of s.records) {
      const { revisions: _revisions, ...rest } = record;
      const entry: PipelineEntry = { ...rest, publicBadge: pipelineBadge(record.evidence, s.fetchedAt) };
      index.all.push(entry);
      index.byId.set(record.id, { entry, record });
      let list = index.byCommodity.get(record.commodityType);
      if (!list) index.byCommodity.set(record.commodityType, (list = []));
      list.push(entry);
    }
    return index;
  });
}

export function listPipelines(store: SnapshotStore, req: ListPipelinesRequest): ListPipelinesResponse {
  const snapshot = store.read<PipelineRecord, RegistryInfo>(PIPELINES);
  if (!snapshot) return { pipelines: [], fetchedAt: '', classifierVersion: '', upstreamUnavailable: true };
  const index = pipelineIndex(snapshot);
  return {
    pipelines: req.commodityType ? (index.byCommodity.get(req.commodityType) ?? []) : index.all,
    fetchedAt: iso(snapshot.fetchedAt),
    classifierVersion: snapshot.info.classifierVersion,
    upstreamUnavailable: false,
  };
}

export function getPipelineDetail(store: SnapshotStore, req: GetPipelineDetailRequest): GetPipelineDetailResponse {
  const snapshot = store.read<PipelineRecord, RegistryInfo>(PIPELINES);
  if (!snapshot) return { revisions: [], fetchedAt: '', unavailable: true };
  const hit = pipelineIndex(snapshot).byId.get(req.pipelineId);
  if (!hit) return { revisions: [], fetchedAt: iso(snapshot.fetchedAt), unavailable: true };
  return { pipeline: hit.entry, revisions: hit.record.revisions, fetchedAt: iso(snapshot.fetchedAt), unavailable: false };
}

// ---------------------------------------------------------------------------------------------
// Fuel shortages
// ---------------------------------------------------------------------------------------------

export function listFuelShortages(store: SnapshotStore, req: ListFuelShortagesRequest): ListFuelShortagesResponse {
  const snapshot = store.read<FuelShortageEntry, RegistryInfo>(FUEL_SHORTAGES);
  if (!snapshot) return { shortages: [], fetchedAt: '', classifierVersion: '', upstreamUnavailable: true };
  const filtered = !req.country && !req.product && !req.severity;
  return {
    shortages: filtered
      ? (snapshot.records as FuelShortageEntry[])
      : snapshot.records.filter(
          (s) => (!req.country || s.country === req.country) && (!req.product || s.product === req.product) && (!req.severity || s.severity === req.severity),
        ),
    fetchedAt: iso(snapshot.fetchedAt),
    classifierVersion: snapshot.info.classifierVersion,
    upstreamUnavailable: false,
  };
}

export function getFuelShortageDetail(store: SnapshotStore, req: GetFuelShortageDetailRequest): GetFuelShortageDetailResponse {
  const snapshot = store.read<FuelShortageEntry, RegistryInfo>(FUEL_SHORTAGES);
  if (!snapshot) return { fetchedAt: '', unavailable: true };
  const byId = snapshot.derive('by-id', (s) => new Map(s.records.map((r) => [r.id, r])));
  const shortage = byId.get(req.shortageId);
  return shortage ? { shortage, fetchedAt: iso(snapshot.fetchedAt), unavailable: false } : { fetchedAt: iso(snapshot.fetchedAt), unavailable: true };
}

// ---------------------------------------------------------------------------------------------
// Energy disruptions
// ---------------------------------------------------------------------------------------------

export function listEnergyDisruptions(store: SnapshotStore, req: ListEnergyDisruptionsRequest): ListEnergyDisruptionsResponse {
  const snapshot = store.read<EnergyDisruptionEntry, RegistryInfo>(ENERGY_DISRUPTIONS);
  if (!snapshot) return { events: [], fetchedAt: '', classifierVersion: '', upstreamUnavailable: true };
  const events = snapshot.records.filter(
    (e) => (!req.assetId || e.assetId === req.assetId) && (!req.assetType || e.assetType === req.assetType) && (!req.ongoingOnly || e.endAt === ''),
  );
  return { events, fetchedAt: iso(snapshot.fetchedAt), classifierVersion: snapshot.info.classifierVersion, upstreamUnavailable: false };
}
