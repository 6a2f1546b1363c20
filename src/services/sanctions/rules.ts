/** Pure sanctions logic: name normalisation, trigram similarity, limits and pressure tallies. */

export const DEFAULT_MAX_ITEMS = 25;
export const MAX_ITEMS = 60;
export const DEFAULT_MAX_RESULTS = 10;
export const MAX_RESULTS = 50;
/** Countries and programs listed in the pressure view. */
export const TOP_GROUPS = 12;
/** Weakest similarity still reported as a match. */
export const MIN_MATCH_SCORE = 0.35;
export const NOTE_MAX_CHARS = 240;

/** `n <= 0` or omitted -> the default; otherwise capped at the maximum. */
export function clampCount(n: number | undefined, dflt: number, max: number): number {
  if (!n || n <= 0) return dflt;
  return Math.min(n, max);
}

/** Lower case, accents removed, anything but letters and digits a single space. */
export function normaliseName(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** An identifier compared without spaces, punctuation or case (`IMO 9123456` = `imo9123456`). */
export function normaliseIdentifier(s: string): string {
  return s.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Word-bounded character trigrams of a normalised string (`ab` -> ` ab`, `ab `). */
export function trigrams(normalised: string): Set<string> {
  const out = new Set<string>();
  for (const word of normalised.split(' ')) {
    if (!word) continue;
    const w = ` ${word} `;
    for (let i = 0; i + 3 <= w.length; i++) out.add(w.slice(i, i + 3));
  }
  return out;
}

/** Dice coefficient of two trigram sets, 0..1. */
export function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/**
 * How well a normalised query matches a normalised name: 1 when equal, 0.9 when the name starts
 * with the query as whole words, else trigram similarity.
 */
export function nameScore(
  query: string,
  queryGrams: ReadonlySet<string>,
  name: string,
  nameGrams: ReadonlySet<string>,
): number {
  if (query === name) return 1;
  if (name.startsWith(`${query} `)) return 0.9;
  return dice(queryGrams, nameGrams);
}

export function compactNote(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= NOTE_MAX_CHARS ? t : `${t.slice(0, NOTE_MAX_CHARS - 1)}…`;
}

export interface Tally {
  key: string;
  entryCount: number;
  newEntryCount: number;
  vesselCount: number;
  aircraftCount: number;
}

/**
 * Counts entries per key (an entry counts once per distinct key); as published, most new entries
 * first, then most entries, then key; top `limit`.
 */
export function tally<T>(
  items: readonly T[],
  keysOf: (x: T) => readonly string[],
  kindOf: (x: T) => string,
  limit: number,
  isNew: (x: T) => boolean = () => false,
): Tally[] {
  const m = new Map<string, Tally>();
  for (const x of items) {
    for (const key of new Set(keysOf(x))) {
      let t = m.get(key);
      if (!t) m.set(key, (t = { key, entryCount: 0, newEntryCount: 0, vesselCount: 0, aircraftCount: 0 }));
      t.entryCount++;
      if (isNew(x)) t.newEntryCount++;
      if (kindOf(x) === 'vessel') t.vesselCount++;
      if (kindOf(x) === 'aircraft') t.aircraftCount++;
    }
  }
  return [...m.values()]
    .sort(
      (a, b) =>
        b.newEntryCount - a.newEntryCount ||
        b.entryCount - a.entryCount ||
        (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    )
    .slice(0, limit);
}

/** What an SDN snapshot adds to each entry by comparing it with the snapshot before it. */
export interface ListingMarks {
  /** On this edition of the list but not on the previous one this service loaded. */
  isNew: boolean;
  /**
   * Publish date (epoch ms) of the first edition this service loaded that carried the entry; 0 when
   * it was already on the first edition loaded (the SDN export carries no designation dates).
   */
  firstListedAt: number;
}

/**
 * Marks each entry of a list edition against the previous snapshot: absent from it -> new, first
 * listed on this edition's publish date; present -> its earlier marks carry over. A re-fetch of the
 * same edition keeps the marks it had, so an entry stays new until a later edition replaces it. On the
 * first load there is nothing to compare with: nothing is new and no listing date is known (as the
 * published service does on its first run).
 */
export function markListings(
  uids: readonly string[],
  publishedAt: number,
  previous:
    | { records: readonly { uid: string; isNew?: boolean; firstListedAt?: number }[]; info: { publishedAt?: number } }
    | undefined,
): ListingMarks[] {
  if (!previous) return uids.map(() => ({ isNew: false, firstListedAt: 0 }));
  const sameEdition = previous.info.publishedAt === publishedAt;
  const before = new Map(previous.records.map((r) => [r.uid, r]));
  return uids.map((uid) => {
    const prev = before.get(uid);
    if (!prev) return { isNew: true, firstListedAt: publishedAt };
    return { isNew: sameEdition ? prev.isNew === true : false, firstListedAt: prev.firstListedAt ?? 0 };
  });
}
