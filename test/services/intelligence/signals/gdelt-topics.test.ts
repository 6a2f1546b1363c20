import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gdeltTopicsDataset,
  parseGdeltTopics,
} from '../../../../src/services/intelligence/signals/datasets/gdelt-topics.js';
import { FormatError } from '../../../../src/sources/formats/errors.js';
import {
  docApiUrl,
  docJson,
  parseArtList,
  parseGdeltTime,
  parseTimeline,
} from '../../../../src/sources/gdelt/doc-api.js';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { sampleAsFetched } from '../../../support/upstream.js';

const SEARCH = '/api/intelligence/v1/search-gdelt-documents';
const TIMELINE = '/api/intelligence/v1/get-gdelt-topic-timeline';
let app: TestApp;

interface Article {
  title: string;
  url: string;
  source: string;
  date: string;
  tone: number;
}

beforeAll(async () => {
  app = await startTestApp({ samples: [gdeltTopicsDataset] });
});
afterAll(() => app.close());

describe('GDELT DOC API format', () => {
  it('builds artlist and timeline addresses', () => {
    const u = new URL(docApiUrl('(nuclear OR IAEA)', 'artlist'));
    expect(u.searchParams.get('mode')).toBe('artlist');
    expect(u.searchParams.get('format')).toBe('json');
    expect(u.searchParams.get('query')).toBe('(nuclear OR IAEA)');
    expect(new URL(docApiUrl('x', 'timelinetone')).searchParams.get('timespan')).toBe('14d');
  });

  it('reads compact times, article lists (empty object = none) and timelines', () => {
    expect(parseGdeltTime('20261120T101500Z')).toBe(Date.UTC(2026, 10, 20, 10, 15));
    expect(parseArtList({})).toEqual([]);
    expect(
      parseArtList({
        articles: [{ url: 'u', title: ' T ', seendate: '20261120T101500Z', domain: 'd' }, { url: 'no-date' }],
      }),
    ).toHaveLength(1);
    expect(
      parseTimeline({
        timeline: [
          {
            series: 'Average Tone',
            data: [
              { date: '20261120T000000Z', value: -2 },
              { date: '20261119T000000Z', value: -3 },
            ],
          },
        ],
      }).map((p) => p.value),
    ).toEqual([-3, -2]);
  });

  it('rejects GDELT plain-text errors and malformed payloads', () => {
    expect(() => docJson('Please limit requests to one every 5 seconds')).toThrow(FormatError);
    expect(() => parseArtList({ articles: 'x' })).toThrow(FormatError);
    expect(() => parseGdeltTopics('{"capturedAt":"x"}')).toThrow(FormatError);
  });

  it('reads every topic of the capture', async () => {
    // The capture's eighteen answers, joined by the dataset's own fetch as live.
    const rows = parseGdeltTopics(await sampleAsFetched(gdeltTopicsDataset.sources.doc));
    expect(rows.map((r) => r.topic)).toEqual(['military', 'cyber', 'nuclear', 'sanctions', 'intelligence', 'maritime']);
    for (const r of rows) expect(r.tone).toHaveLength(8);
  });
});

describe('GET search-gdelt-documents', () => {
  it('returns a named topic’s articles newest first, ten by default', async () => {
    const res = await app.get(`${SEARCH}?query=Military%20news`);
    expect(res.status).toBe(200);
    const arts = res.body.articles as Article[];
    expect(arts).toHaveLength(6);
    expect(res.body).toMatchObject({ query: 'Military news', error: '' });
    const dates = arts.map((a) => a.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(arts[0].date).toMatch(/^\d{8}T\d{6}Z$/);
    expect(arts.every((a) => a.tone === 0)).toBe(true);
  });

  it('matches title words across topics otherwise', async () => {
    const arts = (await app.get(`${SEARCH}?query=sanctions%20tankers`)).body.articles as Article[];
    // "sanctions" names a topic, so the whole sanctions topic answers.
    expect(arts).toHaveLength(4);
    const words = (await app.get(`${SEARCH}?query=Red%20Sea`)).body.articles as Article[];
    expect(words.map((a) => a.source)).toEqual(['maritime-executive.com']);
    expect((await app.get(`${SEARCH}?query=zebra`)).body).toMatchObject({ articles: [], error: '' });
  });

  it('limits, sorts and bounds by timespan', async () => {
    expect((await app.get(`${SEARCH}?query=military&max_records=2`)).body.articles).toHaveLength(2);
    const asc = (await app.get(`${SEARCH}?query=military&sort=DateAsc`)).body.articles as Article[];
    const desc = (await app.get(`${SEARCH}?query=military`)).body.articles as Article[];
    expect(asc).toEqual([...desc].reverse());
    const recent = (await app.get(`${SEARCH}?query=military&timespan=6h`)).body.articles as Article[];
    expect(recent.length).toBeLessThan(desc.length);
    expect(recent.every((a) => a.date >= '20261120T060000Z')).toBe(true);
    expect((await app.get(`${SEARCH}?query=military&tone_filter=negative`)).body.articles).toEqual(desc);
  });

  it.each([
    ['', 'query'],
    ['query=', 'query'],
    ['query=x&timespan=yesterday', 'timespan'],
    ['query=x&sort=tone', 'sort'],
    ['query=x&max_records=251', 'max_records'],
  ])('rejects %s', async (q, field) => {
    expectViolation(await app.get(`${SEARCH}?${q}`), field);
  });
});

describe('GET get-gdelt-topic-timeline', () => {
  it('answers military by default with ISO-dated daily series', async () => {
    const res = await app.get(TIMELINE);
    expect(res.status).toBe(200);
    expect(res.body.topic).toBe('military');
    expect(res.body.tone).toHaveLength(8);
    expect(res.body.vol).toHaveLength(8);
    expect(res.body.tone[0].date).toBe('2026-11-13T00:00:00.000Z');
    expect(res.body).toMatchObject({ error: '', fetchedAt: '2026-11-20T12:00:00.000Z' });
  });

  it('takes a topic trimmed and case-insensitive; rejects an unknown one', async () => {
    expect((await app.get(`${TIMELINE}?topic=%20Cyber%20`)).body.topic).toBe('cyber');
    expectViolation(await app.get(`${TIMELINE}?topic=weather`), 'topic');
  });

  it('says unavailable, uncached, before GDELT data is loaded', async () => {
    await withTestApp({ samples: [] }, async (empty) => {
      const t = await empty.get(TIMELINE);
      expect(t.body).toMatchObject({ tone: [], vol: [], error: 'unavailable' });
      expect(t.headers.get('cache-control')).toMatch(/no-store/);
      const s = await empty.get(`${SEARCH}?query=cyber`);
      expect(s.body).toMatchObject({ articles: [], error: 'unavailable' });
      expect(s.headers.get('cache-control')).toMatch(/no-store/);
    });
  });
});
