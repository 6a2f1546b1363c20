import { haversineKm } from '../../../platform/geo.js';
import { CABLES } from './registry.js';

const HOUR = 3_600_000;
export const MATCH_RADIUS_KM = 555;

const CABLE_WORDS =
  /\b(CABLESHIP|CABLE SHIP|CABLE LAYING|CABLE OPERATIONS|SUBMARINE CABLE|UNDERSEA CABLE|FIBER OPTIC|TELECOMMUNICATIONS CABLE|CABLE)\b/;
const FAULT_WORDS = /\b(FAULT|BREAK|CUT|DAMAGE|DAMAGED|SEVERED|RUPTURE|OUTAGE|FAILURE)\b/;
const SHIP_WORDS = /\b(CABLESHIP|CABLE SHIP|C\/S|M\/V|CS)\b/;
const ON_STATION = /\bON[ -]STATION\b/;

export function isCableRelated(text: string): boolean {
  return CABLE_WORDS.test(text.toUpperCase());
}

/** Positions written `DD-MM.mmN DDD-MM.mmE` in the warning text. */
export function positionsIn(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of text
    .toUpperCase()
    .matchAll(/(\d{1,2})-(\d{1,2}(?:\.\d+)?)([NS])\s+(\d{1,3})-(\d{1,2}(?:\.\d+)?)([EW])/g)) {
    const lat = (Number(m[1]) + Number(m[2]) / 60) * (m[3] === 'S' ? -1 : 1);
    const lon = (Number(m[4]) + Number(m[5]) / 60) * (m[6] === 'W' ? -1 : 1);
    if (Math.abs(lat) <= 90 && Math.abs(lon) <= 180) out.push([lat, lon]);
  }
  return out;
}

/** Cables a warning is about: by name (distance 0), else those landing nearest the centroid of its positions, within 555 km. */
export function matchCables(text: string): { id: string; km: number }[] {
  const upper = text.toUpperCase();
  const named = CABLES.filter((c) =>
    c.aliases.some((a) =>
      new RegExp(`(^|[^A-Z0-9-])${a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Z0-9]|$)`).test(upper),
    ),
  );
  if (named.length) return named.map((c) => ({ id: c.id, km: 0 }));
  const pts = positionsIn(text);
  if (pts.length === 0) return [];
  const lat = pts.reduce((s, p) => s + p[0], 0) / pts.length;
  const lon = pts.reduce((s, p) => s + p[1], 0) / pts.length;
  const byCable = CABLES.map((c) => ({
    id: c.id,
    km: Math.min(...c.landings.map(([la, lo]) => haversineKm(lat, lon, la, lo))),
  })).filter((c) => c.km <= MATCH_RADIUS_KM);
  if (byCable.length === 0) return [];
  const nearest = Math.min(...byCable.map((c) => c.km));
  // Every cable landing at the nearest landing site (within a kilometre of it) shares the signal.
  return byCable.filter((c) => c.km <= nearest + 1);
}

export type SignalKind = 'fault' | 'advisory' | 'repair';

export interface Signal {
  kind: SignalKind;
  severity: number;
  confidence: number;
  ttlMs: number;
  issuedAt: number;
}

/** What one warning says about one cable matched at `km` (0 when named). */
export function signalsOf(text: string, km: number, named: boolean, issuedAt: number): Signal[] {
  const upper = text.toUpperCase();
  const out: Signal[] = [];
  if (FAULT_WORDS.test(upper))
    out.push({
      kind: 'fault',
      severity: 1,
      confidence: named ? 0.9 : Math.max(0.4, 0.8 - km / 500),
      ttlMs: 5 * 24 * HOUR,
      issuedAt,
    });
  else
    out.push({
      kind: 'advisory',
      severity: 0.6,
      confidence: named ? 0.8 : Math.max(0.3, 0.7 - km / 500),
      ttlMs: 3 * 24 * HOUR,
      issuedAt,
    });
  if (SHIP_WORDS.test(upper)) {
    const onStation = ON_STATION.test(upper);
    out.push({
      kind: 'repair',
      severity: onStation ? 0.8 : 0.5,
      confidence: onStation ? 0.85 : 0.6,
      ttlMs: onStation ? 24 * HOUR : 12 * HOUR,
      issuedAt,
    });
  }
  return out;
}

/** severity × confidence × recency, recency falling linearly to 0 over the signal's lifetime. */
export function effectiveScore(s: Signal, now: number): number {
  const recency = Math.min(1, Math.max(0, 1 - (now - s.issuedAt) / s.ttlMs));
  return s.severity * s.confidence * recency;
}

export type CableStatus = 'CABLE_HEALTH_STATUS_OK' | 'CABLE_HEALTH_STATUS_DEGRADED' | 'CABLE_HEALTH_STATUS_FAULT';

/** Top score 0.8+ with a fault signal of 0.5+ is a fault; 0.8+ with a repair of 0.4+, or 0.5+, degraded; else OK. */
export function cableStatus(scored: readonly { kind: SignalKind; score: number }[]): CableStatus {
  const top = Math.max(0, ...scored.map((s) => s.score));
  const best = (k: SignalKind) => Math.max(0, ...scored.filter((s) => s.kind === k).map((s) => s.score));
  if (top >= 0.8 && best('fault') >= 0.5) return 'CABLE_HEALTH_STATUS_FAULT';
  if (top >= 0.8 && best('repair') >= 0.4) return 'CABLE_HEALTH_STATUS_DEGRADED';
  if (top >= 0.5) return 'CABLE_HEALTH_STATUS_DEGRADED';
  return 'CABLE_HEALTH_STATUS_OK';
}
