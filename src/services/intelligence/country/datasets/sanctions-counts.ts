import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { asList, parseXml, textOf } from '../../../../platform/xml.js';

export const SANCTIONS_COUNTS = 'intelligence.sanctions-counts';

/** How many SDN entries carry an address in a country, by the country name OFAC uses. */
export interface SanctionsCount {
  country: string;
  entries: number;
}

export interface SanctionsInfo {
  /** The list's Publish_Date, epoch ms (midnight UTC). */
  publishedAt: number;
  entryCount: number;
}

/**
 * OFAC SDN list XML -> entries per address country. An entry counts once per distinct country it has
 * an address in; entries without an addressed country count nowhere. Country names stay as OFAC
 * writes them and are mapped to ISO codes when the snapshot is indexed.
 */
export function parseSdnCounts(bytes: Buffer): { counts: SanctionsCount[]; info: SanctionsInfo } {
  const doc = parseXml(bytes);
  const list = doc.sdnList as Record<string, unknown> | undefined;
  if (!list || typeof list !== 'object') throw new Error('OFAC file has no <sdnList> element');
  const entries = asList<Record<string, unknown>>(list.sdnEntry);
  const pub = list.publshInformation as Record<string, unknown> | undefined;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(textOf(pub?.Publish_Date).trim());
  if (!m) throw new Error('OFAC file has no readable Publish_Date');
  const counts = new Map<string, number>();
  for (const e of entries) {
    const countries = new Set<string>();
    const addresses = e.addressList as Record<string, unknown> | undefined;
    for (const a of asList<Record<string, unknown>>(addresses?.address)) {
      const c = textOf(a.country).trim();
      if (c) countries.add(c);
    }
    for (const c of countries) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  return {
    counts: [...counts].map(([country, n]) => ({ country, entries: n })).sort((a, b) => b.entries - a.entries || (a.country < b.country ? -1 : 1)),
    info: { publishedAt: Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2])), entryCount: entries.length },
  };
}

export const sanctionsCountsDataset: Dataset<SanctionsCount, SanctionsInfo> = {
  name: SANCTIONS_COUNTS,
  source: 'U.S. Treasury OFAC Specially Designated Nationals list',
  maxStaleMinutes: 3 * 24 * 60,
  sources: {
    sdn: {
      url: 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN.XML',
      sample: 'intelligence/ofac-sdn.xml',
    },
  },
  parse(payloads) {
    const { counts, info } = parseSdnCounts(payloads.sdn!);
    return { records: counts, info };
  },
};
