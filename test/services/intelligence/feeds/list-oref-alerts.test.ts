import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { orefHistoryDataset } from '../../../../src/services/intelligence/feeds/datasets/oref-history.js';
import { localityCount, threatCategory, toWaves } from '../../../../src/services/intelligence/feeds/rules.js';
import { FormatError } from '../../../../src/sources/formats/errors.js';
import { israelLocalToUtc, parseOrefHistory, parseOrefLiveAlerts } from '../../../../src/sources/oref/alerts.js';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { startUpstream, type Upstream } from '../../../support/upstream.js';

const PATH = '/api/intelligence/v1/list-oref-alerts';
const sample = fs.readFileSync(path.join(SAMPLES_DIR, orefHistoryDataset.sources.json.sample));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [orefHistoryDataset] });
});
afterAll(() => app.close());

interface Wave {
  timestampMs: number;
  alerts: { cat: string; data: string[]; title: string }[];
}

describe('OREF formats', () => {
  it('resolves Israel local time to UTC across daylight saving', () => {
    expect(israelLocalToUtc('2026-11-20 09:41:12')).toBe(Date.UTC(2026, 10, 20, 7, 41, 12)); // winter, UTC+2
    expect(israelLocalToUtc('2026-07-01 12:00:00')).toBe(Date.UTC(2026, 6, 1, 9, 0, 0)); // summer, UTC+3
    expect(israelLocalToUtc('20/11/2026 09:41')).toBeUndefined();
  });

  it('reads the history rows and rejects a non-array', () => {
    expect(parseOrefHistory(sample)).toHaveLength(14);
    expect(() => parseOrefHistory('{"error":"blocked"}')).toThrow(FormatError);
  });

  it('reads live alerts, an empty body meaning none active', () => {
    expect(parseOrefLiveAlerts('\uFEFF  \r\n')).toEqual([]);
    expect(
      parseOrefLiveAlerts(
        '{"id":"1","cat":"1","title":"ירי רקטות וטילים","data":["שדרות"],"desc":"היכנסו למרחב המוגן"}',
      ),
    ).toHaveLength(1);
    expect(() => parseOrefLiveAlerts('{"id":"1"}')).toThrow(FormatError);
  });

  it.each([
    ['ירי רקטות וטילים', 'MISSILE'],
    ['חדירת כלי טיס עוין', 'DRONE'],
    ['חדירת מחבלים', 'INFILTRATION'],
    ['תרגיל', 'ALERT'],
  ])('classifies %s as %s', (title, cat) => expect(threatCategory(title)).toBe(cat));

  it('groups rows into waves by time and title, keeping the last week', () => {
    const waves = toWaves(parseOrefHistory(sample), SAMPLE_NOW);
    expect(waves).toHaveLength(5); // the 12 November wave is older than a week
    expect(waves[0].alerts.map((a) => [a.cat, a.data.length])).toEqual([
      ['MISSILE', 3],
      ['DRONE', 1],
    ]);
    expect(localityCount(waves)).toBe(13);
  });
});

describe('GET list-oref-alerts', () => {
  it('without a live source answers the history, unconfigured, uncached, and says why', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ configured: false, alerts: [], totalHistoryCount: 13 });
    expect(res.body.error).toMatch(/OREF_ALERTS_URL/);
    expect(res.body.history).toHaveLength(5);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
  });

  it('history mode answers the waves newest first with 24-hour and total counts', async () => {
    const res = await app.get(`${PATH}?mode=MODE_HISTORY`);
    expect(res.status).toBe(200);
    const waves = res.body.history as Wave[];
    const times = waves.map((w) => w.timestampMs);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(times[0]).toBe(Date.UTC(2026, 10, 20, 7, 41, 12));
    // Within 24 h of 20 Nov 12:00 UTC: the 20 Nov wave (4) and the two 19 Nov waves (2 + 4).
    expect(res.body).toMatchObject({
      configured: true,
      alerts: [],
      historyCount24h: 10,
      totalHistoryCount: 13,
      error: '',
    });
    expect(res.headers.get('cache-control')).not.toMatch(/no-store/);
  });

  it('rejects an unknown mode', async () => {
    expectViolation(await app.get(`${PATH}?mode=MODE_LIVE`), 'mode');
  });

  it('history mode without a history says so', async () => {
    await withTestApp({ samples: [] }, async (empty) => {
      const res = await empty.get(`${PATH}?mode=MODE_HISTORY`);
      expect(res.body).toMatchObject({
        configured: false,
        history: [],
        totalHistoryCount: 0,
        error: 'No OREF history loaded',
      });
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
    });
  });

  describe('with a live alerts address', () => {
    let upstream: Upstream;
    beforeAll(async () => {
      upstream = await startUpstream();
    });
    afterAll(() => upstream.close());

    it('answers the active alerts, classified, with the history', async () => {
      upstream.play((_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            id: '133',
            cat: '1',
            title: 'ירי רקטות וטילים',
            data: ['שדרות', 'איבים'],
            desc: 'היכנסו למרחב המוגן',
          }),
        );
      });
      await withTestApp(
        { samples: [orefHistoryDataset], config: { OREF_ALERTS_URL: `${upstream.origin}/alerts.json` } },
        async (live) => {
          const res = await live.get(PATH);
          expect(res.status).toBe(200);
          expect(res.body).toMatchObject({
            configured: true,
            error: '',
            timestampMs: SAMPLE_NOW,
            totalHistoryCount: 13,
          });
          expect(res.body.alerts).toEqual([
            {
              id: '133',
              cat: 'MISSILE',
              title: 'ירי רקטות וטילים',
              data: ['שדרות', 'איבים'],
              desc: 'היכנסו למרחב המוגן',
              timestampMs: SAMPLE_NOW,
            },
          ]);
        },
      );
    });

    it('reports a failing live source in error, uncached', async () => {
      upstream.play((_req, res) => {
        res.statusCode = 503;
        res.end('down');
      });
      await withTestApp(
        { samples: [orefHistoryDataset], config: { OREF_ALERTS_URL: `${upstream.origin}/alerts.json` } },
        async (live) => {
          const res = await live.get(PATH);
          expect(res.body).toMatchObject({ configured: true, alerts: [] });
          expect(res.body.error).toMatch(/^Live alerts unavailable: .*503/);
          expect(res.headers.get('cache-control')).toMatch(/no-store/);
        },
      );
    });
  });
});
