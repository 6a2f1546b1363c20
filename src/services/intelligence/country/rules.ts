import { countryByName } from '../../../reference/countries.js';

/** State Department advisory levels 1-4 as the short labels the response carries. */
export const ADVISORY_LABELS = { 1: 'normal', 2: 'caution', 3: 'reconsider', 4: 'do-not-travel' } as const;
export type AdvisoryLevel = keyof typeof ADVISORY_LABELS;

export function advisoryLabel(level: number): string {
  return ADVISORY_LABELS[level as AdvisoryLevel] ?? '';
}

/** `Ukraine - Level 4: Do Not Travel` -> name and level; undefined for items that are not country advisories. */
export function parseAdvisoryTitle(title: string): { name: string; level: AdvisoryLevel } | undefined {
  const m = /^\s*(.+?)\s+[-–]\s+Level\s+([1-4])\b/i.exec(title);
  if (!m) return undefined;
  return { name: m[1].trim(), level: Number(m[2]) as AdvisoryLevel };
}

/**
 * ISO alpha-2 codes an advisory name covers. A name the country table knows is one country;
 * otherwise the name is read as a list (`Israel, the West Bank and Gaza`, `Mainland China,
 * Hong Kong & Macau`) and each known part counts. Unknown names cover nothing.
 */
export function advisoryCountryCodes(name: string): string[] {
  const whole = countryByName(name);
  if (whole) return [whole.alpha2];
  const codes = new Set<string>();
  for (const part of name.split(/,|&|\s-\s/)) {
    const c = part.trim() ? countryByName(part) : undefined;
    if (c) codes.add(c.alpha2);
  }
  return [...codes];
}

export interface Advisory {
  name: string;
  level: AdvisoryLevel;
  publishedAt: number;
}

/** Of two advisories for one country the newer one holds; on the same date the stricter one. */
export function preferAdvisory(a: Advisory, b: Advisory): Advisory {
  if (a.publishedAt !== b.publishedAt) return a.publishedAt > b.publishedAt ? a : b;
  return a.level >= b.level ? a : b;
}

/**
 * SDN entries per alpha-2 country: an entry counts once per distinct country it has an address in
 * (as OFAC names it); entries without an addressed country, or in a country the table does not
 * know, count nowhere.
 */
export function sanctionsCountsByCode(
  entries: readonly { addressCountries: readonly string[] }[],
): Map<string, number> {
  const m = new Map<string, number>();
  for (const e of entries) {
    for (const name of new Set(e.addressCountries)) {
      const c = countryByName(name);
      if (c) m.set(c.alpha2, (m.get(c.alpha2) ?? 0) + 1);
    }
  }
  return m;
}

/** A State Department advisory with the item it came from. */
export interface StateAdvisory extends Advisory {
  title: string;
  link: string;
}

const SECURITY_LEVEL_RANK: Record<string, number> = { 'do-not-travel': 4, reconsider: 3, caution: 2, normal: 1 };

/** Ranks advisory labels for "highest level per country"; `info` and unknown labels rank 0 (never counted). */
export function securityLevelRank(level: string): number {
  return SECURITY_LEVEL_RANK[level] ?? 0;
}

/**
 * The country a headline is about: the longest run of words (up to five) that the country table
 * knows, so "South Sudan" wins over "Sudan". Empty when none matches.
 */
export function countryInTitle(title: string): string {
  const words = title.split(/[^\p{L}\p{N}'’.-]+/u).filter(Boolean);
  for (let len = Math.min(5, words.length); len >= 1; len--) {
    for (let i = 0; i + len <= words.length; i++) {
      const c = countryByName(words.slice(i, i + len).join(' '));
      if (c) return c.alpha2;
    }
  }
  return '';
}
