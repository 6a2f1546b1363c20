import type { CurrentFiling } from '../../../sources/sec-edgar/current-filings.js';

/**
 * 8-K items that report a material event (agreements, bankruptcy, cybersecurity incidents,
 * acquisitions, results, obligations, impairments, delisting, auditor changes and restatements,
 * control and leadership changes). Votes, Regulation FD, "other events" and exhibits are routine.
 */
export const MATERIAL_ITEM_CODES: ReadonlySet<string> = new Set([
  '1.01',
  '1.02',
  '1.03',
  '1.04',
  '1.05',
  '2.01',
  '2.02',
  '2.03',
  '2.04',
  '2.05',
  '2.06',
  '3.01',
  '3.02',
  '3.03',
  '4.01',
  '4.02',
  '5.01',
  '5.02',
  '5.03',
  '5.05',
  '5.08',
]);

/** How far back material events reach, and how far ahead of the feed time a filing date may be. */
export const MATERIAL_WINDOW_MS = 7 * 86_400_000;
export const FUTURE_TOLERANCE_MS = 60 * 60_000;

/**
 * 8-K / 8-K/A filings with at least one material item, keeping only those items, within the week
 * before `now` (and at most an hour after it), newest first.
 */
export function materialEvents(filings: readonly CurrentFiling[], now: number): CurrentFiling[] {
  const out: CurrentFiling[] = [];
  for (const f of filings) {
    if (f.form !== '8-K' && f.form !== '8-K/A') continue;
    if (f.filedAt < now - MATERIAL_WINDOW_MS || f.filedAt > now + FUTURE_TOLERANCE_MS) continue;
    const items = f.items.filter((i) => MATERIAL_ITEM_CODES.has(i.code));
    if (items.length) out.push({ ...f, items });
  }
  return out.sort((a, b) => b.filedAt - a.filedAt || a.accession.localeCompare(b.accession));
}

/** A calendar-valid `YYYY-MM-DD` as the UTC midnight it starts, else undefined. */
export function parseCalendarDate(s: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return undefined;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(t).toISOString().slice(0, 10) === s ? t : undefined;
}

/** EDGAR's filing date is the Eastern-time calendar day the filing was accepted. */
export function edgarFileDate(filedAt: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(filedAt);
}
