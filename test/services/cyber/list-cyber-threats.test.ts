import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  cyberThreatsDataset,
  parseC2Intel,
  parseFeodo,
  parseUrlhaus,
} from '../../../src/services/cyber/datasets/cyber-threats.js';
import {
  abuseChTime,
  bySeverityThenRecency,
  CRITICALITY_RANK,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
} from '../../../src/services/cyber/rules.js';
import type { CyberThreat } from '../../../src/services/cyber/schemas.js';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';

const PATH = '/api/cyber/v1/list-cyber-threats';
const sample = (file: string) => fs.readFileSync(path.join(SAMPLES_DIR, file));

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [cyberThreatsDataset] });
});
afterAll(() => app.close());

const list = async (
  q = '',
): Promise<{ threats: CyberThreat[]; pagination: { nextCursor: string; totalCount: number } }> => {
  const res = await app.get(`${PATH}${q}`);
  expect(res.status).toBe(200);
  return res.body;
};

describe('GET list-cyber-threats', () => {
  it('serves every source, most severe first then most recently seen', async () => {
    const { threats, pagination } = await list();
    expect(threats).toHaveLength(14); // 5 Feodo + 5 URLhaus + 4 C2Intel
    expect(pagination).toEqual({ nextCursor: '', totalCount: 14 });
    expect([...threats].sort(bySeverityThenRecency)).toEqual(threats);
    expect(threats[0].severity).toBe('CRITICALITY_LEVEL_CRITICAL');
  });

  it(`page_size omitted or 0 means ${DEFAULT_PAGE_SIZE} (not one item); above ${MAX_PAGE_SIZE} is clamped`, async () => {
    expect((await list()).threats).toHaveLength(14);
    expect((await list('?page_size=0')).threats).toHaveLength(14);
    expect((await list('?page_size=5000')).threats).toHaveLength(14);
  });

  it('offset paging: nextCursor is the next offset, "" at the end, totalCount counts all matches', async () => {
    const all = (await list()).threats.map((t) => t.id);
    const p1 = await list('?page_size=6');
    expect(p1.pagination).toEqual({ nextCursor: '6', totalCount: 14 });
    const p2 = await list('?page_size=6&cursor=6');
    expect(p2.pagination).toEqual({ nextCursor: '12', totalCount: 14 });
    const p3 = await list('?page_size=6&cursor=12');
    expect(p3.pagination).toEqual({ nextCursor: '', totalCount: 14 });
    expect([...p1.threats, ...p2.threats, ...p3.threats].map((t) => t.id)).toEqual(all);
    expect(await list('?cursor=400')).toEqual({ threats: [], pagination: { nextCursor: '', totalCount: 14 } });
  });

  it('filters by type, source and minimum severity', async () => {
    const all = (await list()).threats;
    const c2 = await list('?type=CYBER_THREAT_TYPE_C2_SERVER');
    expect(c2.threats).toEqual(all.filter((t) => t.type === 'CYBER_THREAT_TYPE_C2_SERVER'));
    expect(c2.pagination.totalCount).toBe(9);
    expect((await list('?source=CYBER_THREAT_SOURCE_URLHAUS')).threats).toEqual(
      all.filter((t) => t.source === 'CYBER_THREAT_SOURCE_URLHAUS'),
    );
    expect((await list('?type=CYBER_THREAT_TYPE_PHISHING')).threats.map((t) => t.indicator)).toEqual([
      'https://secure-login-microsoft365.help/auth/',
    ]);
    for (const level of [
      'CRITICALITY_LEVEL_LOW',
      'CRITICALITY_LEVEL_MEDIUM',
      'CRITICALITY_LEVEL_HIGH',
      'CRITICALITY_LEVEL_CRITICAL',
    ] as const) {
      expect((await list(`?min_severity=${level}`)).threats).toEqual(
        all.filter((t) => CRITICALITY_RANK[t.severity] >= CRITICALITY_RANK[level]),
      );
    }
    expect((await list('?source=CYBER_THREAT_SOURCE_OTX')).threats).toEqual([]);
  });

  it('Feodo entries carry their country code and its centroid', async () => {
    const nl = (await list('?source=CYBER_THREAT_SOURCE_FEODO')).threats.find((t) => t.indicator === '45.146.165.37')!;
    expect(nl).toMatchObject({
      country: 'NL',
      malwareFamily: 'Pikabot',
      severity: 'CRITICALITY_LEVEL_CRITICAL',
      indicatorType: 'CYBER_THREAT_INDICATOR_TYPE_IP',
    });
    expect(nl.location!.latitude).toBeCloseTo(52.1, 0);
  });

  it.each([
    ['type=C2_SERVER', 'type'],
    ['type=CYBER_THREAT_TYPE_UNSPECIFIED', 'type'],
    ['source=feodo', 'source'],
    ['min_severity=CRITICALITY_LEVEL_UNSPECIFIED', 'min_severity'],
    ['page_size=-1', 'page_size'],
    ['page_size=ten', 'page_size'],
    ['cursor=abc', 'cursor'],
    ['cursor=-5', 'cursor'],
    ['cursor=1.5', 'cursor'],
    ['start=x', 'start'],
    ['start=9&end=3', 'end'],
  ])('%s is a 400 naming %s', async (q, field) => {
    const res = await app.get(`${PATH}?${q}`);
    expectViolation(res, field);
  });

  it('a failed ingestion keeps the previous snapshot serving', async () => {
    const before = await list();
    const r = await app.deps.runner.run(cyberThreatsDataset, {
      origin: {
        kind: 'bytes',
        payloads: { feodo: Buffer.from('{"not":"a list"}'), urlhaus: Buffer.from('{}'), c2intel: Buffer.from('') },
      },
    });
    expect(r.ok).toBe(false);
    expect(await list()).toEqual(before);
  });

  it('without a snapshot: empty list, not cacheable', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ threats: [], pagination: { nextCursor: '', totalCount: 0 } });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('cyber parsers', () => {
  it('Feodo: valid IPv4 entries only, online C2 is critical', () => {
    const t = parseFeodo(sample('cyber/feodo-ipblocklist.json'));
    expect(t).toHaveLength(5);
    expect(t.find((x) => x.indicator === '94.232.41.108')).toMatchObject({
      severity: 'CRITICALITY_LEVEL_HIGH',
      country: 'RU',
      lastSeenAt: Date.UTC(2026, 10, 14),
    });
    expect(() => parseFeodo(Buffer.from('{}'))).toThrow('not an array');
  });

  it('URLhaus: types from threat and tags, family from the first specific tag', () => {
    const t = parseUrlhaus(sample('cyber/urlhaus-recent.json'));
    expect(t).toHaveLength(5);
    expect(t[0]).toMatchObject({
      type: 'CYBER_THREAT_TYPE_MALWARE_HOST',
      malwareFamily: 'Mozi',
      severity: 'CRITICALITY_LEVEL_HIGH',
      firstSeenAt: Date.UTC(2026, 10, 20, 7, 41, 12),
    });
    expect(t[4]).toMatchObject({ severity: 'CRITICALITY_LEVEL_MEDIUM', malwareFamily: 'LummaStealer' });
    expect(() => parseUrlhaus(Buffer.from('{"query_status":"unknown_auth_key"}'))).toThrow('unknown_auth_key');
  });

  it('C2Intel: CSV rows with IPv4 addresses, stamped with the ingestion time', () => {
    const t = parseC2Intel(sample('cyber/c2intel-ipc2s-30day.csv'), SAMPLE_NOW);
    expect(t.map((x) => x.malwareFamily)).toEqual(['Cobalt Strike', 'Cobalt Strike', 'Sliver', 'Pikabot']);
    expect(t.every((x) => x.lastSeenAt === SAMPLE_NOW)).toBe(true);
    expect(() => parseC2Intel(Buffer.from('<html></html>'), SAMPLE_NOW)).toThrow('CSV: expected CSV, got an HTML page');
    const quoted = parseC2Intel(
      Buffer.from(
        '#ip,ioc\r\n1.2.3.4,"Possible Havoc C2 IP, port 443"\r\n5.6.7.8,Possible Sliver C2 IP, port 8443\r\n',
      ),
      SAMPLE_NOW,
    );
    expect(quoted.map((x) => [x.indicator, x.malwareFamily, x.tags[0]])).toEqual([
      ['1.2.3.4', 'Havoc', 'Possible Havoc C2 IP, port 443'],
      ['5.6.7.8', 'Sliver', 'Possible Sliver C2 IP, port 8443'],
    ]);
  });

  it.each([
    ['2026-11-20 08:12:03 UTC', Date.UTC(2026, 10, 20, 8, 12, 3)],
    ['2026-11-20 08:12:03', Date.UTC(2026, 10, 20, 8, 12, 3)],
    ['2026-11-20', Date.UTC(2026, 10, 20)],
    ['yesterday', NaN],
  ])('abuseChTime(%j)', (s, t) => expect(abuseChTime(s)).toBe(t));
});

describe('live fetch against a local upstream', () => {
  it('ingests all three feeds, and Feodo alone when the optional ones fail', async () => {
    let optionalUp = true;
    const files: Record<string, string> = {
      '/downloads/ipblocklist.json': 'cyber/feodo-ipblocklist.json',
      '/v1/urls/recent/limit/1000/': 'cyber/urlhaus-recent.json',
      '/drb-ra/C2IntelFeeds/master/feeds/IPC2s-30day.csv': 'cyber/c2intel-ipc2s-30day.csv',
    };
    const server = http.createServer((req, res) => {
      const p = new URL(req.url!, 'http://x').pathname;
      const f = files[p];
      if (!f || (!optionalUp && !p.startsWith('/downloads'))) return void res.writeHead(500).end();
      res.writeHead(200).end(sample(f));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const app2 = await startTestApp({
      samples: 'none',
      config: { UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
    });
    try {
      expect(await app2.deps.runner.run(cyberThreatsDataset, { origin: { kind: 'live' } })).toMatchObject({
        ok: true,
        recordCount: 14,
      });
      optionalUp = false;
      expect(await app2.deps.runner.run(cyberThreatsDataset, { origin: { kind: 'live' } })).toMatchObject({
        ok: true,
        recordCount: 5,
        partialSources: ['urlhaus', 'c2intel'],
      });
    } finally {
      await app2.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
