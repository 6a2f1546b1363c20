import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { buildCot, cotDataset, COT_INSTRUMENTS } from '../../../../src/services/market/flows/datasets/cot.js';
import { netPct, nextReleaseDate, oiSharePct } from '../../../../src/services/market/flows/rules.js';
import { parseCotRows } from '../../../../src/sources/cftc/socrata.js';

const PATH = '/api/market/v1/get-cot-positioning';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [cotDataset] });
});
afterAll(() => app.close());

describe('GET get-cot-positioning', () => {
  it('serves the nine instruments of the latest report, contracts as decimal strings', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const { instruments, reportDate, unavailable } = res.body;
    expect(unavailable).toBe(false);
    expect(reportDate).toBe('2026-11-10');
    expect(instruments.map((i: { code: string }) => i.code)).toEqual(COT_INSTRUMENTS.map((i) => i.code));
    const es = instruments[0];
    expect(es).toMatchObject({ name: 'S&P 500 E-mini', reportDate: '2026-11-10', smallTraderAvailable: true });
    expect(es.assetManagerLong).toMatch(/^\d+$/);
    expect(es.netPct).toBe(netPct(Number(es.assetManagerLong), Number(es.assetManagerShort)));
    const gold = instruments.find((i: { code: string }) => i.code === 'GC');
    expect(Number(gold.assetManagerLong)).toBeGreaterThan(Number(gold.assetManagerShort)); // managed money long gold
    expect(Number(gold.dealerShort)).toBeGreaterThan(Number(gold.dealerLong)); // producers and swap dealers short
  });

  it('a report without both non-reportable sides says so', () => {
    const rows = JSON.stringify([
      {
        cftc_contract_market_code: '097741',
        report_date_as_yyyy_mm_dd: '2026-11-10T00:00:00.000',
        open_interest_all: '10',
        nonrept_positions_long_all: '3',
      },
    ]);
    const { records } = buildCot(Buffer.from(rows), Buffer.from('[]'));
    expect(records).toHaveLength(1);
    expect(records[0].smallTraders).toBeUndefined();
  });
});

describe('get-cot-positioning without a report', () => {
  it('is unavailable and not cached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ instruments: [], reportDate: '', unavailable: true });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('CFTC Socrata rows', () => {
  it('reads numeric strings and the report date; refuses an error object', () => {
    const [r] = parseCotRows(
      '[{"cftc_contract_market_code":"088691","report_date_as_yyyy_mm_dd":"2026-11-10T00:00:00.000","open_interest_all":"12","market_and_exchange_names":"GOLD"}]',
    );
    expect(r).toEqual({ market: 'GOLD', code: '088691', reportDate: '2026-11-10', values: { open_interest_all: 12 } });
    expect(() => parseCotRows('{"message":"query.soql.no-such-column"}')).toThrow(/no-such-column/);
  });
});

describe('positioning rules', () => {
  it.each([
    [300, 100, 50],
    [0, 0, 0],
    [0, 10, -100],
  ])('netPct(%d, %d) = %d', (l, s, pct) => expect(netPct(l, s)).toBe(pct));
  it('open-interest share and next release', () => {
    expect(oiSharePct(100, 100, 400)).toBe(25);
    expect(oiSharePct(1, 1, 0)).toBe(0);
    expect(nextReleaseDate('2026-11-10')).toBe('2026-11-13');
  });
});
