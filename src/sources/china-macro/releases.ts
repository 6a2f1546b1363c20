import { createHash } from 'node:crypto';
import { FormatError } from '../formats/errors.js';

/**
 * Official Chinese statistical press releases as their English HTML pages publish them: the
 * National Bureau of Statistics (stats.gov.cn, monthly releases at 10:00 Beijing time) and the
 * State Administration of Foreign Exchange (safe.gov.cn). The figures are in the prose, so each
 * series is read from its headline sentence; the prior period comes from the comparison sentence
 * the publisher writes next to it ("1.6 percentage points lower than that of September").
 */
export const NBS_PRESS_RELEASES = 'https://www.stats.gov.cn/english/PressRelease/';
export const NBS_RELEASE_CALENDAR = 'https://www.stats.gov.cn/english/PressRelease/ReleaseCalendar/';
export const SAFE_DATA_RELEASES = 'https://www.safe.gov.cn/en/DataRelease/index.html';

/** Beijing time has no daylight saving: UTC+8 all year. */
const BEIJING_OFFSET_MS = 8 * 3_600_000;

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

export interface ReleaseObservation {
  /** The page's own headline. */
  title: string;
  value: number;
  /** The prior period's figure as the same release states it; absent when it says nothing comparable. */
  priorValue?: number;
  /** `YYYY-MM`: the month, or the last month of a January-to-month cumulation. */
  period: string;
  periodKind: 'month' | 'year_to_date';
  /** Release moment, epoch ms (UTC). */
  releaseTime: number;
  /** `instant` when the page gives a clock time, `day` when only a date. */
  releasePrecision: 'instant' | 'day';
  /** `sha256:<hex>` of the page bytes: identifies the exact document read. */
  contentHash: string;
}

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

/** Visible text of an HTML fragment: tags dropped, common entities decoded, whitespace collapsed. */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#?\w+);/g, (m, e: string) => ENTITIES[e.toLowerCase()] ?? m)
    .replace(/[：]/g, ':')
    .replace(/\s+/g, ' ')
    .trim();
}

const num = (s: string) => Number(s.replace(/,/g, ''));

function headline(html: string, publisher: string): string {
  const m = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html) ?? /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  const title = m ? htmlText(m[1]!) : '';
  if (!title) throw new FormatError(publisher, 'page has no headline (h1 or title)');
  return title;
}

/** "... in October 2026", "... for January to October 2026", "... at the End of October 2026". */
function periodOf(title: string, publisher: string): { period: string; periodKind: ReleaseObservation['periodKind'] } {
  const m =
    /(January to |January-)?(January|February|March|April|May|June|July|August|September|October|November|December) (\d{4})\s*$/i.exec(
      title,
    );
  if (!m) throw new FormatError(publisher, `headline "${title}" names no month and year`);
  const month = MONTHS.indexOf(m[2]!.toLowerCase()) + 1;
  return { period: `${m[3]}-${String(month).padStart(2, '0')}`, periodKind: m[1] ? 'year_to_date' : 'month' };
}

/** "Release Time:2026-11-16 10:00" (NBS) or "Date:2026-11-07" (SAFE), Beijing time. */
function releaseOf(text: string, publisher: string): { releaseTime: number; releasePrecision: 'instant' | 'day' } {
  const m = /(?:Release Time|Date)\s*:\s*(\d{4})-(\d{2})-(\d{2})(?:\s+(\d{2}):(\d{2}))?/.exec(text);
  if (!m) throw new FormatError(publisher, 'page gives no release date');
  const local = Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    m[4] ? Number(m[4]) : 0,
    m[5] ? Number(m[5]) : 0,
  );
  return { releaseTime: local - BEIJING_OFFSET_MS, releasePrecision: m[4] ? 'instant' : 'day' };
}

/** The sentence holding `subject`, from the subject to the next full stop (decimal points kept). */
function sentenceFrom(text: string, subject: RegExp): { sentence: string; rest: string } | undefined {
  const m = subject.exec(text);
  if (!m) return undefined;
  const from = text.slice(m.index);
  const sentence = firstSentence(from);
  return { sentence, rest: from.slice(sentence.length) };
}

const DOWN = /^(down|decreased|declined|fell|dropped)$/i;

/** "was 4.9 percent", "up by 6.1 percent", "down by 1.7 percent" -> signed percent and the text after it. */
function signedPercent(sentence: string): { value: number; after: string } | undefined {
  const m = /\b(up|down|grew|increased|rose|decreased|declined|fell|dropped|was)\s+(?:by\s+)?(-?[\d.]+) percent/i.exec(
    sentence,
  );
  if (!m) return undefined;
  const v = num(m[2]!);
  return { value: DOWN.test(m[1]!) ? -v : v, after: sentence.slice(m.index + m[0].length) };
}

/** Text up to and including the next full stop (a decimal point is not one). */
function firstSentence(text: string): string {
  const end = /\.(\s|$)/.exec(text);
  return text.slice(0, end ? end.index + 1 : text.length);
}

/**
 * The prior period from the comparison the publisher writes after the figure, in the same
 * sentence or the next: "N percentage points lower/higher than that of ...", or "the same as". A
 * "rate of decline" comparison is of the size of a fall, so its "higher" means a lower rate.
 */
function priorFromComparison(value: number, comparison: string): number | undefined {
  if (/the same as (?:that of|that in)/i.test(comparison)) return value;
  const m = /([\d.]+) percentage points? (higher|lower|faster|slower) than/i.exec(comparison);
  if (!m) return undefined;
  const diff = num(m[1]!);
  const higher = /higher|faster/i.test(m[2]!);
  const ofDecline = /rate of decline/i.test(comparison.slice(0, m.index + m[0].length));
  // value = prior + diff when the rate is higher; a higher rate of decline is a lower rate.
  const sign = higher !== ofDecline ? 1 : -1;
  return Math.round((value - sign * diff) * 100) / 100;
}

function hashOf(bytes: Buffer | string): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/** Which headline sentence of an NBS release carries the series. */
export type NbsMeasure = 'industrial_value_added' | 'fixed_asset_investment' | 'real_estate_investment';

const NBS_SUBJECTS: Record<NbsMeasure, RegExp> = {
  industrial_value_added:
    /(?:the )?(?:real growth of the )?(?:total )?value added of (?:the )?industrial enterprises above (?:the )?designated size/i,
  fixed_asset_investment: /(?:the )?investment in fixed assets \(excluding rural households\)/i,
  real_estate_investment: /(?:the )?investment in real estate development was/i,
};

/** An NBS monthly release page -> the year-on-year growth rate of one measure, percent. */
export function parseNbsRelease(input: Buffer | string, measure: NbsMeasure): ReleaseObservation {
  const html = typeof input === 'string' ? input : input.toString('utf8');
  const publisher = 'NBS release';
  const title = headline(html, publisher);
  const text = htmlText(html);
  const found = sentenceFrom(text, NBS_SUBJECTS[measure]);
  if (!found) throw new FormatError(publisher, `"${title}" has no ${measure.replace(/_/g, ' ')} sentence`);
  const figure = signedPercent(found.sentence);
  if (!figure || !Number.isFinite(figure.value))
    throw new FormatError(publisher, `"${title}": the ${measure.replace(/_/g, ' ')} sentence gives no growth rate`);
  const value = figure.value;
  const priorValue = priorFromComparison(value, `${figure.after} ${firstSentence(found.rest.trim())}`);
  return {
    title,
    value,
    ...(priorValue !== undefined ? { priorValue } : {}),
    ...periodOf(title, publisher),
    ...releaseOf(text, publisher),
    contentHash: hashOf(input),
  };
}

/** SAFE's month-end reserves release -> reserves in US$ billion, the prior month from the stated change. */
export function parseSafeReserves(input: Buffer | string): ReleaseObservation {
  const html = typeof input === 'string' ? input : input.toString('utf8');
  const publisher = 'SAFE release';
  const title = headline(html, publisher);
  const text = htmlText(html);
  const m = /foreign exchange reserves stood at US\$([\d,.]+) billion,? (up|down) by US\$([\d,.]+) billion/i.exec(text);
  if (!m) throw new FormatError(publisher, `"${title}" has no reserves figure`);
  const value = num(m[1]!);
  const change = num(m[3]!) * (DOWN.test(m[2]!) ? -1 : 1);
  return {
    title,
    value,
    priorValue: Math.round((value - change) * 10) / 10,
    ...periodOf(title, publisher),
    ...releaseOf(text, publisher),
    contentHash: hashOf(input),
  };
}

/** SAFE's bank settlement release -> the month's net settlement (surplus positive) in US$ billion. */
export function parseSafeSettlement(input: Buffer | string): ReleaseObservation {
  const html = typeof input === 'string' ? input : input.toString('utf8');
  const publisher = 'SAFE release';
  const title = headline(html, publisher);
  const text = htmlText(html);
  const m = /with a (surplus|deficit) of RMB [\d,.]+ billion \(US\$([\d,.]+) billion\)/i.exec(text);
  if (!m) throw new FormatError(publisher, `"${title}" has no net settlement figure`);
  const value = num(m[2]!) * (m[1]!.toLowerCase() === 'deficit' ? -1 : 1);
  const p = /In [A-Z][a-z]+,? the (surplus|deficit) was US\$([\d,.]+) billion/.exec(text);
  const priorValue = p ? num(p[2]!) * (p[1]!.toLowerCase() === 'deficit' ? -1 : 1) : undefined;
  return {
    title,
    value,
    ...(priorValue !== undefined ? { priorValue } : {}),
    ...periodOf(title, publisher),
    ...releaseOf(text, publisher),
    contentHash: hashOf(input),
  };
}

/** One dated release of the NBS calendar. */
export interface CalendarRelease {
  item: string;
  /** `YYYY-MM-DD`, Beijing date. */
  date: string;
  /** `HH:MM`, Beijing time. */
  time: string;
}

/**
 * The NBS release calendar page: one row per release item, its Beijing time, then the day of
 * each month (a dash where there is no release). The year comes from the headline.
 */
export function parseNbsCalendar(input: Buffer | string): CalendarRelease[] {
  const html = typeof input === 'string' ? input : input.toString('utf8');
  const publisher = 'NBS calendar';
  const title = headline(html, publisher);
  const year = /\b(20\d{2})\b/.exec(title)?.[1];
  if (!year) throw new FormatError(publisher, `headline "${title}" names no year`);
  const table = /<table[\s\S]*?<\/table>/i.exec(html)?.[0];
  if (!table) throw new FormatError(publisher, 'page has no calendar table');
  const rows = [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/gi)].map((r) =>
    [...r[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/gi)].map((c) => htmlText(c[1]!)),
  );
  const header = rows[0] ?? [];
  const months = header
    .slice(2)
    .map((h) => MONTHS.findIndex((m) => m.startsWith(h.replace(/\./g, '').toLowerCase().slice(0, 3))));
  if (months.length !== 12 || months.some((m, i) => m !== i))
    throw new FormatError(publisher, 'table header is not Release Item, Time, then the twelve months');
  const out: CalendarRelease[] = [];
  for (const row of rows.slice(1)) {
    const [item, time] = row;
    if (!item || !/^\d{2}:\d{2}$/.test(time ?? '')) continue;
    row.slice(2, 14).forEach((cell, i) => {
      const day = Number(cell);
      if (!/^\d{1,2}$/.test(cell) || day < 1 || day > 31) return;
      out.push({
        item,
        date: `${year}-${String(i + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
        time: time!,
      });
    });
  }
  if (out.length === 0) throw new FormatError(publisher, 'calendar table lists no release date');
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.item.localeCompare(b.item));
}

/** Beijing `YYYY-MM-DD` + `HH:MM` -> epoch ms. */
export function beijingTime(date: string, time: string): number {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  return Date.UTC(y!, mo! - 1, d!, h!, mi!) - BEIJING_OFFSET_MS;
}

/**
 * Live reading of a listing page: the newest link whose text matches `title`, then that page. The
 * publishers' release URLs change every month, so the listing is the stable address.
 */
export async function fetchNewestLinked(
  get: (url: string) => Promise<Buffer>,
  listUrl: string,
  title: RegExp,
): Promise<Buffer> {
  const list = (await get(listUrl)).toString('utf8');
  for (const m of list.matchAll(/<a\b[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/gi)) {
    if (title.test(htmlText(m[2]!))) return get(new URL(m[1]!, listUrl).toString());
  }
  throw new FormatError('release listing', `${listUrl} links no release matching ${title}`);
}
