import { z } from 'zod';
import { LiveCache, relayConfigured, relayGet } from '../../../sources/relay/client.js';
import type { AppDeps } from '../../../trpc/context.js';
import { MILITARY_FLIGHTS, type MilitaryFlightsInfo, type MilitaryFlight } from '../../military/index.js';
import {
  PositionSample,
  POSITION_SOURCES,
  type GetYoutubeLiveStreamInfoRequest,
  type GetYoutubeLiveStreamInfoResponse,
  type TrackAircraftRequest,
  type TrackAircraftResponse,
} from './schemas.js';

const TRACK_TIMEOUT_MS = 8_000;
const TRACK_TTL_MS = 60_000;
const YOUTUBE_TIMEOUT_MS = 8_000;
const YOUTUBE_TTL_MS = 60_000;
const FT_TO_M = 0.3048;
const FPM_TO_MS = 0.00508;

const trackCaches = new WeakMap<AppDeps, LiveCache<TrackAircraftResponse>>();
const youtubeCaches = new WeakMap<AppDeps, LiveCache<GetYoutubeLiveStreamInfoResponse>>();
function cacheOf<T>(map: WeakMap<AppDeps, LiveCache<T>>, deps: AppDeps, ttl: number): LiveCache<T> {
  let c = map.get(deps);
  if (!c) map.set(deps, (c = new LiveCache<T>(ttl)));
  return c;
}

interface Filter {
  icao24?: string;
  callsign?: string;
  box?: { south: number; west: number; north: number; east: number };
}

function filterOf(req: TrackAircraftRequest): Filter {
  const { sw_lat, sw_lon, ne_lat, ne_lon } = req;
  const full =
    sw_lat !== undefined &&
    sw_lon !== undefined &&
    ne_lat !== undefined &&
    ne_lon !== undefined &&
    !(sw_lat === ne_lat && sw_lon === ne_lon);
  return {
    icao24: req.icao24?.trim().toLowerCase() || undefined,
    callsign: req.callsign?.trim().toUpperCase() || undefined,
    box: full
      ? { south: Math.min(sw_lat, ne_lat), north: Math.max(sw_lat, ne_lat), west: sw_lon, east: ne_lon }
      : undefined,
  };
}

function keep(f: Filter, p: { icao24: string; callsign: string; lat: number; lon: number }): boolean {
  if (f.icao24 && p.icao24 !== f.icao24) return false;
  if (f.callsign && !p.callsign.toUpperCase().includes(f.callsign)) return false;
  if (f.box) {
    const b = f.box;
    if (p.lat < b.south || p.lat > b.north) return false;
    if (b.west <= b.east ? p.lon < b.west || p.lon > b.east : p.lon < b.west && p.lon > b.east) return false;
  }
  return true;
}

const RelayTrack = z.object({ positions: z.array(PositionSample), source: z.enum(['wingbits', 'opensky']) });

/**
 * Positions live through the relay (Wingbits or OpenSky) when configured; otherwise, or when it
 * fails, the positions of the stored military ADS-B feed, labelled `snapshot` with their time.
 */
export async function trackAircraft(
  deps: AppDeps,
  req: TrackAircraftRequest,
): Promise<{ response: TrackAircraftResponse; degraded: boolean }> {
  const f = filterOf(req);
  let degraded = false;
  if (relayConfigured(deps.config)) {
    const q: Record<string, string> = {};
    if (f.icao24) q.icao24 = f.icao24;
    if (f.callsign) q.callsign = f.callsign;
    if (f.box) q.bbox = [f.box.south, f.box.west, f.box.north, f.box.east].join(',');
    const key = new URLSearchParams(q).toString();
    const now = deps.clock.now();
    const cache = cacheOf(trackCaches, deps, TRACK_TTL_MS);
    const hit = cache.get(key, now);
    if (hit) return { response: hit, degraded: false };
    try {
      const body = RelayTrack.parse(await relayGet(deps.config, '/aircraft/track', q, TRACK_TIMEOUT_MS));
      const response = { positions: body.positions.filter((p) => keep(f, p)), source: body.source, updatedAt: now };
      cache.set(key, response, now);
      return { response, degraded: false };
    } catch (err) {
      deps.logger.warn({ err: (err as Error).message }, 'relay aircraft track failed; answering from the snapshot');
      degraded = true;
    }
  }
  const snap = deps.store.read<MilitaryFlight, MilitaryFlightsInfo>(MILITARY_FLIGHTS);
  if (!snap) return { response: { positions: [], source: 'none', updatedAt: 0 }, degraded: true };
  const all = snap.derive('positionSamples', (s) =>
    s.records.map((m) => ({
      icao24: m.hexCode.toLowerCase(),
      callsign: m.callsign,
      lat: m.location.latitude,
      lon: m.location.longitude,
      altitudeM: Math.round(m.altitude * FT_TO_M),
      groundSpeedKts: m.speed,
      trackDeg: m.heading,
      verticalRate: Math.round(m.verticalRate * FPM_TO_MS * 100) / 100,
      onGround: m.onGround,
      source: POSITION_SOURCES[0],
      observedAt: m.lastSeenAt,
    })),
  );
  return {
    response: {
      positions: all.filter((p) => keep(f, p)),
      source: 'snapshot',
      updatedAt: snap.info.feedTime || snap.capturedAt,
    },
    degraded,
  };
}

const RelayLive = z.object({
  videoId: z.string().default(''),
  isLive: z.boolean(),
  channelExists: z.boolean().default(false),
  channelName: z.string().default(''),
  hlsUrl: z.string().default(''),
  title: z.string().default(''),
});

/** Live status from the relay; without it, an in-band answer that the status is unknown. */
export async function getYoutubeLiveStreamInfo(
  deps: AppDeps,
  req: GetYoutubeLiveStreamInfoRequest,
): Promise<GetYoutubeLiveStreamInfoResponse> {
  const channel = req.channel?.replace(/^@/, '') ?? '';
  const videoId = req.video_id ?? '';
  const unknown = (error: string): GetYoutubeLiveStreamInfoResponse => ({
    videoId,
    isLive: false,
    channelExists: false,
    channelName: '',
    hlsUrl: '',
    title: '',
    error,
  });
  if (!channel && !videoId) return unknown('Missing channel or video_id');
  if (!relayConfigured(deps.config)) return unknown('unavailable: live stream status needs the relay (RELAY_URL)');
  const key = `${videoId}|${channel}`;
  const now = deps.clock.now();
  const cache = cacheOf(youtubeCaches, deps, YOUTUBE_TTL_MS);
  const hit = cache.get(key, now);
  if (hit) return hit;
  try {
    const body = RelayLive.parse(
      await relayGet(deps.config, '/youtube-live', { channel, videoId }, YOUTUBE_TIMEOUT_MS),
    );
    const response = { ...body, videoId: body.videoId || videoId, hlsUrl: body.isLive ? body.hlsUrl : '', error: '' };
    cache.set(key, response, now);
    return response;
  } catch (err) {
    return unknown(`Failed to detect live status: ${(err as Error).message}`);
  }
}
