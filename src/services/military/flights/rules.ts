import type { AdsbAircraft } from '../../../sources/adsb/mil-feed.js';

export const OPERATORS = [
  'USAF',
  'USN',
  'USMC',
  'USA',
  'RAF',
  'RN',
  'FAF',
  'GAF',
  'PLAAF',
  'PLAN',
  'VKS',
  'IAF',
  'NATO',
  'OTHER',
] as const;
export type OperatorCode = (typeof OPERATORS)[number];
export const AIRCRAFT_TYPES = [
  'FIGHTER',
  'BOMBER',
  'TRANSPORT',
  'TANKER',
  'AWACS',
  'RECONNAISSANCE',
  'HELICOPTER',
  'DRONE',
  'PATROL',
  'SPECIAL_OPS',
  'VIP',
  'UNKNOWN',
] as const;
export type AircraftTypeCode = (typeof AIRCRAFT_TYPES)[number];
export type Confidence = 'HIGH' | 'MEDIUM' | 'LOW';

interface Attribution {
  operator: OperatorCode;
  country: string;
  note?: string;
}

/** The curated operator reference table (db/reference/military/operators.json). */
export interface OperatorTable {
  exactHex: (Attribution & { hex: string })[];
  ownerOperators: (Attribution & { match: string })[];
  callsignPrefixes: (Attribution & { prefix: string })[];
  registrations: (Attribution & { pattern: string })[];
  militaryHexRanges: (Attribution & { from: string; to: string })[];
  stateBlocks: { from: string; to: string; country: string }[];
  aircraftTypes: { type: AircraftTypeCode; descriptionKeywords: string[]; codes: string[] }[];
  airlineDesignators: string[];
}

export interface Classification {
  operator: OperatorCode;
  /** ISO 3166-1 alpha-2, or '' (NATO, unknown). */
  country: string;
  confidence: Confidence;
  /** Which rule decided: `hex`, `owner`, `callsign`, `registration`, `hex-range`, `feed-flag`. */
  basis: string;
}

const hexValue = (hex: string) => Number.parseInt(hex.replace(/^~/, ''), 16);
const inRange = (hex: string, r: { from: string; to: string }) => {
  const v = hexValue(hex);
  return v >= Number.parseInt(r.from, 16) && v <= Number.parseInt(r.to, 16);
};

/** The state an ICAO address was allocated to, '' when outside the table's blocks. */
export function stateOf(hex: string, table: OperatorTable): string {
  return table.stateBlocks.find((b) => inRange(hex, b))?.country ?? '';
}

/** A callsign starts with a prefix when the next character is not a letter (`RCH871`, `NAVY31`, not `SAMBA1`). */
export function callsignHasPrefix(callsign: string, prefix: string): boolean {
  return callsign.startsWith(prefix) && !/[A-Z]/.test(callsign.charAt(prefix.length));
}

/**
 * Who flies an aircraft, most specific evidence first: a known airframe, the database's
 * owner/operator, the callsign's operator designator, the registration series, a military address
 * block. Aircraft the feed flags military but no rule names are OTHER with the state of their
 * address block. Returns undefined for an aircraft with no military evidence at all (a civil
 * aircraft swept into the feed), or one flying under an airline designator without the flag.
 */
export function classifyOperator(a: AdsbAircraft, table: OperatorTable): Classification | undefined {
  const state = stateOf(a.hex, table);
  const hit = (rule: Attribution | undefined, confidence: Confidence, basis: string): Classification | undefined =>
    rule
      ? { operator: rule.operator, country: rule.country || (rule.operator === 'NATO' ? '' : state), confidence, basis }
      : undefined;
  const militaryFlag = (a.dbFlags & 1) === 1;
  const airline = /^[A-Z]{3}\d/.test(a.callsign) && table.airlineDesignators.includes(a.callsign.slice(0, 3));
  if (airline && !militaryFlag) return undefined;
  const owner = a.ownerOperator.toLowerCase();
  return (
    hit(
      table.exactHex.find((r) => r.hex === a.hex),
      'HIGH',
      'hex',
    ) ??
    hit(owner ? table.ownerOperators.find((r) => owner === r.match.toLowerCase()) : undefined, 'HIGH', 'owner') ??
    hit(
      a.callsign ? table.callsignPrefixes.find((r) => callsignHasPrefix(a.callsign, r.prefix)) : undefined,
      'MEDIUM',
      'callsign',
    ) ??
    hit(
      a.registration ? table.registrations.find((r) => new RegExp(r.pattern).test(a.registration)) : undefined,
      'MEDIUM',
      'registration',
    ) ??
    hit(
      table.militaryHexRanges.find((r) => inRange(a.hex, r)),
      'LOW',
      'hex-range',
    ) ??
    (militaryFlag ? { operator: 'OTHER', country: state, confidence: 'LOW', basis: 'feed-flag' } : undefined)
  );
}

/** Role from the database description (variants such as KC-130J) first, then the ICAO type code. */
export function classifyAircraftType(
  a: Pick<AdsbAircraft, 'typeCode' | 'description'>,
  table: OperatorTable,
): AircraftTypeCode {
  const desc = a.description.toLowerCase();
  if (desc) {
    const byDesc = table.aircraftTypes.find((t) => t.descriptionKeywords.some((k) => desc.includes(k.toLowerCase())));
    if (byDesc) return byDesc.type;
  }
  return table.aircraftTypes.find((t) => t.codes.includes(a.typeCode))?.type ?? 'UNKNOWN';
}

/** `BOEING C-17A Globemaster III` -> manufacturer `BOEING`, model `C-17A Globemaster III`. */
export function splitDescription(desc: string): { manufacturer: string; model: string } {
  const words = desc.trim().split(/\s+/).filter(Boolean);
  let i = 0;
  while (i < words.length - 1 && /^[A-Z][A-Z&.-]+$/.test(words[i]!)) i++;
  return { manufacturer: words.slice(0, i).join(' '), model: words.slice(i).join(' ') };
}

const EMERGENCY_SQUAWKS: Record<string, string> = {
  '7500': 'squawking 7500 (unlawful interference)',
  '7600': 'squawking 7600 (radio failure)',
  '7700': 'squawking 7700 (emergency)',
};
const NOTABLE_ROLES: Partial<Record<AircraftTypeCode, string>> = {
  AWACS: 'airborne early warning aircraft',
  RECONNAISSANCE: 'reconnaissance aircraft',
  BOMBER: 'strategic bomber',
  DRONE: 'unmanned aircraft',
  TANKER: 'aerial refuelling tanker',
};

/** Worth a look: an emergency squawk, or a role that signals an operation rather than routine airlift. */
export function interestOf(type: AircraftTypeCode, squawk: string): { isInteresting: boolean; note: string } {
  const reasons = [EMERGENCY_SQUAWKS[squawk], NOTABLE_ROLES[type]].filter((r): r is string => !!r);
  return { isInteresting: reasons.length > 0, note: reasons.join('; ') };
}

// ---------------------------------------------------------------------------------------------
// Theater posture
// ---------------------------------------------------------------------------------------------

export interface Theater {
  id: string;
  north: number;
  south: number;
  east: number;
  west: number;
  elevated: number;
  critical: number;
  /** Minimum tankers, AWACS and fighters together for a strike-capable package. */
  strike: { tankers: number; awacs: number; fighters: number };
}

const t = (
  id: string,
  n: number,
  s: number,
  e: number,
  w: number,
  elevated: number,
  critical: number,
  strike = [1, 1, 3],
): Theater => ({
  id,
  north: n,
  south: s,
  east: e,
  west: w,
  elevated,
  critical,
  strike: { tankers: strike[0]!, awacs: strike[1]!, fighters: strike[2]! },
});

/** The nine watched theaters: bounds N/S/E/W, elevated/critical flight counts, strike minimums. */
export const THEATERS: readonly Theater[] = [
  t('iran-theater', 42, 20, 65, 30, 8, 20, [2, 1, 5]),
  t('taiwan-theater', 30, 18, 130, 115, 6, 15, [1, 1, 4]),
  t('baltic-theater', 65, 52, 32, 10, 5, 12),
  t('blacksea-theater', 48, 40, 42, 26, 4, 10),
  t('korea-theater', 43, 33, 132, 124, 5, 12),
  t('south-china-sea', 25, 5, 121, 105, 6, 15, [1, 1, 4]),
  t('east-med-theater', 37, 33, 37, 25, 4, 10),
  t('israel-gaza-theater', 33, 29, 36, 33, 3, 8),
  t('yemen-redsea-theater', 22, 11, 54, 32, 4, 10),
];

export interface PostureInput {
  lat: number;
  lon: number;
  onGround: boolean;
  aircraftType: AircraftTypeCode;
}

export interface PostureResult {
  theater: string;
  postureLevel: 'normal' | 'elevated' | 'critical';
  activeFlights: number;
  activeOperations: string[];
}

export const inTheater = (th: Theater, lat: number, lon: number) =>
  lat <= th.north && lat >= th.south && lon <= th.east && lon >= th.west;

/** Airborne flights inside a theater's box decide its level; the mix of roles names the operations it supports. */
export function theaterPosture(th: Theater, flights: readonly PostureInput[]): PostureResult {
  const inside = flights.filter((f) => !f.onGround && inTheater(th, f.lat, f.lon));
  const count = (type: AircraftTypeCode) => inside.filter((f) => f.aircraftType === type).length;
  const tankers = count('TANKER');
  const awacs = count('AWACS');
  const fighters = count('FIGHTER');
  const activeOperations: string[] = [];
  if (tankers >= th.strike.tankers && awacs >= th.strike.awacs && fighters >= th.strike.fighters)
    activeOperations.push('strike_capable');
  if (tankers > 0) activeOperations.push('aerial_refueling');
  if (awacs > 0) activeOperations.push('airborne_early_warning');
  const n = inside.length;
  return {
    theater: th.id,
    postureLevel: n >= th.critical ? 'critical' : n >= th.elevated ? 'elevated' : 'normal',
    activeFlights: n,
    activeOperations,
  };
}

// ---------------------------------------------------------------------------------------------
// Bounding boxes
// ---------------------------------------------------------------------------------------------

export interface Box {
  south: number;
  north: number;
  west: number;
  east: number;
}

/**
 * A box from optional corners: omitted means the whole world; latitudes given the wrong way round
 * are swapped; a west edge east of the east edge crosses the antimeridian.
 */
export function boxOf(q: { sw_lat?: number; sw_lon?: number; ne_lat?: number; ne_lon?: number }): Box {
  const south = q.sw_lat ?? -90;
  const north = q.ne_lat ?? 90;
  return {
    south: Math.min(south, north),
    north: Math.max(south, north),
    west: q.sw_lon ?? -180,
    east: q.ne_lon ?? 180,
  };
}

export function inBox(b: Box, lat: number, lon: number): boolean {
  if (lat < b.south || lat > b.north) return false;
  return b.west <= b.east ? lon >= b.west && lon <= b.east : lon >= b.west || lon <= b.east;
}
