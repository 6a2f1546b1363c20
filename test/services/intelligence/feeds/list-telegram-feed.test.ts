import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { telegramMessagesDataset } from '../../../../src/services/intelligence/feeds/datasets/telegram-messages.js';
import { FormatError } from '../../../../src/sources/formats/errors.js';
import { parseTelegramFeed } from '../../../../src/sources/telegram/relay-feed.js';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { startUpstream, type Upstream } from '../../../support/upstream.js';

const PATH = '/api/intelligence/v1/list-telegram-feed';
const SAMPLE = path.join(SAMPLES_DIR, telegramMessagesDataset.sources.feed!.sample);
/** The relay, serving the bundled capture's items at the path the published relay serves them. */
let relay: Upstream;
/** Relay configured, its feed ingested live. */
let app: TestApp;

interface Msg {
  id: string;
  channelId: string;
  channelName: string;
  text: string;
  timestampMs: number;
  mediaUrls: string[];
  sourceUrl: string;
  topic: string;
}

beforeAll(async () => {
  relay = await startUpstream();
  relay.play((_req, res, url) => {
    if (url.pathname !== '/telegram/feed') return void res.writeHead(404).end();
    res.setHeader('content-type', 'application/json');
    res.end(fs.readFileSync(SAMPLE));
  });
  app = await startTestApp({ samples: 'none', config: { TELEGRAM_RELAY_URL: relay.origin } });
  expect(await app.deps.runner.run(telegramMessagesDataset, { origin: { kind: 'live' } })).toMatchObject({
    ok: true,
  });
});
afterAll(async () => {
  await app.close();
  await relay.close();
});

describe('Telegram relay payload', () => {
  it('reads items, defaulting the topic and clipping text; rejects a payload without items', () => {
    const doc = {
      live: true,
      items: [{ id: 'a:1', channel: 'a', ts: '2026-11-20T10:00:00Z', text: 'x'.repeat(900) }, { id: 'a:2' }],
    };
    const { items, live } = parseTelegramFeed(JSON.stringify(doc));
    expect(live).toBe(true);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ topic: 'other', postedAt: Date.UTC(2026, 10, 20, 10) });
    expect(items[0].text).toHaveLength(800);
    expect(() => parseTelegramFeed('[]')).toThrow(FormatError);
  });
});

describe('GET list-telegram-feed', () => {
  it('serves the relay feed newest first, enabled', async () => {
    expect(relay.seen.map((r) => r.path)).toEqual(['/telegram/feed?limit=200']);
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const msgs = res.body.messages as Msg[];
    expect(msgs).toHaveLength(16);
    expect(res.body).toMatchObject({ enabled: true, count: 16, error: '' });
    expect(res.headers.get('cache-control')).not.toMatch(/no-store/);
    const times = msgs.map((m) => m.timestampMs);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(msgs[0]).toMatchObject({
      id: 'kyivindependent:48211',
      channelId: 'kyivindependent',
      channelName: 'The Kyiv Independent',
      sourceUrl: 'https://t.me/kyivindependent/48211',
      topic: 'ukraine',
      mediaUrls: [],
    });
  });

  it('without the relay serves no messages, even with the capture loaded: disabled, uncached, saying why', async () => {
    await withTestApp({ samples: [telegramMessagesDataset] }, async (bare) => {
      const res = await bare.get(PATH);
      expect(res.body).toEqual({ enabled: false, messages: [], count: 0, error: 'TELEGRAM_RELAY_URL not configured' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  it('with the relay configured but not yet read, replays the capture disabled and uncached', async () => {
    await withTestApp(
      { samples: [telegramMessagesDataset], config: { TELEGRAM_RELAY_URL: relay.origin } },
      async (r) => {
        const res = await r.get(PATH);
        expect(res.body).toMatchObject({ enabled: false, count: 16 });
        expect(res.body.error).toMatch(/not been read yet/);
        expect(res.headers.get('cache-control')).toBe('no-store');
      },
    );
  });

  it('filters by topic and channel (case-insensitive) and limits', async () => {
    const me = (await app.get(`${PATH}?topic=MiddleEast`)).body.messages as Msg[];
    expect(me.map((m) => m.channelId)).toEqual(['idfofficial', 'idfofficial', 'idfofficial', 'idfofficial']);
    expect(((await app.get(`${PATH}?channel=@Rybar_en`)).body.messages as Msg[]).length).toBe(3);
    expect((await app.get(`${PATH}?limit=2`)).body.count).toBe(2);
    expect((await app.get(`${PATH}?limit=0`)).body.count).toBe(16);
  });

  it.each([
    ['limit=-5', 'limit'],
    ['limit=1.5', 'limit'],
    ['channel=a&channel=b', 'channel'],
  ])('rejects %s', async (q, field) => {
    expectViolation(await app.get(`${PATH}?${q}`), field);
  });

  it('with a relay configured reads it live and says enabled', async () => {
    const upstream = await startUpstream();
    try {
      upstream.play((req, res, url) => {
        if (url.pathname !== '/telegram/feed' || req.headers.authorization !== 'Bearer relay-secret')
          return void res.writeHead(403).end();
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            items: [
              {
                id: 'c:5',
                channel: 'c',
                channelTitle: 'C',
                url: 'https://t.me/c/5',
                ts: '2026-11-20T11:59:00Z',
                text: 'hello',
                topic: 'global',
              },
            ],
          }),
        );
      });
      await withTestApp(
        { samples: 'none', config: { TELEGRAM_RELAY_URL: upstream.origin, TELEGRAM_RELAY_TOKEN: 'relay-secret' } },
        async (live) => {
          expect(await live.deps.runner.run(telegramMessagesDataset, { origin: { kind: 'live' } })).toMatchObject({
            ok: true,
          });
          const res = await live.get(PATH);
          expect(res.body).toMatchObject({
            enabled: true,
            error: '',
            count: 1,
            messages: [{ id: 'c:5', text: 'hello' }],
          });
        },
      );
    } finally {
      await upstream.close();
    }
  });

  it('without a relay refuses live ingestion, naming the variable', async () => {
    await withTestApp({ samples: 'none' }, async (live) => {
      const r = await live.deps.runner.run(telegramMessagesDataset, { origin: { kind: 'live' } });
      expect(JSON.stringify(r)).toMatch(/TELEGRAM_RELAY_URL/);
      expect((await live.get(PATH)).body).toMatchObject({
        enabled: false,
        messages: [],
        error: 'TELEGRAM_RELAY_URL not configured',
      });
    });
  });
});
