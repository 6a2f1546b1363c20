import { FormatError } from '../formats/errors.js';
import { readZippedTsv } from '../formats/zip.js';

/**
 * GDELT 2.0 Global Knowledge Graph: one zipped tab-separated file per 15 minutes
 * (`<YYYYMMDDHHMMSS>.gkg.csv.zip`), no header, 27 columns. No key.
 */
export const GDELT_V2_BASE = 'http://data.gdeltproject.org/gdeltv2';
/** Files are published at :00, :15, :30 and :45. */
export const GKG_SLOT_MS = 15 * 60_000;

/** `YYYYMMDDHHMMSS` of a time, UTC. */
export function gdeltTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** The start of the 15-minute slot `back` slots before the last complete one at `now`. */
export function gkgSlot(now: number, back: number): number {
  // A file appears a few minutes after its slot: the slot that ended 5 minutes ago is the newest trusted.
  const newest = Math.floor((now - 5 * 60_000) / GKG_SLOT_MS) * GKG_SLOT_MS;
  return newest - back * GKG_SLOT_MS;
}

export function gkgFileUrl(slotMs: number): string {
  return `${GDELT_V2_BASE}/${gdeltTimestamp(slotMs)}.gkg.csv.zip`;
}

export interface GkgLocation {
  /** 1 country, 2 US state, 3 US city, 4 world city, 5 world state. */
  type: number;
  name: string;
  /** FIPS 10-4 country code as GDELT writes it. */
  countryCode: string;
  lat: number;
  lon: number;
}

export interface GkgRecord {
  id: string;
  /** Publication slot, epoch ms. */
  date: number;
  sourceName: string;
  url: string;
  themes: string[];
  locations: GkgLocation[];
  persons: string[];
  organizations: string[];
  /** Average tone, about -10 (negative) to +10 (positive). */
  tone: number;
  /** `<PAGE_TITLE>` from the extras column, or empty. */
  title: string;
}

const COLUMNS = 27;

function parseDate(s: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(s);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : NaN;
}

/** V1 locations: `type#name#country#adm1#lat#lon#featureid`, `;`-separated; entries without coordinates are dropped. */
export function parseGkgLocations(field: string): GkgLocation[] {
  const out: GkgLocation[] = [];
  for (const part of field.split(';')) {
    const f = part.split('#');
    if (f.length < 7 || f[4] === '' || f[5] === '') continue;
    const lat = Number(f[4]);
    const lon = Number(f[5]);
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) continue;
    out.push({ type: Number(f[0]), name: f[1], countryCode: f[2], lat, lon });
  }
  return out;
}

const list = (field: string) =>
  field
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

function decodeXmlText(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** GKG rows (already split by tab) -> records. A row with another column count is skipped. */
export function gkgRecords(rows: readonly string[][]): GkgRecord[] {
  const out: GkgRecord[] = [];
  for (const r of rows) {
    if (r.length !== COLUMNS) continue;
    const date = parseDate(r[1]);
    const tone = Number(r[15].split(',')[0]);
    if (!r[0] || !Number.isFinite(date) || !Number.isFinite(tone)) continue;
    out.push({
      id: r[0],
      date,
      sourceName: r[3],
      url: r[4],
      themes: list(r[7]),
      locations: parseGkgLocations(r[9]),
      persons: list(r[11]),
      organizations: list(r[13]),
      tone,
      title: decodeXmlText(/<PAGE_TITLE>([\s\S]*?)<\/PAGE_TITLE>/.exec(r[26])?.[1]?.trim() ?? ''),
    });
  }
  return out;
}

/** One zipped GKG file -> records; an archive that is not a GKG file is a FormatError. */
export function parseGkgZip(input: Buffer): GkgRecord[] {
  const rows = readZippedTsv(input);
  const records = gkgRecords(rows);
  if (rows.length > 0 && records.length === 0)
    throw new FormatError('GDELT GKG', `no row has the ${COLUMNS} GKG columns`);
  return records;
}
