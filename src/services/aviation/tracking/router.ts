import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { getYoutubeLiveStreamInfo, trackAircraft } from './queries.js';
import {
  GetYoutubeLiveStreamInfoRequest,
  GetYoutubeLiveStreamInfoResponse,
  TrackAircraftRequest,
  TrackAircraftResponse,
} from './schemas.js';

export const trackingProcedures = {
  trackAircraft: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/aviation/v1/track-aircraft',
        operationId: 'TrackAircraft',
        tags: ['aviation'],
        summary: 'Aircraft positions by address, callsign or box',
        description:
          'Current positions from Wingbits or OpenSky through the live relay (`RELAY_URL`; 8 s timeout, reused for ' +
          'a minute). Without the relay, or when it fails, the positions of the stored military ADS-B feed are ' +
          'replayed with `source: snapshot` and their own times: dated, military aircraft only, never current. ' +
          'Filter by ICAO address, callsign part and box.',
      },
      cacheTier: 'no-store',
    })
    .input(TrackAircraftRequest)
    .output(TrackAircraftResponse)
    .query(async ({ ctx, input }) => {
      const { response, degraded } = await trackAircraft(ctx.deps, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),

  getYoutubeLiveStreamInfo: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/aviation/v1/get-youtube-live-stream-info',
        operationId: 'GetYoutubeLiveStreamInfo',
        tags: ['aviation'],
        summary: 'Whether a YouTube channel or video is live',
        description:
          'Live status, title and HLS manifest of a channel’s live stream or a video, checked by the live relay ' +
          '(`RELAY_URL`; 8 s timeout, reused for a minute). Without the relay the answer says so in `error` ' +
          '(and is not cached): liveness cannot be known from stored data.',
      },
      cacheTier: 'fast',
    })
    .input(GetYoutubeLiveStreamInfoRequest)
    .output(GetYoutubeLiveStreamInfoResponse)
    .query(({ ctx, input }) => getYoutubeLiveStreamInfo(ctx.deps, input)),
};
