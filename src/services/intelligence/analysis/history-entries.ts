import { createHash } from 'node:crypto';
import { resolveCountry } from '../../../reference/countries.js';
import { HISTORY_WINDOW_DAYS, MAX_HISTORY_RECORDS, type HistoryDomain, type HistoryRecord } from './rules.js';

/**
 * The event-to-entry rules of the intelligence history archive: what each of our event datasets
 * contributes, how an entry is named (a stable id, so a re-read event is never appended twice) and
 * how the archive grows. Written from the published memory's seeders (each projects its published
 * events into `{dedupeKey, title, summary, country, category, sourceUrl, occurredAt}` after a run)
 * and its store (append-only, idempotent on the key, 180 days of retention by ingestion time).
 */

/** An archive entry before it is appended: everything but the ingestion time. */
export type HistoryEntry = Omit<HistoryRecord, 'ingestedAt'>;

/** The published per-run cap: a run contributes at most its newest 150 entries per resource. */
export const HISTORY_MAX_ENTRIES_PER_RUN = 150;
/** The published store's field limits; a longer id is a caller bug and the entry is dropped, never clipped. */
const ID_MAX = 256;
const TITLE_MAX = 500;
const SUMMARY_MAX = 2000;
const CATEGORY_MAX = 64;
const URL_MAX = 2048;
const DAY_MS = 86_400_000;

/** The published dedupe-key convention: `<domain>:<resource>:<the source's stable id>`. */
export const entryId = (domain: HistoryDomain, resource: string, stableId: string): string =>
  `${domain}:${resource}:${stableId}`;

/** An ISO alpha-2 code for a country name or code; '' when it names no single country. */
export function countryCode(nameOrCode: string | undefined): string {
  return resolveCountry(nameOrCode ?? '')?.alpha2 ?? '';
}

/** Only http(s) links are kept (a `javascript:` link from a poisoned feed would be stored for months). */
export function safeUrl(url: string | undefined): string {
  const u = (url ?? '').trim();
  if (!u || u.length > URL_MAX) return '';
  try {
    const scheme = new URL(u).protocol;
    return scheme === 'https:' || scheme === 'http:' ? u : '';
  } catch {
    return '';
  }
}

/**
 * An entry as the archive stores it: free text trimmed and clipped to the published limits, the
 * link kept only when it is http(s); undefined when it has no id, no title or no finite time.
 */
export function sanitiseEntry(e: HistoryEntry): HistoryEntry | undefined {
  const id = e.id.trim();
  const title = e.title.trim().slice(0, TITLE_MAX);
  if (!id || id.length > ID_MAX || !title || !Number.isFinite(e.occurredAt)) return undefined;
  return {
    id,
    domain: e.domain,
    resource: e.resource,
    country: /^[A-Z]{2}$/.test(e.country) ? e.country : '',
    category: e.category.trim().slice(0, CATEGORY_MAX),
    title,
    summary: e.summary.trim().slice(0, SUMMARY_MAX),
    sourceUrl: safeUrl(e.sourceUrl),
    occurredAt: e.occurredAt,
  };
}

/** Newest first, id as the tie-break, so a run that sees the same events picks the same ones. */
const newestFirst = (a: HistoryEntry, b: HistoryEntry) =>
  b.occurredAt - a.occurredAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** One run's entries of one resource: sanitised, newest first, at most HISTORY_MAX_ENTRIES_PER_RUN. */
export function runEntries(entries: readonly (HistoryEntry | undefined)[]): HistoryEntry[] {
  return entries
    .flatMap((e) => {
      const s = e && sanitiseEntry(e);
      return s ? [s] : [];
    })
    .sort(newestFirst)
    .slice(0, HISTORY_MAX_ENTRIES_PER_RUN);
}

export interface AppendResult {
  records: HistoryRecord[];
  /** Entries new to the archive in this run. */
  appended: number;
  /** Records that aged out (ingested more than 180 days before `at`) or fell past the size cap. */
  expired: number;
}

/**
 * Appends a run's entries to the archive at `at` (the data's time). An id already in the archive
 * keeps its first-seen version (the published store is idempotent on the key: a revised report does
 * not add a row); a new one is stamped `ingestedAt = at`. Entries that occurred before the archive's
 * 180-day window are not added (no query could reach them). Retention counts from ingestion, as
 * the published prune does, then the newest MAX_HISTORY_RECORDS are kept. Result newest first.
 */
export function appendHistory(
  previous: readonly HistoryRecord[],
  entries: readonly HistoryEntry[],
  at: number,
): AppendResult {
  const windowStart = at - HISTORY_WINDOW_DAYS * DAY_MS;
  const byId = new Map<string, HistoryRecord>();
  for (const r of previous) if (!byId.has(r.id)) byId.set(r.id, r);
  let appended = 0;
  for (const e of entries) {
    if (byId.has(e.id) || e.occurredAt < windowStart) continue;
    byId.set(e.id, { ...e, ingestedAt: at });
    appended++;
  }
  const kept = [...byId.values()]
    .filter((r) => r.ingestedAt >= windowStart)
    .sort(newestFirst)
    .slice(0, MAX_HISTORY_RECORDS);
  return { records: kept, appended, expired: byId.size - kept.length };
}

// ---- The projections, one per event dataset ----------------------------------------------------

/** A conflict event coded by ACLED (conflict.acled-events). */
export interface AcledLike {
  id: string;
  eventType: string;
  country: string;
  admin1: string;
  occurredAt: number;
  fatalities: number;
  actors: readonly string[];
  source: string;
}

/**
 * ACLED carries no headline: the title is composed from the coded fields as the published conflict
 * projection does ("<event type> — <actor> vs <actor> — in <admin1>, <country>").
 */
export function acledEntry(e: AcledLike): HistoryEntry {
  const place = [e.admin1, e.country].filter(Boolean).join(', ');
  const actors = e.actors.filter(Boolean).slice(0, 2);
  const title = [e.eventType || 'Conflict event', actors.length ? actors.join(' vs ') : '', place ? `in ${place}` : '']
    .filter(Boolean)
    .join(' — ');
  const summary = [
    Number.isFinite(e.fatalities) ? `fatalities: ${e.fatalities}` : '',
    e.source ? `source: ${e.source}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return {
    id: entryId('conflict', 'acled-intel', e.id),
    domain: 'conflict',
    resource: 'acled-intel',
    country: countryCode(e.country),
    category: e.eventType,
    title,
    summary,
    sourceUrl: '',
    occurredAt: e.occurredAt,
  };
}

/** An organised-violence event of the UCDP GED (conflict.ucdp-events). */
export interface UcdpLike {
  id: string;
  dateStart: number;
  country: string;
  sideA: string;
  sideB: string;
  deathsBest: number;
  violenceType: string;
  sourceOriginal: string;
}

const UCDP_TYPE: Record<string, string> = {
  UCDP_VIOLENCE_TYPE_STATE_BASED: 'state-based',
  UCDP_VIOLENCE_TYPE_NON_STATE: 'non-state',
  UCDP_VIOLENCE_TYPE_ONE_SIDED: 'one-sided',
};

export function ucdpEntry(e: UcdpLike): HistoryEntry {
  const type = UCDP_TYPE[e.violenceType] ?? 'organised';
  const sides = [e.sideA, e.sideB].filter(Boolean).join(' vs ');
  return {
    id: entryId('conflict', 'ucdp', e.id),
    domain: 'conflict',
    resource: 'ucdp',
    country: countryCode(e.country),
    category: type,
    title: [`${type[0]!.toUpperCase()}${type.slice(1)} violence`, sides, e.country ? `in ${e.country}` : '']
      .filter(Boolean)
      .join(' — '),
    summary: [`deaths (best estimate): ${e.deathsBest}`, e.sourceOriginal ? `source: ${e.sourceOriginal}` : '']
      .filter(Boolean)
      .join('; '),
    sourceUrl: '',
    occurredAt: e.dateStart,
  };
}

/** A protest, riot or strike (unrest.events). */
export interface UnrestLike {
  id: string;
  title: string;
  summary: string;
  eventType: string;
  country: string;
  occurredAt: number;
  fatalities: number;
  sourceUrls: readonly string[];
}

export function unrestEntry(e: UnrestLike): HistoryEntry {
  return {
    id: entryId('conflict', 'unrest', e.id),
    domain: 'conflict',
    resource: 'unrest',
    country: countryCode(e.country),
    category: e.eventType
      .replace(/^UNREST_EVENT_TYPE_/, '')
      .toLowerCase()
      .replace(/_/g, '-'),
    title: e.title,
    summary: [e.summary, e.fatalities > 0 ? `fatalities: ${e.fatalities}` : ''].filter(Boolean).join('; '),
    sourceUrl: e.sourceUrls[0] ?? '',
    occurredAt: e.occurredAt,
  };
}

/** A daily PLA activity report of Taiwan's defence ministry (military.cross-strait-activity). */
export interface PlaReportLike {
  date: string;
  url: string;
  summary: string;
}

/**
 * As the published military projection: keyed by the report (one entry per reporting day, the first
 * version kept), titled "Cross-Strait activity <day>: <summary>", country of the reporting ministry.
 */
export function crossStraitEntry(r: PlaReportLike): HistoryEntry | undefined {
  const occurredAt = Date.parse(r.date);
  if (!Number.isFinite(occurredAt)) return undefined;
  return {
    id: entryId('military', 'cross-strait-activity', r.date),
    domain: 'military',
    resource: 'cross-strait-activity',
    country: 'TW',
    category: 'daily-report',
    title: `Cross-Strait activity ${r.date}: ${r.summary || 'activity report'}`,
    summary: r.summary,
    sourceUrl: r.url,
    occurredAt,
  };
}

/** An outage or curtailment of a pipeline or storage asset (supply-chain.energy-disruptions). */
export interface EnergyDisruptionLike {
  id: string;
  assetId: string;
  assetType: string;
  eventType: string;
  startAt: string;
  shortDescription: string;
  causeChain: readonly string[];
  sources: readonly { url: string }[];
  countries: readonly string[];
}

export function energyDisruptionEntry(e: EnergyDisruptionLike): HistoryEntry | undefined {
  const occurredAt = Date.parse(e.startAt);
  if (!Number.isFinite(occurredAt)) return undefined;
  const words = (s: string) => s.replace(/_/g, ' ');
  const kind = `${e.assetType} ${e.eventType}`;
  return {
    id: entryId('energy', 'energy-disruptions', e.id),
    domain: 'energy',
    resource: 'energy-disruptions',
    // One country field: the first the registry names (the supplying side).
    country: e.countries[0] ?? '',
    category: e.eventType,
    title: `${kind[0]!.toUpperCase()}${kind.slice(1)}: ${words(e.assetId)}`,
    summary: [e.shortDescription, e.causeChain.length ? `cause: ${e.causeChain.map(words).join(', ')}` : '']
      .filter(Boolean)
      .join(' '),
    sourceUrl: e.sources[0]?.url ?? '',
    occurredAt,
  };
}

/** The published energy news filter: an item counts when its title or snippet names one of these. */
export const ENERGY_KEYWORDS = [
  'oil',
  'gas',
  'lng',
  'coal',
  'energy',
  'opec',
  'refinery',
  'petroleum',
  'electricity',
  'power',
  'renewable',
  'nuclear',
  'barrel',
  'crude',
  'storage',
  'pipeline',
  'fuel',
  'carbon',
  'emissions',
] as const;

/** A dated news item of a feed (news.feeds). */
export interface NewsItemLike {
  source: string;
  category: string;
  title: string;
  link: string;
  snippet: string;
  publishedAt: number;
}

/**
 * Energy news, as the published energy memory takes it from energy feeds: items of the `energy`
 * feeds whose text names an energy keyword, keyed by a digest of the link and the publication time.
 */
export function energyNewsEntry(item: NewsItemLike): HistoryEntry | undefined {
  if (item.category !== 'energy' || !item.link || !Number.isFinite(item.publishedAt)) return undefined;
  const text = `${item.title} ${item.snippet}`.toLowerCase();
  if (!ENERGY_KEYWORDS.some((k) => text.includes(k))) return undefined;
  const digest = createHash('sha256').update(item.link).digest('hex').slice(0, 16);
  return {
    id: entryId('energy', 'intelligence', `${digest}-${item.publishedAt}`),
    domain: 'energy',
    resource: 'intelligence',
    country: '',
    category: 'news',
    title: item.title,
    summary: item.snippet,
    sourceUrl: item.link,
    occurredAt: item.publishedAt,
  };
}

/** An internet outage seen by Cloudflare Radar (infrastructure.internet-outages). */
export interface OutageLike {
  id: string;
  title: string;
  link: string;
  description: string;
  detectedAt: number;
  countryCode: string;
  cause: string;
}

/**
 * The outages the archive's domains cover: a shutdown ordered by a government or caused by military
 * action belongs to the conflict record, a grid failure to the energy record; cable cuts,
 * maintenance, weather and technical faults belong to neither and are left out.
 */
export function outageDomain(cause: string): HistoryDomain | undefined {
  const c = cause
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  if (c === 'GOVERNMENT_DIRECTED' || c === 'MILITARY_ACTION') return 'conflict';
  if (c === 'POWER_OUTAGE') return 'energy';
  return undefined;
}

export function outageEntry(o: OutageLike): HistoryEntry | undefined {
  const domain = outageDomain(o.cause);
  if (!domain) return undefined;
  return {
    id: entryId(domain, 'internet-outages', o.id),
    domain,
    resource: 'internet-outages',
    country: o.countryCode,
    category: o.cause.trim().toLowerCase(),
    title: o.title,
    summary: o.description,
    sourceUrl: o.link,
    occurredAt: o.detectedAt,
  };
}
