import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { isValidCoordinate } from '../../../../platform/geo.js';
import { ADSB_LOL_MIL_URL, parseAdsbFeed, type AdsbAircraft } from '../../../../sources/adsb/mil-feed.js';
import {
  AIRCRAFT_TYPES,
  classifyAircraftType,
  classifyOperator,
  interestOf,
  OPERATORS,
  splitDescription,
  type OperatorTable,
} from '../rules.js';
import type { MilitaryFlight } from '../schemas.js';

export const MILITARY_FLIGHTS = 'military.flights';

export interface MilitaryFlightsInfo {
  /** The feed's own clock, epoch ms. */
  feedTime: number;
  /** Review date of the operator table the flights were classified with. */
  operatorTableReviewedAt: string;
  /** Aircraft in the feed that were left out (no position, or no military evidence). */
  skipped: number;
}

const Attribution = { operator: z.enum(OPERATORS), country: z.string().default(''), note: z.string().optional() };
const Range = { from: z.string().regex(/^[0-9A-Fa-f]{6}$/), to: z.string().regex(/^[0-9A-Fa-f]{6}$/) };
const TableDoc = z.object({
  schemaVersion: z.literal(1),
  reviewedAt: z.string(),
  sources: z.array(z.string()).min(1),
  exactHex: z.array(z.object({ hex: z.string().regex(/^[0-9a-f]{6}$/), ...Attribution })),
  ownerOperators: z.array(z.object({ match: z.string().min(1), ...Attribution })),
  callsignPrefixes: z.array(z.object({ prefix: z.string().regex(/^[A-Z]{2,6}$/), ...Attribution })),
  registrations: z.array(z.object({ pattern: z.string().min(1), ...Attribution })),
  militaryHexRanges: z.array(z.object({ ...Range, ...Attribution })),
  stateBlocks: z.array(z.object({ ...Range, country: z.string().length(2) })),
  aircraftTypes: z.array(
    z.object({ type: z.enum(AIRCRAFT_TYPES), descriptionKeywords: z.array(z.string()), codes: z.array(z.string()) }),
  ),
  airlineDesignators: z.array(z.string().length(3)),
});

/** The curated operator table JSON -> the rules' table (patterns are checked to compile). */
export function parseOperatorTable(bytes: Buffer): { table: OperatorTable; reviewedAt: string } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`military operator table is not JSON: ${(err as Error).message}`);
  }
  const doc = TableDoc.safeParse(json);
  if (!doc.success)
    throw new Error(
      `military operator table has an unexpected shape: ${doc.error.issues[0]?.path.join('.')} ${doc.error.issues[0]?.message}`,
    );
  for (const r of doc.data.registrations) {
    try {
      new RegExp(r.pattern);
    } catch {
      throw new Error(`military operator table: registration pattern ${r.pattern} does not compile`);
    }
  }
  const { reviewedAt, ...table } = doc.data;
  return { table: table as OperatorTable, reviewedAt };
}

const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

/** One aircraft -> a classified flight, or undefined when it has no position or no military evidence. */
export function toMilitaryFlight(a: AdsbAircraft, table: OperatorTable, feedTime: number): MilitaryFlight | undefined {
  if (a.lat === undefined || a.lon === undefined || !isValidCoordinate(a.lat, a.lon)) return undefined;
  const who = classifyOperator(a, table);
  if (!who) return undefined;
  const type = classifyAircraftType(a, table);
  const { manufacturer, model } = splitDescription(a.description);
  const hex = a.hex.replace(/^~/, '').toUpperCase();
  const lastSeenAt = feedTime - Math.round((a.seenPos ?? a.seen) * 1000);
  return {
    id: hex,
    callsign: a.callsign,
    hexCode: hex,
    registration: a.registration,
    aircraftType: `MILITARY_AIRCRAFT_TYPE_${type}`,
    aircraftModel: model || a.typeCode,
    operator: `MILITARY_OPERATOR_${who.operator}`,
    operatorCountry: who.country,
    location: { latitude: a.lat, longitude: a.lon },
    altitude: a.onGround ? 0 : (a.altitudeFt ?? 0),
    heading: round(a.trackDeg ?? 0, 1),
    speed: round(a.groundSpeedKt ?? 0, 1),
    verticalRate: a.verticalRateFpm ?? 0,
    onGround: a.onGround,
    squawk: a.squawk,
    origin: '',
    destination: '',
    lastSeenAt,
    firstSeenAt: lastSeenAt,
    confidence: `MILITARY_CONFIDENCE_${who.confidence}`,
    ...interestOf(type, a.squawk),
    ...(a.description || a.ownerOperator
      ? {
          enrichment: {
            manufacturer,
            owner: a.ownerOperator,
            operatorName: a.ownerOperator,
            typeCode: a.typeCode,
            builtYear: a.year,
            confirmedMilitary: (a.dbFlags & 1) === 1,
            militaryBranch: who.operator,
          },
        }
      : {}),
    source: 'adsb.lol',
  };
}

/** Feed + operator table -> classified flights, one per airframe, in address order. */
export function parseMilitaryFlights(
  feedBytes: Buffer,
  tableBytes: Buffer,
): { records: MilitaryFlight[]; info: MilitaryFlightsInfo } {
  const { table, reviewedAt } = parseOperatorTable(tableBytes);
  const feed = parseAdsbFeed(feedBytes);
  const byHex = new Map<string, MilitaryFlight>();
  let skipped = 0;
  for (const a of feed.aircraft) {
    const f = toMilitaryFlight(a, table, feed.now);
    if (!f || byHex.has(f.id)) skipped++;
    else byHex.set(f.id, f);
  }
  const records = [...byHex.values()].sort((x, y) => (x.id < y.id ? -1 : 1));
  return { records, info: { feedTime: feed.now, operatorTableReviewedAt: reviewedAt, skipped } };
}

export const militaryFlightsDataset: Dataset<MilitaryFlight, MilitaryFlightsInfo> = {
  name: MILITARY_FLIGHTS,
  source: 'adsb.lol public ADS-B military feed, classified with the curated military operator table',
  kind: 'live',
  maxStaleMinutes: 30,
  sources: {
    aircraft: { url: ADSB_LOL_MIL_URL, sample: 'military/adsb-lol-mil.json' },
    // The curated operator table of this repository, read beside every fetch of the feed.
    operators: { reference: true, sample: 'military/operators.json' },
  },
  parse(payloads) {
    return parseMilitaryFlights(payloads.aircraft!, payloads.operators!);
  },
};
