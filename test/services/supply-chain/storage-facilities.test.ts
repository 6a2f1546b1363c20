import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { storageFacilitiesDataset } from '../../../src/services/supply-chain/energy/datasets/storage.js';

const LIST = '/api/supply-chain/v1/list-storage-facilities';
const DETAIL = '/api/supply-chain/v1/get-storage-facility-detail';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [storageFacilitiesDataset] });
});
afterAll(() => app.close());

describe('GET list-storage-facilities', () => {
  it('lists dozens of facilities across every type with a badge and the unit that applies', async () => {
    const res = await app.get(LIST);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      // The registry's own time (updatedAt in db/reference/supply-chain/*.json), not when it was loaded.
      fetchedAt: '2026-11-19T06:00:00.000Z',
      classifierVersion: 'v1',
      upstreamUnavailable: false,
    });
    const fs = res.body.facilities as any[];
    expect(fs.length).toBeGreaterThanOrEqual(50);
    expect(new Set(fs.map((f) => f.facilityType))).toEqual(
      new Set(['ugs', 'spr', 'lng_export', 'lng_import', 'crude_tank_farm']),
    );
    const unit: Record<string, [string, string]> = {
      ugs: ['TWh', 'capacityTwh'],
      spr: ['Mb', 'capacityMb'],
      crude_tank_farm: ['Mb', 'capacityMb'],
      lng_export: ['Mtpa', 'capacityMtpa'],
      lng_import: ['Mtpa', 'capacityMtpa'],
    };
    for (const f of fs) {
      const [u, field] = unit[f.facilityType]!;
      expect(f.workingCapacityUnit).toBe(u);
      expect(f[field]).toBeGreaterThan(0);
      expect(['operational', 'reduced', 'offline', 'disputed']).toContain(f.publicBadge);
      expect(f).not.toHaveProperty('revisions');
    }
  });

  it('derives badges from evidence as of the registry fetch', async () => {
    const res = await app.get(LIST);
    const badge = Object.fromEntries(
      res.body.facilities.map((f: { id: string; publicBadge: string }) => [f.id, f.publicBadge]),
    );
    expect(badge).toMatchObject({
      rehden: 'operational',
      freeport_lng: 'reduced',
      rough: 'disputed', // reduced, but the evidence is a month old
      arctic_lng_2: 'offline', // sanctioned
      idku: 'offline', // suspended contracts
      sheskharis: 'offline', // operator statement
      primorsk: 'disputed', // offline with nothing to back it
      ust_luga: 'disputed', // backed, but stale
      stade_lng: 'disputed', // under construction
      ningbo_daxie: 'disputed', // no evidence at all
      humbly_grove: 'operational',
    });
  });

  it('filters by facilityType', async () => {
    const res = await app.get(`${LIST}?facilityType=spr`);
    expect(res.status).toBe(200);
    expect(res.body.facilities.length).toBe(8);
    for (const f of res.body.facilities) expect(f.facilityType).toBe('spr');
  });

  it('refuses an unknown facilityType', async () => {
    const res = await app.get(`${LIST}?facilityType=salt_cavern`);
    expect(res.status).toBe(400);
    expect(res.body.violations.map((v: { field: string }) => v.field)).toEqual(['facilityType']);
  });
});

describe('GET get-storage-facility-detail', () => {
  it('returns the facility with its evidence, revisions newest first and the registry fetch time', async () => {
    const res = await app.get(`${DETAIL}?facilityId=arctic_lng_2`);
    expect(res.status).toBe(200);
    expect(res.body.unavailable).toBe(false);
    expect(res.body.fetchedAt).toBe('2026-11-19T06:00:00.000Z');
    expect(res.body.facility).toMatchObject({
      id: 'arctic_lng_2',
      facilityType: 'lng_export',
      country: 'RU',
      capacityMtpa: 19.8,
      workingCapacityUnit: 'Mtpa',
      inService: 2023,
      publicBadge: 'offline',
      evidence: { physicalState: 'offline', commercialState: 'suspended', classifierVersion: 'v1' },
    });
    expect(res.body.facility.evidence.sanctionRefs[0]).toMatchObject({ authority: 'OFAC' });
    expect(res.body.facility.evidence).not.toHaveProperty('operatorStatement');
    expect(res.body.revisions.map((r: { date: string }) => r.date)).toEqual(['2026-11-12', '2026-06-03', '2024-03-01']);
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });

  it('omits evidence for a facility without any and badges it disputed', async () => {
    const res = await app.get(`${DETAIL}?facilityId=ningbo_daxie`);
    expect(res.body.facility).not.toHaveProperty('evidence');
    expect(res.body.facility.publicBadge).toBe('disputed');
    expect(res.body.revisions).toEqual([]);
  });

  it('answers an unknown id with unavailable, no facility and no-store', async () => {
    const res = await app.get(`${DETAIL}?facilityId=atlantis`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ revisions: [], fetchedAt: '2026-11-19T06:00:00.000Z', unavailable: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses "facility_id=rehden" naming the unknown parameter and the missing facilityId', async () => {
    const res = await app.get(`${DETAIL}?facility_id=rehden`);
    expect(res.status).toBe(400);
    expect(res.body.violations.map((v: { field: string }) => v.field)).toEqual(['facility_id', 'facilityId']);
    expect(res.body.violations[0].description).toContain('did you mean facilityId?');
  });

  it.each(['', 'facilityId=', 'facilityId=a&facilityId=b'])(
    'refuses "%s" with a violation on facilityId',
    async (query) => {
      const res = await app.get(`${DETAIL}?${query}`);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(['violations']);
      expect(res.body.violations.map((v: { field: string }) => v.field)).toEqual(['facilityId']);
    },
  );

  it('reports the missing-value wording of the published contract', async () => {
    const res = await app.get(DETAIL);
    expect(res.body.violations).toEqual([{ field: 'facilityId', description: 'value is required' }]);
  });
});

describe('without a registry snapshot', () => {
  it('flags both operations as degraded', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const list = await empty.get(LIST);
      expect(list.body).toEqual({ facilities: [], fetchedAt: '', classifierVersion: '', upstreamUnavailable: true });
      expect(list.headers.get('cache-control')).toBe('no-store');
      const detail = await empty.get(`${DETAIL}?facilityId=rehden`);
      expect(detail.body).toEqual({ revisions: [], fetchedAt: '', unavailable: true });
      expect(detail.headers.get('cache-control')).toBe('no-store');
    });
  });
});
