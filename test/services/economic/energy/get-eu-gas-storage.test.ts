import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import { gieStorageDataset } from '../../../../src/services/economic/energy/datasets/gie-storage.js';
import { parseAgsi } from '../../../../src/sources/gie/agsi.js';

const PATH = '/api/economic/v1/get-eu-gas-storage';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [gieStorageDataset], clock: new ManualClock(SAMPLE_NOW) });
});
afterAll(() => app.close());

describe('GET get-eu-gas-storage', () => {
  it('serves the fill level, its daily change and trend, days of consumption and five gas days newest first', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fillPct: 88.74,
      fillPctChange1d: -0.38,
      gasDaysConsumption: 55.8,
      trend: 'withdrawing',
      seededAt: String(SAMPLE_NOW),
      updatedAt: '2026-11-19',
      unavailable: false,
    });
    expect(res.body.history).toHaveLength(5);
    expect(res.body.history[0]).toEqual({ date: '2026-11-19', fillPct: 88.74, gasTwh: 1004.0547 });
    expect(res.body.history.map((h: { date: string }) => h.date)).toEqual([
      '2026-11-19',
      '2026-11-18',
      '2026-11-17',
      '2026-11-16',
      '2026-11-15',
    ]);
    expect(res.headers.get('cache-control')).toMatch(/max-age=300/);
  });
});

describe('AGSI+ parsing', () => {
  it('orders gas days newest first and skips rows without a fill level', () => {
    const doc = {
      data: [
        { gasDayStart: '2026-11-18', full: '50.1', gasInStorage: '500' },
        { gasDayStart: '2026-11-19', full: '50.2', gasInStorage: '501' },
        { gasDayStart: '2026-11-20', full: '', gasInStorage: '502' },
      ],
    };
    expect(parseAgsi(JSON.stringify(doc)).map((d) => d.gasDay)).toEqual(['2026-11-19', '2026-11-18']);
  });

  it('refuses a body that is not an AGSI+ answer', () => {
    expect(() => parseAgsi('{"message":"Invalid API key"}')).toThrow(/data array/);
    expect(() => parseAgsi('<html>')).toThrow(/not JSON/);
  });

  it('keeps the last good snapshot when a run brings no usable gas day', async () => {
    const before = (await app.get(PATH)).body;
    const r = await app.deps.runner.run(gieStorageDataset, {
      origin: { kind: 'bytes', payloads: { eu: Buffer.from('{"data":[]}') } },
    });
    expect(r.ok).toBe(false);
    expect((await app.get(PATH)).body).toEqual(before);
  });
});

describe('get-eu-gas-storage without a snapshot', () => {
  it('is all zeros, unavailable and uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({
        fillPct: 0,
        fillPctChange1d: 0,
        gasDaysConsumption: 0,
        trend: '',
        history: [],
        seededAt: '0',
        updatedAt: '',
        unavailable: true,
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
