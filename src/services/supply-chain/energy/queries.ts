import type { Snapshot, SnapshotStore } from '../../../platform/snapshots/store.js';
import { iso } from '../wire.js';
import { STORAGE_FACILITIES, type FacilityRecord, type StorageRegistryInfo } from './datasets/storage.js';
import { publicBadge } from './rules.js';
import type {
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
