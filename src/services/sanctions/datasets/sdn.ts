import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { OFAC_SDN_XML_URL, parseSdnXml, type SdnEntry } from '../../../sources/ofac/sdn-xml.js';

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

export const sdnDataset: Dataset<SdnEntry, SdnInfo> = {
  name: SANCTIONS_SDN,
  source: 'U.S. Treasury OFAC Specially Designated Nationals list',
  kind: 'live',
  maxStaleMinutes: 3 * 24 * 60,
  sources: {
    sdn: { url: OFAC_SDN_XML_URL, sample: 'sanctions/ofac-sdn.xml' },
  },
  parse(payloads) {
    const { publishedAt, entries } = parseSdnXml(payloads.sdn!);
    return { records: entries, info: { publishedAt } };
  },
};
