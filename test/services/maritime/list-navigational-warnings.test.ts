import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  maritimeNavWarningsDataset,
  parseMaritimeWarnings,
} from '../../../src/services/maritime/datasets/nav-warnings.js';
import {
  parseBroadcastWarnings,
  parseDateTimeGroup,
  selfCancelTime,
} from '../../../src/sources/nga/broadcast-warnings.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';

const PATH = '/api/maritime/v1/list-navigational-warnings';
const sample = () => fs.readFileSync(path.join(SAMPLES_DIR, maritimeNavWarningsDataset.sources.warnings!.sample));

describe('NGA broadcast warnings source', () => {
  it.each([
    ['181023Z NOV 2026', Date.UTC(2026, 10, 18, 10, 23)],
    ['262359Z NOV 26', Date.UTC(2026, 10, 26, 23, 59)],
    ['010000Z JAN 2027', Date.UTC(2027, 0, 1)],
    ['311200Z FEB 2026', undefined],
    ['not a date', undefined],
  ])('date-time group %s', (text, ms) => expect(parseDateTimeGroup(text)).toBe(ms));

  it('finds the self-cancellation a warning announces', () => {
    expect(selfCancelTime('...\n3. CANCEL THIS MSG 262359Z NOV 26.')).toBe(Date.UTC(2026, 10, 26, 23, 59));
    expect(selfCancelTime('CANCEL NAVAREA IV 1050/26.')).toBeUndefined();
  });

  it('reads every warning, cancelled ones included, and refuses other documents', () => {
    expect(parseBroadcastWarnings(sample())).toHaveLength(10);
    expect(() => parseBroadcastWarnings(Buffer.from('{"warnings":[]}'))).toThrow(/unexpected shape/);
    expect(() => parseBroadcastWarnings(Buffer.from('<html>'))).toThrow(/not JSON/);
  });
});

describe('maritime warnings dataset', () => {
  it('keeps the active warnings, newest first, in the contract shape', () => {
    const warnings = parseMaritimeWarnings(sample());
    expect(warnings).toHaveLength(9);
    expect(warnings[0]).toEqual({
      id: 'IV-2026-1201',
      title: 'NAVAREA IV 1201/2026',
      text: expect.stringContaining('ROCKET LAUNCHING OPERATIONS'),
      area: 'IV',
      location: { latitude: 28.6333, longitude: -80.6167 },
      issuedAt: Date.UTC(2026, 10, 20, 15, 40),
      expiresAt: Date.UTC(2026, 10, 25, 16, 30),
      authority: 'EASTERN RANGE 0/26 201520Z NOV 26.',
    });
    const hormuz = warnings.find((w) => w.id === 'IX-2026-1187')!;
    expect(hormuz.area).toBe('IX 62');
    expect(warnings.find((w) => w.id === 'IV-2026-1102')!.location).toBeUndefined();
  });
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [maritimeNavWarningsDataset] });
});
afterAll(() => app.close());

describe('GET list-navigational-warnings', () => {
  it('answers the empty request with every active warning', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.warnings).toHaveLength(9);
    expect(res.body.pagination).toEqual({ nextCursor: '', totalCount: 9 });
    expect(res.headers.get('cache-control')).toMatch(/max-age=600/);
  });

  it('filters by area or text, case-insensitively', async () => {
    const xii = await app.get(`${PATH}?area=xii`);
    expect(xii.body.warnings.map((w: { id: string }) => w.id)).toEqual(['XII-2026-742', 'XII-2026-738']);
    const hormuz = await app.get(`${PATH}?area=Hormuz`);
    expect(hormuz.body.warnings.map((w: { id: string }) => w.id)).toEqual(['IX-2026-1187']);
  });

  it('pages', async () => {
    const first = await app.get(`${PATH}?page_size=4`);
    expect(first.body.warnings).toHaveLength(4);
    const rest = await app.get(`${PATH}?page_size=10&cursor=${first.body.pagination.nextCursor}`);
    expect(rest.body.warnings).toHaveLength(5);
  });

  it('rejects bad input', async () => {
    expectViolation(await app.get(`${PATH}?page_size=-1`), 'page_size');
    expectViolation(await app.get(`${PATH}?cursor=%%%`), 'cursor');
  });

  it('answers empty and uncached without a snapshot', async () => {
    const bare = await startTestApp({ samples: 'none' });
    try {
      const res = await bare.get(PATH);
      expect(res.body.warnings).toEqual([]);
      expect(res.headers.get('cache-control')).toBe('no-store');
    } finally {
      await bare.close();
    }
  });
});
