import type { Criticality, CyberThreat } from './schemas.js';
import { compareIds } from '../../platform/ordering.js';

/** Page size when page_size is omitted or 0, and the largest page served (larger requests are clamped). */
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../conflict/index.js';

export const CRITICALITY_RANK: Record<Criticality, number> = {
  CRITICALITY_LEVEL_UNSPECIFIED: 0,
  CRITICALITY_LEVEL_LOW: 1,
  CRITICALITY_LEVEL_MEDIUM: 2,
  CRITICALITY_LEVEL_HIGH: 3,
  CRITICALITY_LEVEL_CRITICAL: 4,
};

/** Most severe first, then most recently seen, then id. */
export function bySeverityThenRecency(a: CyberThreat, b: CyberThreat): number {
  return (
    CRITICALITY_RANK[b.severity] - CRITICALITY_RANK[a.severity] || b.lastSeenAt - a.lastSeenAt || compareIds(a.id, b.id)
  );
}

/** Botnet C2 still answering is the most urgent thing a defender can block. */
export function feodoSeverity(status: string): Criticality {
  return status.toLowerCase() === 'online' ? 'CRITICALITY_LEVEL_CRITICAL' : 'CRITICALITY_LEVEL_HIGH';
}

export function urlhausSeverity(urlStatus: string, type: CyberThreat['type']): Criticality {
  if (type === 'CYBER_THREAT_TYPE_PHISHING') return 'CRITICALITY_LEVEL_MEDIUM';
  return urlStatus.toLowerCase() === 'online' ? 'CRITICALITY_LEVEL_HIGH' : 'CRITICALITY_LEVEL_MEDIUM';
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
export function isIpv4(s: string): boolean {
  return IPV4.test(s);
}

/** `2026-11-20 08:12:03` or `2026-11-20 08:12:03 UTC` (abuse.ch style) as epoch ms; NaN otherwise. */
export function abuseChTime(s: string | null | undefined): number {
  if (!s) return NaN;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?: ?UTC)?$/.exec(s.trim());
  if (m) return Date.parse(`${m[1]}T${m[2]}Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(s.trim()) ? Date.parse(`${s.trim()}T00:00:00Z`) : NaN;
}
