import type { Dataset } from '../../../platform/snapshots/dataset.js';
import {
  firstPosition,
  isActive,
  NGA_BROADCAST_WARN_URL,
  parseBroadcastWarnings,
} from '../../../sources/nga/broadcast-warnings.js';

export const NAV_WARNINGS = 'supply-chain.nav-warnings';

/** An active broadcast navigational warning. Position is the first coordinate its text gives, if any. */
export interface NavWarningRecord {
  id: string;
  navArea: string;
  text: string;
  issuedAt: string;
  authority: string;
  lat?: number;
  lon?: number;
}

export interface NavWarningsInfo {
  /** The source answered with a valid document (an empty list counts); absent on older snapshots. */
  navigationalWarningsAvailable?: boolean;
}

/** NGA broadcast warnings -> the active ones, positioned by the first coordinate their text gives. */
export function parseNavWarnings(bytes: Buffer): { records: NavWarningRecord[]; info: NavWarningsInfo } {
  const records: NavWarningRecord[] = [];
  for (const w of parseBroadcastWarnings(bytes)) {
    if (!isActive(w)) continue;
    records.push({
      id: `NAVAREA ${w.navArea} ${w.msgNumber}/${String(w.msgYear).slice(-2)}`,
      navArea: w.navArea,
      text: w.text,
      issuedAt: w.issueDate,
      authority: w.authority,
      ...(firstPosition(w.text) ?? {}),
    });
  }
  return { records, info: { navigationalWarningsAvailable: true } };
}

export const navWarningsDataset: Dataset<NavWarningRecord, NavWarningsInfo> = {
  name: NAV_WARNINGS,
  source: 'NGA Maritime Safety Information broadcast warnings',
  kind: 'live',
  maxStaleMinutes: 180,
  // A valid document with no active warning is a real answer.
  allowEmpty: true,
  sources: {
    warnings: {
      url: NGA_BROADCAST_WARN_URL,
      sample: 'supply-chain/nga-broadcast-warn.json',
    },
  },
  parse(payloads) {
    return parseNavWarnings(payloads.warnings!);
  },
};
