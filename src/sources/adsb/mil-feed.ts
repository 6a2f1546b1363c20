import { z } from 'zod';

/**
 * The readsb / tar1090 aircraft JSON that adsb.lol serves at `/v2/mil` (aircraft its database flags
 * as military): `{ ac: [...], now, msg, total }`. Only the fields this service reads are typed.
 */
export const ADSB_LOL_MIL_URL = 'https://api.adsb.lol/v2/mil';

export interface AdsbAircraft {
  /** ICAO 24-bit address, lower-case hex (a leading `~` marks a non-ICAO address). */
  hex: string;
  callsign: string;
  registration: string;
  typeCode: string;
  /** Database description, e.g. `BOEING C-17A Globemaster III`. */
  description: string;
  /** Database owner/operator. */
  ownerOperator: string;
  year: string;
  lat?: number;
  lon?: number;
  /** Barometric altitude in feet; undefined when unknown. */
  altitudeFt?: number;
  onGround: boolean;
  groundSpeedKt?: number;
  trackDeg?: number;
  verticalRateFpm?: number;
  squawk: string;
  /** Seconds since the last message / the last position. */
  seen: number;
  seenPos?: number;
  /** Bit 1: military, 2: interesting, 4: PIA, 8: LADD. */
  dbFlags: number;
}

export interface AdsbFeed {
  /** The feed's own clock, epoch ms. */
  now: number;
  aircraft: AdsbAircraft[];
}

const num = z.number().finite();
const Aircraft = z.object({
  hex: z.string().regex(/^~?[0-9a-fA-F]{6}$/),
  flight: z.string().optional(),
  r: z.string().optional(),
  t: z.string().optional(),
  desc: z.string().optional(),
  ownOp: z.string().optional(),
  year: z.union([z.string(), z.number()]).optional(),
  lat: num.optional(),
  lon: num.optional(),
  alt_baro: z.union([num, z.literal('ground')]).optional(),
  gs: num.optional(),
  track: num.optional(),
  baro_rate: num.optional(),
  geom_rate: num.optional(),
  squawk: z.string().optional(),
  seen: num.optional(),
  seen_pos: num.optional(),
  dbFlags: z.number().int().optional(),
});
const Feed = z.object({ ac: z.array(z.unknown()), now: z.number() });

/** Aircraft JSON -> typed aircraft; entries that do not read as an aircraft are skipped. */
export function parseAdsbFeed(bytes: Buffer | string): AdsbFeed {
  let json: unknown;
  try {
    json = JSON.parse(typeof bytes === 'string' ? bytes : bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`ADS-B aircraft feed is not JSON: ${(err as Error).message}`);
  }
  const feed = Feed.safeParse(json);
  if (!feed.success) throw new Error('ADS-B aircraft feed has no `ac` array and `now` time');
  const aircraft: AdsbAircraft[] = [];
  for (const raw of feed.data.ac) {
    const r = Aircraft.safeParse(raw);
    if (!r.success) continue;
    const a = r.data;
    aircraft.push({
      hex: a.hex.toLowerCase(),
      callsign: (a.flight ?? '').trim().toUpperCase(),
      registration: (a.r ?? '').trim().toUpperCase(),
      typeCode: (a.t ?? '').trim().toUpperCase(),
      description: (a.desc ?? '').trim(),
      ownerOperator: (a.ownOp ?? '').trim(),
      year: a.year === undefined ? '' : String(a.year),
      lat: a.lat,
      lon: a.lon,
      altitudeFt: typeof a.alt_baro === 'number' ? a.alt_baro : undefined,
      onGround: a.alt_baro === 'ground',
      groundSpeedKt: a.gs,
      trackDeg: a.track,
      verticalRateFpm: a.baro_rate ?? a.geom_rate,
      squawk: (a.squawk ?? '').trim(),
      seen: a.seen ?? 0,
      seenPos: a.seen_pos,
      dbFlags: a.dbFlags ?? 0,
    });
  }
  return { now: feed.data.now, aircraft };
}
