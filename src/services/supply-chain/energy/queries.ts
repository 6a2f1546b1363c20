import type { Snapshot, SnapshotStore } from '../../../platform/snapshots/store.js';
import { iso } from '../wire.js';
import { STORAGE_FACILITIES, type FacilityRecord, type StorageRegistryInfo } from './datasets/storage.js';
import { CHOKEPOINT_CRUDE_EXPOSURE, energyShock, GULF_SHARE_PROXY, pipelineBadge, publicBadge } from './rules.js';
import { OIL_BALANCES, type OilRecord } from './datasets/oil-balances.js';
import { knownChokepoint, statusById } from '../routes/queries.js';
import { warRiskPremiumBps } from '../routes/rules.js';
import { hs2Of } from '../routes/schemas.js';
import { importsOf, readImports } from '../trade/flows.js';
import { PIPELINES, type PipelineRecord } from './datasets/pipelines.js';
import { FUEL_SHORTAGES } from './datasets/fuel-shortages.js';
import { ENERGY_DISRUPTIONS } from './datasets/energy-disruptions.js';
import type { RegistryInfo } from './datasets/registry.js';
import type {
  EnergyDisruptionEntry,
  FuelShortageEntry,
  GetCountryCostShockRequest,
  GetCountryCostShockResponse,
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
 * The registry's own time: the moment its states were read (`updatedAt` in the curated file). A
 * reference table's snapshot capture is only when it was loaded, so the registry's answers (badges,
 * evidence staleness, fetchedAt) are measured from this instead, and stay the same whenever asked.
 */
function registryTime(snapshot: Snapshot<unknown, { updatedAt?: string }>): number {
  return Date.parse(snapshot.info.updatedAt ?? '') || snapshot.capturedAt;
}

/**
 * Public entries with their badges, built once per registry snapshot. Evidence staleness is
 * measured at the registry's time (`registryTime`): the badge describes the registry as of then.
 */
function storageIndex(snapshot: Snapshot<FacilityRecord, StorageRegistryInfo>): StorageIndex {
  return snapshot.derive('entries', (s) => {
    const all: StorageFacilityEntry[] = [];
    const byType = new Map<string, StorageFacilityEntry[]>();
    const byId = new Map<string, { entry: StorageFacilityEntry; record: FacilityRecord }>();
    for (const record of s.records) {
      const { revisions: _revisions, ...rest } = record;
      const entry: StorageFacilityEntry = { ...rest, publicBadge: publicBadge(record.evidence, registryTime(s)) };
      all.push(entry);
      byId.set(record.id, { entry, record });
      let list = byType.get(record.facilityType);
      if (!list) byType.set(record.facilityType, (list = []));
      list.push(entry);
    }
    return { all, byType, byId };
  });
}

export function listStorageFacilities(
  store: SnapshotStore,
  req: ListStorageFacilitiesRequest,
): ListStorageFacilitiesResponse {
  const snapshot = store.read<FacilityRecord, StorageRegistryInfo>(STORAGE_FACILITIES);
  if (!snapshot) return { facilities: [], fetchedAt: '', classifierVersion: '', upstreamUnavailable: true };
  const index = storageIndex(snapshot);
  return {
    facilities: req.facilityType ? (index.byType.get(req.facilityType) ?? []) : index.all,
    fetchedAt: iso(registryTime(snapshot)),
    classifierVersion: snapshot.info.classifierVersion ?? '',
    upstreamUnavailable: false,
  };
}

export function getStorageFacilityDetail(
  store: SnapshotStore,
  req: GetStorageFacilityDetailRequest,
): GetStorageFacilityDetailResponse {
  const snapshot = store.read<FacilityRecord, StorageRegistryInfo>(STORAGE_FACILITIES);
  if (!snapshot) return { revisions: [], fetchedAt: '', unavailable: true };
  const hit = storageIndex(snapshot).byId.get(req.facilityId);
  if (!hit) return { revisions: [], fetchedAt: iso(registryTime(snapshot)), unavailable: true };
  return {
    facility: hit.entry,
    revisions: hit.record.revisions,
    fetchedAt: iso(registryTime(snapshot)),
    unavailable: false,
  };
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
      const entry: PipelineEntry = { ...rest, publicBadge: pipelineBadge(record.evidence, registryTime(s)) };
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
    fetchedAt: iso(registryTime(snapshot)),
    classifierVersion: snapshot.info.classifierVersion,
    upstreamUnavailable: false,
  };
}

export function getPipelineDetail(store: SnapshotStore, req: GetPipelineDetailRequest): GetPipelineDetailResponse {
  const snapshot = store.read<PipelineRecord, RegistryInfo>(PIPELINES);
  if (!snapshot) return { revisions: [], fetchedAt: '', unavailable: true };
  const hit = pipelineIndex(snapshot).byId.get(req.pipelineId);
  if (!hit) return { revisions: [], fetchedAt: iso(registryTime(snapshot)), unavailable: true };
  return {
    pipeline: hit.entry,
    revisions: hit.record.revisions,
    fetchedAt: iso(registryTime(snapshot)),
    unavailable: false,
  };
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
          (s) =>
            (!req.country || s.country === req.country) &&
            (!req.product || s.product === req.product) &&
            (!req.severity || s.severity === req.severity),
        ),
    fetchedAt: iso(registryTime(snapshot)),
    classifierVersion: snapshot.info.classifierVersion,
    upstreamUnavailable: false,
  };
}

export function getFuelShortageDetail(
  store: SnapshotStore,
  req: GetFuelShortageDetailRequest,
): GetFuelShortageDetailResponse {
  const snapshot = store.read<FuelShortageEntry, RegistryInfo>(FUEL_SHORTAGES);
  if (!snapshot) return { fetchedAt: '', unavailable: true };
  const byId = snapshot.derive('by-id', (s) => new Map(s.records.map((r) => [r.id, r])));
  const shortage = byId.get(req.shortageId);
  return shortage
    ? { shortage, fetchedAt: iso(registryTime(snapshot)), unavailable: false }
    : { fetchedAt: iso(registryTime(snapshot)), unavailable: true };
}

// ---------------------------------------------------------------------------------------------
// Energy disruptions
// ---------------------------------------------------------------------------------------------

export function listEnergyDisruptions(
  store: SnapshotStore,
  req: ListEnergyDisruptionsRequest,
): ListEnergyDisruptionsResponse {
  const snapshot = store.read<EnergyDisruptionEntry, RegistryInfo>(ENERGY_DISRUPTIONS);
  if (!snapshot) return { events: [], fetchedAt: '', classifierVersion: '', upstreamUnavailable: true };
  const events = snapshot.records.filter(
    (e) =>
      (!req.assetId || e.assetId === req.assetId) &&
      (!req.assetType || e.assetType === req.assetType) &&
      (!req.ongoingOnly || e.endAt === ''),
  );
  return {
    events,
    fetchedAt: iso(registryTime(snapshot)),
    classifierVersion: snapshot.info.classifierVersion,
    upstreamUnavailable: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Country cost shock (fuel supply shock of a closure)
// ---------------------------------------------------------------------------------------------

/** Gulf crude suppliers: Saudi Arabia, the UAE, Iraq, Kuwait, Iran. */
const GULF_SUPPLIERS = new Set(['SA', 'AE', 'IQ', 'KW', 'IR']);

export function getCountryCostShock(
  store: SnapshotStore,
  req: GetCountryCostShockRequest,
): { response: GetCountryCostShockResponse; degraded: boolean } {
  knownChokepoint(store, 'chokepointId', req.chokepointId);
  const hs2 = hs2Of(req.hs2);
  const status = statusById(store);
  const cp = status.byId.get(req.chokepointId);
  const tier = (cp?.warRiskTier ?? 'WAR_RISK_TIER_NORMAL') as GetCountryCostShockResponse['warRiskTier'];
  const base = {
    iso2: req.iso2,
    chokepointId: req.chokepointId,
    hs2,
    supplyDeficitPct: 0,
    coverageDays: 0,
    warRiskPremiumBps: warRiskPremiumBps(tier),
    warRiskTier: tier,
    hasEnergyModel: false,
  };
  if (hs2 !== '27')
    return {
      response: {
        ...base,
        unavailableReason: 'the energy supply model covers HS chapter 27 (mineral fuels) only',
        fetchedAt: '',
      },
      degraded: false,
    };
  if (CHOKEPOINT_CRUDE_EXPOSURE[req.chokepointId] === undefined) {
    return {
      response: {
        ...base,
        unavailableReason: 'an energy supply model exists only for Hormuz, Bab el-Mandeb, Suez and Malacca',
        fetchedAt: '',
      },
      degraded: false,
    };
  }
  const oil = store.read<OilRecord>(OIL_BALANCES);
  const jodi =
    oil?.records.filter((r): r is Extract<OilRecord, { kind: 'jodi' }> => r.kind === 'jodi' && r.iso2 === req.iso2) ??
    [];
  const crude = jodi.find((r) => r.product === 'CRUDEOIL' && r.flow === 'IMPORTS');
  if (!oil || !crude) {
    return {
      response: {
        ...base,
        unavailableReason: oil ? 'no JODI oil balance for this country' : 'the oil balances dataset is unavailable',
        fetchedAt: oil ? iso(oil.capturedAt) : '',
      },
      degraded: true,
    };
  }
  const stocks = oil.records.find(
    (r): r is Extract<OilRecord, { kind: 'iea' }> => r.kind === 'iea' && r.iso2 === req.iso2,
  );
  const crudeExports = jodi.find((r) => r.product === 'CRUDEOIL' && r.flow === 'EXPORTS')?.kbd ?? 0;
  const flows = readImports(store);
  // Share of the crude heading's imports (World total) bought from Gulf suppliers.
  const crudeTrade = flows ? importsOf(flows, req.iso2, '2709')[0] : undefined;
  const gulfShare =
    crudeTrade && crudeTrade.totalValue > 0
      ? crudeTrade.exporters.filter((e) => GULF_SUPPLIERS.has(e.partnerIso2)).reduce((a, e) => a + e.value, 0) /
        crudeTrade.totalValue
      : GULF_SHARE_PROXY;
  const shock = energyShock({
    chokepointId: req.chokepointId,
    flowRatio: cp?.flowEstimate?.flowRatio ?? 1,
    crudeImportsKbd: crude.kbd,
    gulfShare,
    demandKbd: Object.fromEntries(jodi.filter((r) => r.flow === 'TOTDEMO').map((r) => [r.product, r.kbd])),
    daysOfCover: stocks?.daysOfNetImports,
    netExporter: stocks?.netExporter ?? crudeExports > crude.kbd,
  });
  return {
    response: {
      ...base,
      supplyDeficitPct: shock.supplyDeficitPct,
      coverageDays: Math.max(0, shock.coverageDays),
      hasEnergyModel: true,
      unavailableReason: '',
      fetchedAt: iso(oil.capturedAt),
    },
    degraded: !status.available,
  };
}
