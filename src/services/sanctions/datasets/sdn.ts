import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { OFAC_SDN_XML_URL, parseSdnXml, type SdnEntry } from '../../../sources/ofac/sdn-xml.js';
import { markListings, type ListingMarks } from '../rules.js';

/**
 * The one OFAC SDN snapshot: names, aliases, identifiers, programs and countries of every entry.
 * sanctions/list-sanctions-pressure, sanctions/lookup-sanction-entity and the sanctions count of
 * intelligence/get-country-risk all derive from it.
 */
export const SANCTIONS_SDN = 'sanctions.sdn';

export interface SdnInfo {
  /** The list's Publish_Date, epoch ms. */
  publishedAt: number;
}

/** An SDN entry with what comparing its edition with the previous snapshot says about it. */
export type SdnRecord = SdnEntry & ListingMarks;

export const sdnDataset: Dataset<SdnRecord, SdnInfo> = {
  name: SANCTIONS_SDN,
  source: 'U.S. Treasury OFAC Specially Designated Nationals list',
  kind: 'live',
  maxStaleMinutes: 3 * 24 * 60,
  sources: {
    sdn: { url: OFAC_SDN_XML_URL, sample: 'sanctions/ofac-sdn.xml' },
  },
  // The previous snapshot tells which entries this edition added (isNew) and since when each is listed.
  parse(payloads, _now, previous) {
    const { publishedAt, entries } = parseSdnXml(payloads.sdn!);
    const marks = markListings(
      entries.map((e) => e.uid),
      publishedAt,
      previous,
    );
    return { records: entries.map((e, i) => ({ ...e, ...marks[i]! })), info: { publishedAt } };
  },
};
