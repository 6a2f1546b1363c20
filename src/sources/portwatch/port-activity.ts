import { parseArcgisFeatures } from '../formats/arcgis.js';

/** IMF PortWatch ArcGIS feature services (no key). */
const PORTWATCH = 'https://services9.arcgis.com/weJ1QsnbMYJlCHdG/arcgis/rest/services';

/** Daily tanker calls and tanker trade volumes of every port of the given countries (ISO3) since `since`. */
export function dailyTankerPortsUrl(iso3: readonly string[], since: number): string {
  const day = new Date(since).toISOString().slice(0, 10);
  const where = `ISO3 IN (${iso3.map((c) => `'${c}'`).join(',')}) AND date >= DATE '${day}'`;
  const p = new URLSearchParams({
    where,
    outFields: 'portid,portname,ISO3,date,portcalls_tanker,import_tanker,export_tanker',
    orderByFields: 'date',
    resultRecordCount: '2000',
    f: 'json',
  });
  return `${PORTWATCH}/Daily_Ports_Data/FeatureServer/0/query?${p.toString()}`;
}

/** Port reference points (id, name, country and location) of the given countries. */
export function portsReferenceUrl(iso3: readonly string[]): string {
  const p = new URLSearchParams({
    where: `ISO3 IN (${iso3.map((c) => `'${c}'`).join(',')})`,
    outFields: 'portid,portname,ISO3',
    returnGeometry: 'true',
    outSR: '4326',
    f: 'json',
  });
  return `${PORTWATCH}/PortWatch_ports_database/FeatureServer/0/query?${p.toString()}`;
}

export interface PortDay {
  portId: string;
  portName: string;
  iso3: string;
  /** The day, epoch ms (UTC midnight). */
  date: number;
  tankerCalls: number;
  importTankerDwt: number;
  exportTankerDwt: number;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Daily ports features -> one row per port and day; rows without a port id or date are skipped. */
export function parseDailyTankerPorts(input: Buffer | string): PortDay[] {
  return parseArcgisFeatures(input)
    .map(({ attributes: a }) => ({
      portId: str(a.portid),
      portName: str(a.portname),
      iso3: str(a.ISO3).toUpperCase(),
      date: num(a.date),
      tankerCalls: num(a.portcalls_tanker),
      importTankerDwt: num(a.import_tanker),
      exportTankerDwt: num(a.export_tanker),
    }))
    .filter((r) => r.portId && r.date > 0);
}

/** Ports reference features -> location by port id (point geometry, else lat/lon attributes). */
export function parsePortLocations(input: Buffer | string): Map<string, { lat: number; lon: number }> {
  const out = new Map<string, { lat: number; lon: number }>();
  for (const f of parseArcgisFeatures(input)) {
    const id = str(f.attributes.portid);
    if (!id) continue;
    out.set(
      id,
      f.geometry
        ? { lat: f.geometry.y, lon: f.geometry.x }
        : { lat: num(f.attributes.lat), lon: num(f.attributes.lon) },
    );
  }
  return out;
}

/** One port's tanker activity, summarised from its days by `portActivity`. */
export interface PortActivity {
  portId: string;
  portName: string;
  iso3: string;
  lat: number;
  lon: number;
  tankerCalls30d: number;
  trendDeltaPct: number;
  importTankerDwt: number;
  exportTankerDwt: number;
}

const DAY = 86_400_000;

/**
 * Per port: tanker calls of the 30 days up to the latest day in the data against the 30 days
 * before (change in percent, 1 dp, 0 when the earlier window had none), and tanker deadweight
 * imported and exported over the last 30 days. Busiest first.
 */
export function portActivity(
  days: readonly PortDay[],
  locations: ReadonlyMap<string, { lat: number; lon: number }>,
): PortActivity[] {
  const latest = days.reduce((m, d) => Math.max(m, d.date), 0);
  const recentFrom = latest - 29 * DAY;
  const priorFrom = recentFrom - 30 * DAY;
  const byPort = new Map<string, PortActivity & { prior: number }>();
  for (const d of days) {
    if (d.date < priorFrom) continue;
    const loc = locations.get(d.portId);
    const p = byPort.get(d.portId) ?? {
      portId: d.portId,
      portName: d.portName,
      iso3: d.iso3,
      lat: loc?.lat ?? 0,
      lon: loc?.lon ?? 0,
      tankerCalls30d: 0,
      trendDeltaPct: 0,
      importTankerDwt: 0,
      exportTankerDwt: 0,
      prior: 0,
    };
    if (d.date >= recentFrom) {
      p.tankerCalls30d += d.tankerCalls;
      p.importTankerDwt += d.importTankerDwt;
      p.exportTankerDwt += d.exportTankerDwt;
    } else p.prior += d.tankerCalls;
    byPort.set(d.portId, p);
  }
  return [...byPort.values()]
    .map(({ prior, ...p }) => ({
      ...p,
      tankerCalls30d: Math.round(p.tankerCalls30d),
      trendDeltaPct: prior > 0 ? Math.round(((p.tankerCalls30d - prior) / prior) * 1000) / 10 : 0,
    }))
    .sort((a, b) => b.tankerCalls30d - a.tankerCalls30d || a.portId.localeCompare(b.portId));
}
