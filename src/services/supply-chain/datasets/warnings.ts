import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { isValidCoordinate } from '../../../platform/geo.js';

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

const BroadcastWarnDoc = z.object({
  'broadcast-warn': z.array(
    z.object({
      msgYear: z.number(),
      msgNumber: z.number(),
      navArea: z.string(),
      subregion: z.string().nullable().optional(),
      text: z.string(),
      status: z.string(),
      issueDate: z.string().nullable().optional(),
      authority: z.string().nullable().optional(),
      cancelDate: z.string().nullable().optional(),
    }),
  ),
});

// NGA writes positions as degrees-minutes: 26-30.0N 056-20.0E.
const POSITION = /(\d{1,2})-(\d{1,2}(?:\.\d+)?)\s*([NS])\s+(\d{1,3})-(\d{1,2}(?:\.\d+)?)\s*([EW])/;

export function firstPosition(text: string): { lat: number; lon: number } | undefined {
  const m = POSITION.exec(text);
  if (!m) return undefined;
  const lat = (Number(m[1]) + Number(m[2]) / 60) * (m[3] === 'S' ? -1 : 1);
  const lon = (Number(m[4]) + Number(m[5]) / 60) * (m[6] === 'W' ? -1 : 1);
  return isValidCoordinate(lat, lon) ? { lat: Math.round(lat * 1e4) / 1e4, lon: Math.round(lon * 1e4) / 1e4 } : undefined;
}

/** NGA MSI broadcast-warning JSON -> active warnings (status A, not cancelled). */
export function parseNavWarnings(bytes: Buffer): { records: NavWarningRecord[]; info: NavWarningsInfo } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`navigational warnings are not JSON: ${(err as Error).message}`);
  }
  const doc = BroadcastWarnDoc.safeParse(json);
  if (!doc.success) throw new Error(`navigational warnings have an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const records: NavWarningRecord[] = [];
  for (const w of doc.data['broadcast-warn']) {
    if (w.status !== 'A' || w.cancelDate) continue;
    records.push({
      id: `NAVAREA ${w.navArea} ${w.msgNumber}/${String(w.msgYear).slice(-2)}`,
      navArea: w.navArea,
      text: w.text,
      issuedAt: w.issueDate ?? '',
      authority: w.authority ?? '',
      ...(firstPosition(w.text) ?? {}),
    });
  }
  return { records, info: { navigationalWarningsAvailable: true } };
}

export const navWarningsDataset: Dataset<NavWarningRecord, NavWarningsInfo> = {
  name: NAV_WARNINGS,
  source: 'NGA Maritime Safety Information broadcast warnings',
  maxStaleMinutes: 180,
  // A valid document with no active warning is a real answer.
  allowEmpty: true,
  sources: {
    warnings: {
      url: 'https://msi.nga.mil/api/publications/broadcast-warn?output=json&status=A',
      sample: 'supply-chain/nga-broadcast-warn.json',
    },
  },
  parse(payloads) {
    return parseNavWarnings(payloads.warnings!);
  },
};
