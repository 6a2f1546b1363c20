import type { Config } from '../../config.js';
import { fetchUrl } from '../../platform/snapshots/fetch.js';
import type { Snapshot, SnapshotStore } from '../../platform/snapshots/store.js';
import { resolveCountry, type Country } from '../../reference/countries.js';
import type { SdnEntry } from '../../sources/ofac/sdn-xml.js';
import { parseOpenSanctionsSearch, openSanctionsSearchUrl } from '../../sources/opensanctions/search.js';
import { SANCTIONS_SDN, type SdnInfo, type SdnRecord } from './datasets/sdn.js';
import {
  clampCount,
  compactNote,
  DEFAULT_MAX_ITEMS,
  DEFAULT_MAX_RESULTS,
  MAX_ITEMS,
  MAX_RESULTS,
  MIN_MATCH_SCORE,
  nameScore,
  normaliseIdentifier,
  normaliseName,
  tally,
  TOP_GROUPS,
  trigrams,
} from './rules.js';
import type {
  ListSanctionsPressureRequest,
  ListSanctionsPressureResponse,
  LookupSanctionEntityResponse,
  SanctionEntityMatch,
  SanctionsEntry,
} from './schemas.js';

type Sdn = Snapshot<SdnRecord, SdnInfo>;

const ENTITY_TYPES = {
  individual: 'SANCTIONS_ENTITY_TYPE_INDIVIDUAL',
  entity: 'SANCTIONS_ENTITY_TYPE_ENTITY',
  vessel: 'SANCTIONS_ENTITY_TYPE_VESSEL',
  aircraft: 'SANCTIONS_ENTITY_TYPE_AIRCRAFT',
} as const;

/** Countries an entry is tied to: addresses, then nationalities, resolved through the country table. */
function entryCountries(e: SdnEntry, cache: Map<string, Country | undefined>): Country[] {
  const out = new Map<string, Country>();
  for (const name of [...e.addressCountries, ...e.nationalities]) {
    if (!cache.has(name)) cache.set(name, resolveCountry(name));
    const c = cache.get(name);
    if (c) out.set(c.alpha2, c);
  }
  return [...out.values()];
}

/**
 * Every country the list ties entries to (addresses, then nationalities) with how many entries and
 * how many new on this edition: the per-country counts the instability index reads.
 */
export function sanctionsByCountry(
  records: readonly SdnRecord[],
): Map<string, { entryCount: number; newEntryCount: number }> {
  const cache = new Map<string, Country | undefined>();
  const tallies = tally(
    records.map((e) => ({ e, countries: entryCountries(e, cache) })),
    (x) => x.countries.map((c) => c.alpha2),
    (x) => x.e.type,
    Infinity,
    (x) => x.e.isNew === true,
  );
  return new Map(tallies.map((t) => [t.key, { entryCount: t.entryCount, newEntryCount: t.newEntryCount }]));
}

interface Pressure {
  entries: SanctionsEntry[];
  body: Omit<ListSanctionsPressureResponse, 'entries'>;
}

function pressureOf(snapshot: Sdn): Pressure {
  return snapshot.derive('pressure', (s) => {
    const cache = new Map<string, Country | undefined>();
    const withCountries = s.records.map((e) => ({ e, countries: entryCountries(e, cache) }));
    const entries = withCountries
      .map(({ e, countries }) => ({
        id: `ofac-sdn:${e.uid}`,
        name: e.name,
        entityType: ENTITY_TYPES[e.type],
        countryCodes: countries.map((c) => c.alpha2),
        countryNames: countries.map((c) => c.name),
        programs: e.programs,
        sourceLists: ['SDN'],
        effectiveAt: String(e.firstListedAt ?? 0),
        isNew: e.isNew === true,
        note: compactNote(e.remarks),
      }))
      // As published: new entries first, then the most recently listed, then by name.
      .sort(
        (a, b) =>
          Number(b.isNew) - Number(a.isNew) ||
          Number(b.effectiveAt) - Number(a.effectiveAt) ||
          (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
      );
    const byAlpha2 = new Map(withCountries.flatMap(({ countries }) => countries.map((c) => [c.alpha2, c] as const)));
    const countries = tally(
      withCountries,
      (x) => x.countries.map((c) => c.alpha2),
      (x) => x.e.type,
      TOP_GROUPS,
      (x) => x.e.isNew === true,
    ).map((t) => ({
      countryCode: t.key,
      countryName: byAlpha2.get(t.key)!.name,
      entryCount: t.entryCount,
      newEntryCount: t.newEntryCount,
      vesselCount: t.vesselCount,
      aircraftCount: t.aircraftCount,
    }));
    const programs = tally(
      s.records,
      (e) => e.programs,
      (e) => e.type,
      TOP_GROUPS,
      (e) => e.isNew === true,
    ).map((t) => ({ program: t.key, entryCount: t.entryCount, newEntryCount: t.newEntryCount }));
    const count = (type: SdnEntry['type']) => s.records.filter((e) => e.type === type).length;
    return {
      entries,
      body: {
        countries,
        programs,
        fetchedAt: String(s.capturedAt),
        datasetDate: String(s.info.publishedAt ?? 0),
        totalCount: s.records.length,
        sdnCount: s.records.length,
        consolidatedCount: 0,
        newEntryCount: s.records.filter((e) => e.isNew === true).length,
        vesselCount: count('vessel'),
        aircraftCount: count('aircraft'),
        semaCount: 0,
      },
    };
  });
}

const EMPTY_PRESSURE: ListSanctionsPressureResponse = {
  entries: [],
  countries: [],
  programs: [],
  fetchedAt: '0',
  datasetDate: '0',
  totalCount: 0,
  sdnCount: 0,
  consolidatedCount: 0,
  newEntryCount: 0,
  vesselCount: 0,
  aircraftCount: 0,
  semaCount: 0,
};

export function listSanctionsPressure(
  store: SnapshotStore,
  req: ListSanctionsPressureRequest,
  markDegraded: () => void,
): ListSanctionsPressureResponse {
  const snapshot = store.read<SdnRecord, SdnInfo>(SANCTIONS_SDN);
  if (!snapshot) {
    markDegraded();
    return EMPTY_PRESSURE;
  }
  const p = pressureOf(snapshot);
  return { entries: p.entries.slice(0, clampCount(req.max_items, DEFAULT_MAX_ITEMS, MAX_ITEMS)), ...p.body };
}

/** Names and identifiers of every entry, with a trigram -> entries inverted index, built once per snapshot. */
interface NameIndex {
  entries: readonly SdnEntry[];
  matches: SanctionEntityMatch[];
  names: { entry: number; text: string; grams: Set<string> }[];
  byGram: Map<string, number[]>;
  byIdentifier: Map<string, number[]>;
}

function nameIndex(snapshot: Sdn): NameIndex {
  return snapshot.derive('name-index', (s) => {
    const cache = new Map<string, Country | undefined>();
    const names: NameIndex['names'] = [];
    const byGram = new Map<string, number[]>();
    const byIdentifier = new Map<string, number[]>();
    const matches = s.records.map((e, i) => {
      for (const raw of [e.name, ...e.aliases]) {
        const text = normaliseName(raw);
        if (!text) continue;
        const grams = trigrams(text);
        const at = names.push({ entry: i, text, grams }) - 1;
        for (const g of grams) {
          let list = byGram.get(g);
          if (!list) byGram.set(g, (list = []));
          list.push(at);
        }
      }
      for (const id of e.identifiers) {
        const key = normaliseIdentifier(id.number);
        if (key.length < 4) continue;
        let list = byIdentifier.get(key);
        if (!list) byIdentifier.set(key, (list = []));
        list.push(i);
      }
      return {
        id: `ofac-sdn:${e.uid}`,
        name: e.name,
        entityType: e.type,
        countryCodes: entryCountries(e, cache)
          .slice(0, 3)
          .map((c) => c.alpha2),
        programs: e.programs.slice(0, 3),
      };
    });
    return { entries: s.records, matches, names, byGram, byIdentifier };
  });
}

/**
 * Entries whose name or alias is like the query (exact 1, whole-word prefix 0.9, else trigram Dice
 * similarity, at least 0.35), or whose identifier equals it (1). Best score first, then name.
 */
export function searchSdn(
  index: NameIndex,
  q: string,
  limit: number,
): { results: SanctionEntityMatch[]; total: number } {
  const query = normaliseName(q);
  const scores = new Map<number, number>();
  for (const i of index.byIdentifier.get(normaliseIdentifier(q)) ?? []) scores.set(i, 1);
  const grams = trigrams(query);
  const seen = new Set<number>();
  for (const g of grams) {
    for (const at of index.byGram.get(g) ?? []) {
      if (seen.has(at)) continue;
      seen.add(at);
      const n = index.names[at];
      const score = nameScore(query, grams, n.text, n.grams);
      if (score >= MIN_MATCH_SCORE && score > (scores.get(n.entry) ?? 0)) scores.set(n.entry, score);
    }
  }
  const ranked = [...scores].sort(
    (a, b) => b[1] - a[1] || (index.entries[a[0]].name < index.entries[b[0]].name ? -1 : 1),
  );
  return { results: ranked.slice(0, limit).map(([i]) => index.matches[i]), total: ranked.length };
}

export async function lookupSanctionEntity(
  store: SnapshotStore,
  config: Config,
  req: { q?: string; max_results?: number },
  markDegraded: () => void,
  signal?: AbortSignal,
): Promise<LookupSanctionEntityResponse> {
  const q = (req.q ?? '').trim();
  const limit = clampCount(req.max_results, DEFAULT_MAX_RESULTS, MAX_RESULTS);
  const live = Boolean(config.OPENSANCTIONS_API_KEY);
  if (q.length < 2 || q.length > 200) return { results: [], total: 0, source: live ? 'opensanctions' : 'ofac' };
  if (live) {
    try {
      const bytes = await fetchUrl(openSanctionsSearchUrl(q, limit), config, {
        headers: { authorization: `ApiKey ${config.OPENSANCTIONS_API_KEY}` },
        retries: 0,
        signal,
      });
      return { ...parseOpenSanctionsSearch(bytes, limit), source: 'opensanctions' };
    } catch {
      // The OFAC snapshot answers instead, and says so in `source`.
      markDegraded();
    }
  }
  const snapshot = store.read<SdnRecord, SdnInfo>(SANCTIONS_SDN);
  if (!snapshot) {
    markDegraded();
    return { results: [], total: 0, source: 'ofac' };
  }
  return { ...searchSdn(nameIndex(snapshot), q, limit), source: 'ofac' };
}
