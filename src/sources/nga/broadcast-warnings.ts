import { z } from 'zod';
import { isValidCoordinate } from '../../platform/geo.js';

/**
 * NGA Maritime Safety Information broadcast warnings (NAVAREA IV/XII, HYDROLANT, HYDROPAC ...):
 * the one reader of this upstream, shared by every dataset built on it.
 */
export const NGA_BROADCAST_WARN_URL = 'https://msi.nga.mil/api/publications/broadcast-warn?output=json&status=A';

export interface BroadcastWarning {
  navArea: string;
  subregion: string;
  msgYear: number;
  msgNumber: number;
  text: string;
  /** `A` active, `C` cancelled. */
  status: string;
  /** As published: `DDHHMMZ MON YYYY`. */
  issueDate: string;
  authority: string;
  cancelDate: string;
}

const Doc = z.object({
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

/** The broadcast-warn JSON document -> warnings in upstream order. */
export function parseBroadcastWarnings(bytes: Buffer): BroadcastWarning[] {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`navigational warnings are not JSON: ${(err as Error).message}`);
  }
  const doc = Doc.safeParse(json);
  if (!doc.success)
    throw new Error(`navigational warnings have an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  return doc.data['broadcast-warn'].map((w) => ({
    navArea: w.navArea,
    subregion: w.subregion ?? '',
    msgYear: w.msgYear,
    msgNumber: w.msgNumber,
    text: w.text,
    status: w.status,
    issueDate: w.issueDate ?? '',
    authority: w.authority ?? '',
    cancelDate: w.cancelDate ?? '',
  }));
}

/** Active and not cancelled. */
export const isActive = (w: BroadcastWarning) => w.status === 'A' && !w.cancelDate;

// NGA writes positions as degrees-minutes: 26-30.0N 056-20.0E.
const POSITION = /(\d{1,2})-(\d{1,2}(?:\.\d+)?)\s*([NS])\s+(\d{1,3})-(\d{1,2}(?:\.\d+)?)\s*([EW])/;

/** The first position a warning's text gives, if any. */
export function firstPosition(text: string): { lat: number; lon: number } | undefined {
  const m = POSITION.exec(text);
  if (!m) return undefined;
  const lat = (Number(m[1]) + Number(m[2]) / 60) * (m[3] === 'S' ? -1 : 1);
  const lon = (Number(m[4]) + Number(m[5]) / 60) * (m[6] === 'W' ? -1 : 1);
  return isValidCoordinate(lat, lon)
    ? { lat: Math.round(lat * 1e4) / 1e4, lon: Math.round(lon * 1e4) / 1e4 }
    : undefined;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** A date-time group `DDHHMMZ MON YY[YY]` -> epoch ms (UTC); undefined when it does not read. */
export function parseDateTimeGroup(s: string): number | undefined {
  const m = /(\d{2})(\d{2})(\d{2})Z\s+([A-Z]{3})\s+(\d{2}|\d{4})\b/.exec(s.toUpperCase());
  if (!m) return undefined;
  const month = MONTHS.indexOf(m[4]!);
  if (month < 0) return undefined;
  const year = m[5]!.length === 2 ? 2000 + Number(m[5]) : Number(m[5]);
  const t = Date.UTC(year, month, Number(m[1]), Number(m[2]), Number(m[3]));
  const d = new Date(t);
  return d.getUTCDate() === Number(m[1]) && Number(m[2]) < 24 && Number(m[3]) < 60 ? t : undefined;
}

/** The self-cancellation a warning announces (`CANCEL THIS MSG 262359Z NOV 26`), epoch ms. */
export function selfCancelTime(text: string): number | undefined {
  const m = /CANCEL THIS (?:MSG|MESSAGE)\s+(\d{6}Z\s+[A-Z]{3}\s+\d{2,4})/i.exec(text);
  return m ? parseDateTimeGroup(m[1]!) : undefined;
}
