import { asList, parseXml, textOf } from '../../platform/xml.js';
import { FormatError } from '../formats/errors.js';

/** OFAC Sanctions List Service: the SDN list in its classic XML export (no key). */
export const OFAC_SDN_XML_URL = 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN.XML';

export type SdnType = 'individual' | 'entity' | 'vessel' | 'aircraft';

export interface SdnIdentifier {
  /** OFAC's id type, e.g. `Passport`, `Vessel Registration Identification`, `Aircraft Tail Number`. */
  type: string;
  number: string;
  /** Issuing country as OFAC names it, or empty. */
  country: string;
}

/** One SDN list entry with everything a name search or a country/program count needs. */
export interface SdnEntry {
  /** OFAC uid, as a decimal string. */
  uid: string;
  /** As OFAC lists it: `LAST, First` for individuals, the name otherwise. */
  name: string;
  type: SdnType;
  programs: string[];
  /** Other names (a.k.a., f.k.a., n.k.a.), written like `name`. */
  aliases: string[];
  identifiers: SdnIdentifier[];
  /** Distinct countries of the entry's addresses, as OFAC names them. */
  addressCountries: string[];
  /** Distinct nationality and citizenship countries, as OFAC names them. */
  nationalities: string[];
  /** Flag state of a vessel, or empty. */
  vesselFlag: string;
  remarks: string;
}

export interface SdnList {
  /** Publish_Date, epoch ms (midnight UTC). */
  publishedAt: number;
  entries: SdnEntry[];
}

const TYPES: Record<string, SdnType> = {
  Individual: 'individual',
  Entity: 'entity',
  Vessel: 'vessel',
  Aircraft: 'aircraft',
};

function personName(last: string, first: string): string {
  return first ? `${last}, ${first}` : last;
}

function distinct(values: string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter((v) => v !== '' && v.toLowerCase() !== 'unknown'))];
}

type Node = Record<string, unknown>;
const listOf = (parent: unknown, list: string, item: string) =>
  asList<Node>((parent as Node | undefined)?.[list] && ((parent as Node)[list] as Node)[item]);

/** SDN.XML -> entries. A document without `<sdnList>` or a readable Publish_Date is a FormatError. */
export function parseSdnXml(input: Buffer | string): SdnList {
  let doc: Node;
  try {
    doc = parseXml(input);
  } catch (err) {
    throw new FormatError('OFAC SDN', (err as Error).message);
  }
  const list = doc.sdnList as Node | undefined;
  if (!list || typeof list !== 'object') throw new FormatError('OFAC SDN', 'no <sdnList> element');
  const pub = list.publshInformation as Node | undefined;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(textOf(pub?.Publish_Date).trim());
  if (!m) throw new FormatError('OFAC SDN', 'no readable Publish_Date');
  const entries: SdnEntry[] = [];
  for (const e of asList<Node>(list.sdnEntry)) {
    const uid = textOf(e.uid).trim();
    const last = textOf(e.lastName).trim();
    const type = TYPES[textOf(e.sdnType).trim()];
    if (!/^\d+$/.test(uid) || !last || !type) continue;
    const vessel = e.vesselInfo as Node | undefined;
    entries.push({
      uid,
      name: personName(last, textOf(e.firstName).trim()),
      type,
      programs: distinct(asList((e.programList as Node | undefined)?.program).map(textOf)),
      aliases: distinct(
        listOf(e, 'akaList', 'aka').map((a) => personName(textOf(a.lastName).trim(), textOf(a.firstName).trim())),
      ),
      identifiers: listOf(e, 'idList', 'id')
        .map((i) => ({
          type: textOf(i.idType).trim(),
          number: textOf(i.idNumber).trim(),
          country: textOf(i.idCountry).trim(),
        }))
        .filter((i) => i.number !== ''),
      addressCountries: distinct(listOf(e, 'addressList', 'address').map((a) => textOf(a.country))),
      nationalities: distinct(
        [...listOf(e, 'nationalityList', 'nationality'), ...listOf(e, 'citizenshipList', 'citizenship')].map((n) =>
          textOf(n.country),
        ),
      ),
      vesselFlag: distinct([textOf(vessel?.vesselFlag)])[0] ?? '',
      remarks: textOf(e.remarks).trim(),
    });
  }
  return { publishedAt: Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2])), entries };
}
