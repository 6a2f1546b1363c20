import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  parseShippingQuotes,
  shippingStressDataset,
} from '../../../src/services/supply-chain/freight/datasets/shipping-stress.js';
import { stressLevel, stressScore } from '../../../src/services/supply-chain/freight/rules.js';

const PATH = '/api/supply-chain/v1/get-shipping-stress';
const sample = fs.readFileSync(path.join(SAMPLES_DIR, 'supply-chain/yahoo-shipping-spark.json'));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [shippingStressDataset] });
});
afterAll(() => app.close());

describe('GET get-shipping-stress', () => {
  it('answers the four watched names and a score from their moves', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.carriers.map((c: any) => c.symbol)).toEqual(['BDRY', 'ZIM', 'MATX', 'SBLK']);
    expect(res.body.carriers[0]).toMatchObject({ carrierType: 'etf', name: 'Breakwave Dry Bulk Shipping ETF' });
    const mean = res.body.carriers.reduce((a: number, c: any) => a + c.changePct, 0) / 4;
    expect(res.body.stressScore).toBe(Math.round(40 - 3 * mean));
    expect(res.body.stressLevel).toBe(stressLevel(res.body.stressScore));
    expect(res.body).toMatchObject({ upstreamUnavailable: false, fetchedAt: expect.any(Number) });
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });

  it('answers the unavailable body with no-store without quotes', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({
        carriers: [],
        stressScore: 0,
        stressLevel: 'low',
        fetchedAt: 0,
        upstreamUnavailable: true,
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('parseShippingQuotes', () => {
  it('reads closes with holes removed and the move against the previous close', () => {
    const { records, info } = parseShippingQuotes(sample);
    expect(info.missing).toEqual([]);
    const zim = records.find((r) => r.symbol === 'ZIM')!;
    expect(zim.sparkline).toHaveLength(21);
    expect(zim.price).toBe(zim.sparkline.at(-1));
    expect(zim.changePct).toBeCloseTo(-2.4, 1);
  });

  it('names watched symbols Yahoo did not price, and refuses other documents', () => {
    const doc = JSON.parse(sample.toString());
    doc.spark.result = doc.spark.result.filter((r: any) => r.symbol !== 'MATX');
    expect(parseShippingQuotes(Buffer.from(JSON.stringify(doc))).info.missing).toEqual(['MATX']);
    expect(() => parseShippingQuotes(Buffer.from('{"finance":{}}'))).toThrow(/neither spark.result nor chart.result/);
  });
});

describe('stressScore and stressLevel', () => {
  it.each([
    [[0, 0], 40, 'moderate'],
    [[-5, -5], 55, 'elevated'],
    [[-12], 76, 'critical'],
    [[10], 10, 'low'],
    [[-40], 100, 'critical'],
    [[], 0, 'low'],
  ])('%j -> %d (%s)', (changes, score, level) => {
    expect(stressScore(changes)).toBe(score);
    expect(stressLevel(stressScore(changes))).toBe(level);
  });

  it('falls as the names rise and stays within 0-100 (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -50, max: 50, noNaN: true }), { minLength: 1, maxLength: 5 }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        (changes, up) => {
          const s = stressScore(changes);
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(100);
          expect(stressScore(changes.map((c) => c + up))).toBeLessThanOrEqual(s);
        },
      ),
    );
  });
});
