import { z } from 'zod';

/** NGA Maritime Safety Information: active NAVAREA broadcast warnings (JSON, no key). */
export const NGA_BROADCAST_WARNINGS_URL = 'https://msi.nga.mil/api/publications/broadcast-warn?output=json&status=A';

export interface BroadcastWarning {
  id: string;
  navArea: string;
  text: string;
  issuedAt: number;
  authority: string;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** `DDHHMMZ MON YYYY` -> epoch ms, NaN when unreadable. */
export function parseNgaDate(text: string): number {
  const m = /^(\d{2})(\d{2})(\d{2})Z\s+([A-Z]{3})\s+(\d{4})$/.exec(text.trim().toUpperCase());
  if (!m) return NaN;
  const month = MONTHS.indexOf(m[4]);
  return month < 0 ? NaN : Date.UTC(Number(m[5]), month, Number(m[1]), Number(m[2]), Number(m[3]));
}

const Warning = z.object({
  msgYear: z.union([z.number(), z.string()]).transform(String),
  msgNumber: z.union([z.number(), z.string()]).transform(String),
  navArea: z.string(),
  text: z.string(),
  issueDate: z.string(),
  authority: z.string().nullable().optional(),
});

/**
 * The warning list, whether served bare or under an envelope key (`broadcast-warn`, `broadcast_warn`,
 * `warnings`). Warnings with an unreadable issue date are skipped.
 */
export function parseBroadcastWarnings(input: Buffer | string): BroadcastWarning[] {
  let json: unknown;
  try {
    json = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch (err) {
    throw new Error(`NGA broadcast warnings are not JSON: ${(err as Error).message}`);
  }
  const list = Array.isArray(json)
    ? json
    : ['broadcast-warn', 'broadcast_warn', 'warnings']
        .map((k) => (json as Record<string, unknown> | null)?.[k])
        .find(Array.isArray);
  if (!Array.isArray(list)) throw new Error('NGA broadcast warnings: no warning list in the response');
  return list.flatMap((raw) => {
    const w = Warning.safeParse(raw);
    if (!w.success) return [];
    const issuedAt = parseNgaDate(w.data.issueDate);
    if (!Number.isFinite(issuedAt)) return [];
    return [
      {
        id: `${w.data.navArea}-${w.data.msgNumber}-${w.data.msgYear}`,
        navArea: w.data.navArea,
        text: w.data.text,
        issuedAt,
        authority: w.data.authority ?? '',
      },
    ];
  });
}
