import { paginate } from '../../platform/paging.js';
import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { NATURAL_EVENTS, type NaturalEvent } from '../natural/index.js';
import { ZONE_NORMALS } from './datasets/zone-normals.js';
import { ZONE_WEATHER, type ZoneWeek } from './datasets/zone-weather.js';
import type { ZoneNormal } from './normals.js';
import { CLIMATE_DISASTERS } from './datasets/climate-disasters.js';
import { NATURAL_DISASTER_TYPES, anomalyOf, sameDisaster } from './rules.js';
import { AIR_QUALITY } from './datasets/air-quality.js';
import { CLIMATE_NEWS } from './datasets/climate-news.js';
import { CO2_MONITORING } from './datasets/co2-monitoring.js';
import { OCEAN_ICE } from './datasets/ocean-ice.js';
import {
  ANOMALIES_DEFAULT_PAGE_SIZE,
  ANOMALIES_MAX_PAGE_SIZE,
  ANOMALY_SEVERITIES,
  DISASTERS_DEFAULT_PAGE_SIZE,
  DISASTERS_MAX_PAGE_SIZE,
  type AirQualityStation,
  type ClimateAnomaly,
  type ListClimateAnomaliesRequest,
  type ClimateDisaster,
  type ClimateNewsItem,
  type Co2Monitoring,
  type ListClimateDisastersRequest,
  type OceanIceData,
} from './schemas.js';

/** Stored stations (worst first) and when they were read; degraded when there is no snapshot. */
export function airQualityStations(store: SnapshotStore): {
  stations: AirQualityStation[];
  fetchedAt: number;
  degraded: boolean;
} {
  const snapshot = store.read<AirQualityStation>(AIR_QUALITY);
  if (!snapshot) return { stations: [], fetchedAt: 0, degraded: true };
  return { stations: [...snapshot.records], fetchedAt: snapshot.capturedAt, degraded: false };
}

/** The stored greenhouse-gas summary, absent without a snapshot. */
export function co2Monitoring(store: SnapshotStore): Co2Monitoring | undefined {
  return store.read<Co2Monitoring>(CO2_MONITORING)?.records[0];
}

export function climateNews(store: SnapshotStore): {
  items: ClimateNewsItem[];
  fetchedAt: number;
  dataAvailable: boolean;
} {
  const snapshot = store.read<ClimateNewsItem>(CLIMATE_NEWS);
  return snapshot
    ? { items: [...snapshot.records], fetchedAt: snapshot.capturedAt, dataAvailable: true }
    : { items: [], fetchedAt: 0, dataAvailable: false };
}

const MAX_DISASTERS = 300;

function fromNaturalEvent(e: NaturalEvent): ClimateDisaster {
  return {
    id: `eonet-${e.id}`,
    type: NATURAL_DISASTER_TYPES[e.category],
    name: e.title,
    country: '',
    countryCode: '',
    lat: e.lat,
    lng: e.lon,
    severity: e.stormCategory >= 3 ? 'high' : 'medium',
    startedAt: e.pastTrack[0]?.timestamp ?? e.date,
    status: e.closed ? 'closed' : 'open',
    affectedPopulation: 0,
    source: 'NASA EONET',
    sourceUrl: e.sourceUrl,
  };
}

/** ReliefWeb disasters plus climate-type EONET events that ReliefWeb does not already list, newest first. */
export function mergedDisasters(rw: readonly ClimateDisaster[], natural: readonly NaturalEvent[]): ClimateDisaster[] {
  const out = [...rw];
  for (const e of natural) {
    if (!NATURAL_DISASTER_TYPES[e.category]) continue;
    const d = fromNaturalEvent(e);
    if (!out.some((o) => sameDisaster(o, d))) out.push(d);
  }
  return out.sort((a, b) => b.startedAt - a.startedAt || (a.id < b.id ? -1 : 1)).slice(0, MAX_DISASTERS);
}

/** One page of the merged list; degraded when neither snapshot exists. */
export function listClimateDisasters(store: SnapshotStore, req: ListClimateDisastersRequest) {
  const pageSize = req.page_size ? Math.min(req.page_size, DISASTERS_MAX_PAGE_SIZE) : DISASTERS_DEFAULT_PAGE_SIZE;
  const rw = store.read<ClimateDisaster>(CLIMATE_DISASTERS);
  const nat = store.read<NaturalEvent>(NATURAL_EVENTS);
  let rows: readonly ClimateDisaster[] = [];
  if (rw) rows = rw.derive(`merged:${nat?.version ?? 0}`, (s) => mergedDisasters(s.records, nat?.records ?? []));
  else if (nat) rows = nat.derive('climate-disasters', (s) => mergedDisasters([], s.records));
  const page = paginate(rows, (d) => d.id, pageSize, req.cursor || undefined);
  return {
    body: { disasters: page.items, pagination: { nextCursor: page.nextCursor, totalCount: page.totalCount } },
    degraded: !rw && !nat,
  };
}

const SEVERITY_RANK = (s: string) => ANOMALY_SEVERITIES.indexOf(s as (typeof ANOMALY_SEVERITIES)[number]);

/** Each zone's week against its normal for the week's month; a zone without that normal is left out. */
export function anomaliesOf(weeks: readonly ZoneWeek[], normals: readonly ZoneNormal[]): ClimateAnomaly[] {
  const normal = new Map(normals.map((n) => [`${n.zone}:${n.month}`, n]));
  return weeks.flatMap((w) => {
    const n = normal.get(`${w.zone}:${w.month}`);
    if (!n) return [];
    return [
      {
        zone: w.zone,
        location: { latitude: w.latitude, longitude: w.longitude },
        ...anomalyOf(w, n),
        period: `${w.from} to ${w.to}`,
      },
    ];
  });
}

/**
 * Zones at or above the asked severity, most severe first, one page at a time: the latest weather
 * snapshot against the normals snapshot. Degraded (empty) without either.
 */
export function listClimateAnomalies(store: SnapshotStore, req: ListClimateAnomaliesRequest) {
  const pageSize = req.page_size ? Math.min(req.page_size, ANOMALIES_MAX_PAGE_SIZE) : ANOMALIES_DEFAULT_PAGE_SIZE;
  const weather = store.read<ZoneWeek>(ZONE_WEATHER);
  const normals = store.read<ZoneNormal>(ZONE_NORMALS);
  const sorted =
    weather && normals
      ? weather.derive(`anomalies:${normals.version}`, (s) =>
          anomaliesOf(s.records, normals.records).sort(
            (a, b) =>
              SEVERITY_RANK(b.severity) - SEVERITY_RANK(a.severity) ||
              Math.abs(b.tempDelta) - Math.abs(a.tempDelta) ||
              a.zone.localeCompare(b.zone),
          ),
        )
      : [];
  const min = req.min_severity ? SEVERITY_RANK(req.min_severity) : 0;
  const rows = min > 0 ? sorted.filter((a) => SEVERITY_RANK(a.severity) >= min) : sorted;
  const page = paginate(rows, (a) => a.zone, pageSize, req.cursor || undefined);
  return {
    body: { anomalies: page.items, pagination: { nextCursor: page.nextCursor, totalCount: page.totalCount } },
    degraded: !weather || !normals,
  };
}

/** The stored ocean and ice indicators, absent without a snapshot. */
export function oceanIce(store: SnapshotStore): OceanIceData | undefined {
  return store.read<OceanIceData>(OCEAN_ICE)?.records[0];
}
