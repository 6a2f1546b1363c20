import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import {
  parseStatuspageSummary,
  PROVIDERS,
  SERVICE_STATUSES,
  serviceStatusesDataset,
} from '../../../../src/services/infrastructure/status/datasets/service-statuses.js';
import { normaliseStatus, STATUS_ORDER, statusRank } from '../../../../src/services/infrastructure/status/rules.js';
import { SERVICE_STATUSES as STATUS_VALUES } from '../../../../src/services/infrastructure/status/schemas.js';

const PATH = '/api/infrastructure/v1/list-service-statuses';
const sample = (id: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'infrastructure/statuspage', `${id}.json`));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [serviceStatusesDataset] });
});
afterAll(() => app.close());

describe('status normalisation', () => {
  it.each([
    ['none', 'SERVICE_OPERATIONAL_STATUS_OPERATIONAL'],
    ['operational', 'SERVICE_OPERATIONAL_STATUS_OPERATIONAL'],
    ['minor', 'SERVICE_OPERATIONAL_STATUS_DEGRADED'],
    ['degraded_performance', 'SERVICE_OPERATIONAL_STATUS_DEGRADED'],
    ['Degraded Performance', 'SERVICE_OPERATIONAL_STATUS_DEGRADED'],
    ['major', 'SERVICE_OPERATIONAL_STATUS_PARTIAL_OUTAGE'],
    ['partial_outage', 'SERVICE_OPERATIONAL_STATUS_PARTIAL_OUTAGE'],
    ['critical', 'SERVICE_OPERATIONAL_STATUS_MAJOR_OUTAGE'],
    ['major_outage', 'SERVICE_OPERATIONAL_STATUS_MAJOR_OUTAGE'],
    ['maintenance', 'SERVICE_OPERATIONAL_STATUS_MAINTENANCE'],
    ['under_maintenance', 'SERVICE_OPERATIONAL_STATUS_MAINTENANCE'],
    ['', 'SERVICE_OPERATIONAL_STATUS_UNSPECIFIED'],
    ['on fire', 'SERVICE_OPERATIONAL_STATUS_UNSPECIFIED'],
  ])('%s -> %s', (word, expected) => {
    expect(normaliseStatus(word)).toBe(expected);
  });

  it('always yields one of the contract values', () => {
    fc.assert(fc.property(fc.string(), (s) => STATUS_VALUES.includes(normaliseStatus(s))));
  });

  it('orders every contract value exactly once, worst first', () => {
    expect([...STATUS_ORDER].sort()).toEqual([...STATUS_VALUES].sort());
    expect(statusRank('SERVICE_OPERATIONAL_STATUS_MAJOR_OUTAGE')).toBe(0);
    expect(statusRank('SERVICE_OPERATIONAL_STATUS_OPERATIONAL')).toBe(5);
  });
});

describe('Statuspage summary parser', () => {
  it('reads the overall indicator and status line', () => {
    expect(parseStatuspageSummary(sample('twilio'))).toEqual({
      status: 'SERVICE_OPERATIONAL_STATUS_MAJOR_OUTAGE',
      description: 'Major System Outage',
    });
    expect(parseStatuspageSummary(sample('github'))).toEqual({
      status: 'SERVICE_OPERATIONAL_STATUS_OPERATIONAL',
      description: 'All Systems Operational',
    });
  });

  it('reports a maintenance window in progress even when the incident indicator is clear', () => {
    const doc = JSON.parse(sample('github').toString());
    doc.scheduled_maintenances[0].status = 'in_progress';
    expect(parseStatuspageSummary(Buffer.from(JSON.stringify(doc))).status).toBe(
      'SERVICE_OPERATIONAL_STATUS_MAINTENANCE',
    );
  });

  it.each([['not json'], ['{"page":{}}'], ['[]']])('refuses %s', (text) => {
    expect(() => parseStatuspageSummary(Buffer.from(text))).toThrow(/status page summary/);
  });

  it('marks an unreachable or unreadable page UNSPECIFIED and keeps the others', () => {
    const payloads = Object.fromEntries(PROVIDERS.map((p) => [p.id, sample(p.id)]));
    delete payloads.npm;
    payloads.sentry = Buffer.from('<html>502</html>');
    const { records, info } = serviceStatusesDataset.parse(payloads, SAMPLE_NOW);
    expect(records).toHaveLength(PROVIDERS.length);
    const byId = new Map(records.map((r) => [r.id, r]));
    expect(byId.get('npm')!.status).toBe('SERVICE_OPERATIONAL_STATUS_UNSPECIFIED');
    expect(byId.get('sentry')!.status).toBe('SERVICE_OPERATIONAL_STATUS_UNSPECIFIED');
    expect(info).toEqual({ unreadable: ['npm', 'sentry'] });
  });

  it('fails when no page at all could be read', () => {
    expect(() => serviceStatusesDataset.parse({}, SAMPLE_NOW)).toThrow(/no status page/);
  });
});

describe('GET list-service-statuses', () => {
  it('lists every monitored service, worst state first, in the contract shape', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const { statuses } = res.body;
    expect(Object.keys(res.body)).toEqual(['statuses']);
    expect(statuses).toHaveLength(PROVIDERS.length);
    expect(statuses.slice(0, 5).map((s: { id: string }) => s.id)).toEqual([
      'twilio',
      'openai',
      'circleci',
      'cloudflare',
      'discord',
    ]);
    const ranks = statuses.map((s: { status: never }) => statusRank(s.status));
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect(statuses[0]).toEqual({
      id: 'twilio',
      name: 'Twilio',
      status: 'SERVICE_OPERATIONAL_STATUS_MAJOR_OUTAGE',
      description: 'Major System Outage',
      url: 'https://status.twilio.com',
      checkedAt: SAMPLE_NOW,
      latencyMs: 0,
    });
    expect(res.headers.get('cache-control')).toMatch(/max-age=300, stale-while-revalidate=300/);
  });

  it.each([
    ['SERVICE_OPERATIONAL_STATUS_OPERATIONAL', 11],
    ['SERVICE_OPERATIONAL_STATUS_DEGRADED', 2],
    ['SERVICE_OPERATIONAL_STATUS_PARTIAL_OUTAGE', 1],
    ['SERVICE_OPERATIONAL_STATUS_MAJOR_OUTAGE', 1],
    ['SERVICE_OPERATIONAL_STATUS_MAINTENANCE', 1],
  ])('filters by status=%s', async (status, count) => {
    const res = await app.get(`${PATH}?status=${status}`);
    expect(res.status).toBe(200);
    expect(res.body.statuses).toHaveLength(count);
    for (const s of res.body.statuses) expect(s.status).toBe(status);
  });

  it.each([['status=DEGRADED'], ['status=degraded'], ['status=SERVICE_OPERATIONAL_STATUS_UNSPECIFIED'], ['status=1']])(
    'refuses %s with a violation on status',
    async (query) => {
      const res = await app.get(`${PATH}?${query}`);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(['violations']);
      expect(res.body.violations.map((v: { field: string }) => v.field)).toEqual(['status']);
    },
  );

  it('supports a jmespath projection', async () => {
    const res = await app.get(`${PATH}?jmespath=${encodeURIComponent('statuses[0].name')}`);
    expect(res.status).toBe(200);
    expect(res.body).toBe('Twilio');
  });
});

describe('degraded and failed ingestion', () => {
  it('serves an empty list marked no-store when no snapshot exists', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ statuses: [] });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  it('keeps serving the last good snapshot when every page is unreadable', async () => {
    await withTestApp({ samples: [serviceStatusesDataset] }, async (local) => {
      const before = (await local.get(PATH)).body;
      const bad = Object.fromEntries(PROVIDERS.map((p) => [p.id, Buffer.from('<html>oops</html>')]));
      const r = await local.deps.runner.run(serviceStatusesDataset, { origin: { kind: 'bytes', payloads: bad } });
      expect(r.ok).toBe(false);
      expect(local.deps.store.meta(SERVICE_STATUSES)?.lastError).toMatch(/no status page/);
      expect((await local.get(PATH)).body).toEqual(before);
    });
  });
});

describe('live ingestion', () => {
  it('fetches every status page and tolerates one failing', async () => {
    const { serveSamples } = await import('../upstream-server.js');
    const upstream = await serveSamples(serviceStatusesDataset, { vercel: 503 });
    // No retry: the fake answers same-path sources in turn, so a retry would take the next one's sample.
    const live = await startTestApp({
      samples: 'none',
      config: { UPSTREAM_BASE_OVERRIDE: upstream.base, UPSTREAM_RETRIES: 0 },
    });
    try {
      const r = await live.deps.runner.run(serviceStatusesDataset, { origin: { kind: 'live' } });
      expect(r).toMatchObject({ ok: true, recordCount: PROVIDERS.length, partialSources: ['vercel'] });
      expect(upstream.requests.filter((r) => r === '/api/v2/summary.json')).toHaveLength(PROVIDERS.length);
      const statuses = (await live.get(PATH)).body.statuses as { id: string; status: string }[];
      expect(statuses.find((s) => s.id === 'vercel')!.status).toBe('SERVICE_OPERATIONAL_STATUS_UNSPECIFIED');
      expect(statuses.find((s) => s.id === 'twilio')!.status).toBe('SERVICE_OPERATIONAL_STATUS_MAJOR_OUTAGE');
    } finally {
      await live.close();
      await upstream.close();
    }
  });
});
