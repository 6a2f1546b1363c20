import type { Dataset } from '../../../platform/snapshots/dataset.js';
import {
  firstPosition,
  isActive,
  NGA_BROADCAST_WARN_URL,
  parseBroadcastWarnings,
  parseDateTimeGroup,
  selfCancelTime,
} from '../../../sources/nga/broadcast-warnings.js';
import type { NavigationalWarning } from '../schemas.js';

export const MARITIME_NAV_WARNINGS = 'maritime.nav-warnings';

/** NGA broadcast warnings -> active warnings in the contract's shape, newest first. */
export function parseMaritimeWarnings(bytes: Buffer): NavigationalWarning[] {
  const out: NavigationalWarning[] = [];
  for (const w of parseBroadcastWarnings(bytes)) {
    if (!isActive(w)) continue;
    const pos = firstPosition(w.text);
    out.push({
      id: `${w.navArea}-${w.msgYear}-${w.msgNumber}`,
      title: `NAVAREA ${w.navArea} ${w.msgNumber}/${w.msgYear}`,
      text: w.text,
      area: w.subregion ? `${w.navArea} ${w.subregion}` : w.navArea,
      ...(pos ? { location: { latitude: pos.lat, longitude: pos.lon } } : {}),
      issuedAt: parseDateTimeGroup(w.issueDate) ?? 0,
      expiresAt: selfCancelTime(w.text) ?? 0,
      authority: w.authority,
    });
  }
  return out.sort((a, b) => b.issuedAt - a.issuedAt || (a.id < b.id ? -1 : 1));
}

export const maritimeNavWarningsDataset: Dataset<NavigationalWarning> = {
  name: MARITIME_NAV_WARNINGS,
  source: 'NGA Maritime Safety Information broadcast warnings (all NAVAREAs)',
  kind: 'live',
  maxStaleMinutes: 180,
  // A valid document with no active warning is a real answer.
  allowEmpty: true,
  sources: { warnings: { url: NGA_BROADCAST_WARN_URL, sample: 'maritime/nga-broadcast-warn.json' } },
  parse(payloads) {
    return { records: parseMaritimeWarnings(payloads.warnings!) };
  },
};
