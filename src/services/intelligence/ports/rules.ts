import type { PortDay } from '../../../sources/portwatch/port-activity.js';

const DAY = 86_400_000;

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

/**
 * Per port: tanker calls of the 30 days up to the latest day in the data against the 30 days
 * before (change in percent, 1 dp, 0 when the earlier window had none), and tanker deadweight
 * imported and exported over the last 30 days. Busiest first.
 */
export function portActivity(days: readonly PortDay[], locations: ReadonlyMap<string, { lat: number; lon: number }>): PortActivity[] {
  const latest = days.reduce((m, d) => Math.max(m, d.date), 0);
  const recentFrom = latest - 29 * DAY;
  const priorFrom = recentFrom - 30 * DAY;
  const byPort = new Map<string, PortActivity & { prior: number }>();
  for (const d of days) {
    if (d.date < priorFrom) continue;
    const loc = locations.get(d.portId);
    const p = byPort.get(d.portId) ?? { portId: d.portId, portName: d.portName, iso3: d.iso3, lat: loc?.lat ?? 0, lon: loc?.lon ?? 0, tankerCalls30d: 0, trendDeltaPct: 0, importTankerDwt: 0, exportTankerDwt: 0, prior: 0 };
    if (d.date >= recentFrom) {
      p.tankerCalls30d += d.tankerCalls;
      p.importTankerDwt += d.importTankerDwt;
      p.exportTankerDwt += d.exportTankerDwt;
    } else p.prior += d.tankerCalls;
    byPort.set(d.portId, p);
  }
  return [...byPort.values()]
    .map(({ prior, ...p }) => ({ ...p, tankerCalls30d: Math.round(p.tankerCalls30d), trendDeltaPct: prior > 0 ? Math.round(((p.tankerCalls30d - prior) / prior) * 1000) / 10 : 0 }))
    .sort((a, b) => b.tankerCalls30d - a.tankerCalls30d || a.portId.localeCompare(b.portId));
}
