import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import {
  INTERNET_OUTAGES,
  internetOutagesDataset,
  parseRadarOutages,
} from '../../../../src/services/infrastructure/internet/datasets/internet-outages.js';
import { effectivePageSize, humanise, outageSeverity } from '../../../../src/services/infrastructure/internet/rules.js';
import { serveSamples } from '../upstream-server.js';
import { expectViolation } from '../../../support/expect.js';

const PATH = '/api/infrastructure/v1/list-internet-outages';
const SAMPLE = fs.readFileSync(path.join(SAMPLES_DIR, 'infrastructure/cloudflare-radar-outages.json'));
const ms = (iso: string) => Date.parse(iso);
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [internetOutagesDataset] });
});
afterAll(() => app.close());

describe('outage rules', () => {
  it.each([
    ['NATIONWIDE', 'GOVERNMENT_DIRECTED', 'OUTAGE_SEVERITY_TOTAL'],
    ['NATIONWIDE', 'POWER_OUTAGE', 'OUTAGE_SEVERITY_MAJOR'],
    ['NATIONWIDE', 'CABLE_CUT', 'OUTAGE_SEVERITY_MAJOR'],
    ['REGIONAL', 'GOVERNMENT_DIRECTED', 'OUTAGE_SEVERITY_PARTIAL'],
    ['NETWORK', 'CABLE_CUT', 'OUTAGE_SEVERITY_PARTIAL'],
    ['PLATFORM', 'TECHNICAL_PROBLEM', 'OUTAGE_SEVERITY_PARTIAL'],
    ['', 'UNKNOWN', 'OUTAGE_SEVERITY_UNSPECIFIED'],
  ])('%s + %s -> %s', (type, cause, expected) => {
    expect(outageSeverity(type, cause)).toBe(expected);
  });

  it('humanises upstream codes', () => {
    expect(humanise('GOVERNMENT_DIRECTED')).toBe('Government directed');
    expect(humanise('')).toBe('');
  });

  it('defaults an omitted or zero page size and clamps to the maximum', () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { nil: undefined }), (n) => {
        const size = effectivePageSize(n, 100, 500);
        return n ? size === Math.min(n, 500) : size === 100;
      }),
    );
  });
});

describe('Cloudflare Radar parser', () => {
  const rows = parseRadarOutages(SAMPLE);

  it('gives one outage per affected country, newest first', () => {
    expect(rows).toHaveLength(16);
    const starts = rows.map((r) => r.detectedAt);
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
    expect(
      rows
        .filter((r) => r.id.startsWith('cf-1201-'))
        .map((r) => r.countryCode)
        .sort(),
    ).toEqual(['CI', 'GH', 'NG']);
  });

  it('maps an annotation to the contract fields', () => {
    expect(rows.find((r) => r.id === 'cf-1200-PK')).toEqual({
      id: 'cf-1200-PK',
      title: 'Pakistan: regional internet outage (Balochistan)',
      link: '',
      description: 'Mobile data services suspended in Balochistan province for security reasons.',
      detectedAt: ms('2026-11-17T09:00:00Z'),
      country: 'Pakistan',
      region: 'Balochistan',
      location: { latitude: expect.any(Number), longitude: expect.any(Number) },
      severity: 'OUTAGE_SEVERITY_PARTIAL',
      categories: ['government-directed', 'regional'],
      cause: 'Government directed',
      outageType: 'Regional',
      endedAt: 0,
      countryCode: 'PK',
    });
    const iraq = rows.find((r) => r.id === 'cf-1204-IQ')!;
    expect(iraq.severity).toBe('OUTAGE_SEVERITY_TOTAL');
    expect(iraq.endedAt).toBe(ms('2026-11-20T05:00:00Z'));
    expect(rows.find((r) => r.id === 'cf-1199-KE')!.region).toBe('SAFARICOM-LIMITED (AS33771)');
  });

  it('skips annotations without a usable start or country', () => {
    const doc = JSON.parse(SAMPLE.toString());
    doc.result.annotations[0].startDate = 'soon';
    doc.result.annotations[1].locations = [];
    doc.result.annotations[1].locationsDetails = [];
    expect(parseRadarOutages(Buffer.from(JSON.stringify(doc)))).toHaveLength(14);
  });

  it.each([
    ['not json', /not JSON/],
    ['{"success":false,"errors":[{"code":10000,"message":"Authentication error"}]}', /reported failure/],
    ['{"result":[]}', /unexpected shape/],
  ])('refuses %s', (text, message) => {
    expect(() => parseRadarOutages(Buffer.from(text))).toThrow(message);
  });

  it('accepts a quiet week with no outages', () => {
    expect(parseRadarOutages(Buffer.from('{"success":true,"errors":[],"result":{"annotations":[]}}'))).toEqual([]);
  });
});

describe('GET list-internet-outages', () => {
  it('returns every outage newest first with pagination and no internal fields', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['outages', 'pagination']);
    expect(res.body.outages).toHaveLength(16);
    expect(res.body.pagination).toEqual({ nextCursor: '', totalCount: 16 });
    expect(res.body.outages[0].id).toBe('cf-1204-IQ');
    for (const o of res.body.outages) expect(o).not.toHaveProperty('countryCode');
    expect(res.headers.get('cache-control')).toMatch(/max-age=300, stale-while-revalidate=300/);
  });

  it.each([
    ['IR', ['cf-1203-IR']],
    ['ir', ['cf-1203-IR']],
    ['IRN', ['cf-1203-IR']],
    ['Iran', ['cf-1203-IR']],
    ['IE', ['cf-1191-IE']],
    ["Cote d'Ivoire", ['cf-1201-CI']],
    ['ghan', ['cf-1201-GH']],
    ['Atlantis', []],
  ])('filters country=%s', async (country, ids) => {
    const res = await app.get(`${PATH}?country=${encodeURIComponent(country)}`);
    expect(res.status).toBe(200);
    expect(res.body.outages.map((o: { id: string }) => o.id)).toEqual(ids);
    expect(res.body.pagination.totalCount).toBe(ids.length);
  });

  it('filters by an inclusive window on the start time', async () => {
    const start = ms('2026-11-17T05:40:00Z');
    const end = ms('2026-11-19T02:10:00Z');
    const res = await app.get(`${PATH}?start=${start}&end=${end}`);
    expect(res.status).toBe(200);
    const got = res.body.outages as { detectedAt: number }[];
    expect(got.map((o) => o.detectedAt)).toEqual([
      end,
      ms('2026-11-18T07:20:00Z'),
      ms('2026-11-18T07:20:00Z'),
      ms('2026-11-18T07:20:00Z'),
      ms('2026-11-17T09:00:00Z'),
      start,
    ]);
    const open = await app.get(`${PATH}?start=${ms('2026-11-19T00:00:00Z')}`);
    expect(open.body.outages).toHaveLength(3);
  });

  it('pages with an opaque cursor, covering every outage once', async () => {
    const all = (await app.get(PATH)).body.outages.map((o: { id: string }) => o.id);
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 20; i++) {
      const res = await app.get(`${PATH}?page_size=5${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.outages.length).toBeLessThanOrEqual(5);
      seen.push(...res.body.outages.map((o: { id: string }) => o.id));
      cursor = res.body.pagination.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(all);
  });

  it('treats page_size 0 as the default and clamps oversized pages', async () => {
    expect((await app.get(`${PATH}?page_size=0`)).body.outages).toHaveLength(16);
    expect((await app.get(`${PATH}?page_size=100000`)).body.outages).toHaveLength(16);
  });

  it.each([
    ['page_size=-1', 'page_size'],
    ['page_size=abc', 'page_size'],
    ['page_size=1e2', 'page_size'],
    ['page_size=3000000000', 'page_size'],
    ['start=yesterday', 'start'],
    ['start=-5', 'start'],
    ['end=1.5', 'end'],
    [`start=${ms('2026-11-19T00:00:00Z')}&end=${ms('2026-11-18T00:00:00Z')}`, 'end'],
    ['cursor=not-a-cursor', 'cursor'],
    [`country=${'x'.repeat(101)}`, 'country'],
  ])('refuses %s with a violation on %s', async (query, field) => {
    const res = await app.get(`${PATH}?${query}`);
    expectViolation(res, field);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('degraded, failed and live ingestion', () => {
  it('serves an empty list marked no-store when no snapshot exists', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ outages: [], pagination: { nextCursor: '', totalCount: 0 } });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  it('keeps the last good snapshot when an ingestion reads bad bytes', async () => {
    await withTestApp({ samples: [internetOutagesDataset] }, async (local) => {
      const before = (await local.get(PATH)).body;
      const r = await local.deps.runner.run(internetOutagesDataset, {
        origin: { kind: 'bytes', payloads: { radar: Buffer.from('{"success":false}') } },
      });
      expect(r.ok).toBe(false);
      expect(local.deps.store.meta(INTERNET_OUTAGES)?.lastError).toMatch(/reported failure/);
      expect((await local.get(PATH)).body).toEqual(before);
    });
  });

  it('ingests the live feed from the upstream URL', async () => {
    const upstream = await serveSamples(internetOutagesDataset);
    const live = await startTestApp({
      samples: 'none',
      config: { UPSTREAM_BASE_OVERRIDE: upstream.base, CLOUDFLARE_RADAR_TOKEN: 'test-token' },
    });
    try {
      const r = await live.deps.runner.run(internetOutagesDataset, { origin: { kind: 'live' } });
      expect(r).toMatchObject({ ok: true, recordCount: 16 });
      expect(upstream.requests).toEqual(['/client/v4/radar/annotations/outages?dateRange=7d&limit=500&format=json']);
      expect((await live.get(`${PATH}?country=IQ`)).body.outages[0].severity).toBe('OUTAGE_SEVERITY_TOTAL');
    } finally {
      await live.close();
      await upstream.close();
    }
  });

  it('keeps the last good snapshot when the live upstream fails', async () => {
    const upstream = await serveSamples(internetOutagesDataset, { radar: 500 });
    const live = await startTestApp({
      samples: [internetOutagesDataset],
      config: { UPSTREAM_BASE_OVERRIDE: upstream.base, CLOUDFLARE_RADAR_TOKEN: 'test-token' },
    });
    try {
      const r = await live.deps.runner.run(internetOutagesDataset, { origin: { kind: 'live' } });
      expect(r.ok).toBe(false);
      expect(r.error).toMatch(/HTTP 500/);
      expect((await live.get(PATH)).body.outages).toHaveLength(16);
    } finally {
      await live.close();
      await upstream.close();
    }
  });
});
