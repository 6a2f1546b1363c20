import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { militaryFlightsDataset } from '../../../../src/services/military/flights/datasets/military-flights.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { fakeUpstream } from '../support.js';

const TRACK = '/api/aviation/v1/track-aircraft';
const YT = '/api/aviation/v1/get-youtube-live-stream-info';
const FEED_TIME = Date.UTC(2026, 10, 20, 11, 58, 30);
type Position = { icao24: string; callsign: string; source: string; observedAt: number; altitudeM: number };

describe('without the relay', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: [militaryFlightsDataset] });
  });
  afterAll(() => app.close());

  it('replays the stored military positions, labelled snapshot with their times', async () => {
    const res = await app.get(TRACK);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ source: 'snapshot', updatedAt: FEED_TIME });
    expect(res.body.positions).toHaveLength(32);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('filters by address, callsign and box', async () => {
    const one = await app.get(`${TRACK}?icao24=AE4F12`);
    expect(one.body.positions).toEqual([
      {
        icao24: 'ae4f12',
        callsign: 'BOAR61',
        lat: 26.3,
        lon: 127.8,
        altitudeM: 5486,
        groundSpeedKts: 290,
        trackDeg: 60,
        verticalRate: 0,
        onGround: false,
        source: 'POSITION_SOURCE_UNSPECIFIED',
        observedAt: FEED_TIME - 1900,
      },
    ]);
    expect((await app.get(`${TRACK}?callsign=viper`)).body.positions.map((p: Position) => p.callsign)).toEqual([
      'VIPER21',
      'VIPER22',
      'VIPER23',
      'VIPER24',
      'VIPER25',
    ]);
    expect(
      (await app.get(`${TRACK}?sw_lat=50&sw_lon=-10&ne_lat=60&ne_lon=2`)).body.positions.map((p: Position) => p.icao24),
    ).toEqual(['43c4e9']);
    // The all-zero box of generated clients means no box.
    expect((await app.get(`${TRACK}?sw_lat=0&sw_lon=0&ne_lat=0&ne_lon=0`)).body.positions).toHaveLength(32);
  });

  it('rejects bad coordinates', async () => {
    expectViolation(await app.get(`${TRACK}?ne_lat=100`), 'ne_lat');
  });

  it('says the live status is unknown, uncached', async () => {
    const res = await app.get(`${YT}?channel=@skynews`);
    expect(res.body).toEqual({
      videoId: '',
      isLive: false,
      channelExists: false,
      channelName: '',
      hlsUrl: '',
      title: '',
      error: 'unavailable: live stream status needs the relay (RELAY_URL)',
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await app.get(YT)).body.error).toBe('Missing channel or video_id');
    expectViolation(await app.get(`${YT}?video_id=short`), 'video_id');
    expectViolation(await app.get(`${YT}?channel=not a handle`), 'channel');
  });

  it('answers none without any snapshot', async () => {
    const bare = await startTestApp({ samples: 'none' });
    try {
      expect((await bare.get(TRACK)).body).toEqual({ positions: [], source: 'none', updatedAt: 0 });
    } finally {
      await bare.close();
    }
  });
});

describe('with the relay', () => {
  let app: TestApp;
  let upstream: Awaited<ReturnType<typeof fakeUpstream>>;
  beforeAll(async () => {
    upstream = await fakeUpstream((url) => {
      if (url.pathname === '/aircraft/track' && url.searchParams.get('callsign') === 'FAIL')
        return { status: 502, body: 'bad gateway' };
      if (url.pathname === '/aircraft/track')
        return {
          body: JSON.stringify({
            source: 'wingbits',
            positions: [
              {
                icao24: 'abc123',
                callsign: 'THY4',
                lat: 41,
                lon: 29,
                altitudeM: 3000,
                groundSpeedKts: 250,
                trackDeg: 90,
                verticalRate: 5,
                onGround: false,
                source: 'POSITION_SOURCE_WINGBITS',
                observedAt: 1795000000000,
              },
            ],
          }),
        };
      if (url.pathname === '/youtube-live')
        return {
          body: JSON.stringify({
            videoId: 'abcdefghijk',
            isLive: true,
            channelExists: true,
            channelName: 'Sky News',
            hlsUrl: 'https://manifest.test/x.m3u8',
            title: 'Live',
          }),
        };
      return { status: 404, body: '{}' };
    });
    app = await startTestApp({
      samples: [militaryFlightsDataset],
      config: { RELAY_URL: 'http://relay.test', UPSTREAM_BASE_OVERRIDE: upstream.origin },
    });
  });
  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  it('answers live positions from the relay', async () => {
    const res = await app.get(`${TRACK}?callsign=thy`);
    expect(res.body).toMatchObject({
      source: 'wingbits',
      positions: [{ icao24: 'abc123', source: 'POSITION_SOURCE_WINGBITS' }],
    });
    expect(upstream.seen.find((u) => u.pathname === '/aircraft/track')!.searchParams.get('callsign')).toBe('THY');
  });

  it('falls back to the snapshot when the relay fails', async () => {
    const res = await app.get(`${TRACK}?callsign=FAIL`);
    expect(res.body).toMatchObject({ source: 'snapshot', positions: [] });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers live status from the relay', async () => {
    const res = await app.get(`${YT}?channel=skynews`);
    expect(res.body).toEqual({
      videoId: 'abcdefghijk',
      isLive: true,
      channelExists: true,
      channelName: 'Sky News',
      hlsUrl: 'https://manifest.test/x.m3u8',
      title: 'Live',
      error: '',
    });
    expect(upstream.seen.find((u) => u.pathname === '/youtube-live')!.searchParams.get('channel')).toBe('skynews');
  });
});
