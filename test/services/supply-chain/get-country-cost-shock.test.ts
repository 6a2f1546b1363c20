import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { SUPPLY_CHAIN_DATASETS } from '../../../src/services/supply-chain/datasets/index.js';
import { LANE_DATASETS } from '../../../src/services/supply-chain/routes/router.js';
import { comtradeFlowsDataset } from '../../../src/services/trade/datasets/comtrade-flows.js';
import {
  OIL_BALANCES,
  parseIeaStocks,
  parseJodi,
} from '../../../src/services/supply-chain/energy/datasets/oil-balances.js';
import { energyShock, MAX_COVER_DAYS } from '../../../src/services/supply-chain/energy/rules.js';

const PATH = '/api/supply-chain/v1/get-country-cost-shock';
let app: TestApp;
let pro: string;

beforeAll(async () => {
  app = await startTestApp({
    samples: [
      ...SUPPLY_CHAIN_DATASETS.filter((d) => [...LANE_DATASETS, OIL_BALANCES].includes(d.name)),
      comtradeFlowsDataset,
    ],
  });
  pro = (await app.createKey({ plan: 'pro' })).key;
});
afterAll(() => app.close());

const get = (q: string) => app.get(`${PATH}?${q}`, { 'x-service-key': pro });

describe('GET get-country-cost-shock', () => {
  it('estimates Japan’s fuel shortfall and stock cover in a Hormuz closure', async () => {
    const res = await get('iso2=JP&chokepointId=hormuz_strait');
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({
      iso2: 'JP',
      chokepointId: 'hormuz_strait',
      hs2: '27',
      hasEnergyModel: true,
      unavailableReason: '',
      warRiskTier: 'WAR_RISK_TIER_WAR_ZONE',
      warRiskPremiumBps: 300,
    });
    // The sample: JODI crude imports 2380 kb/d, Gulf share of crude from Comtrade (SA, AE, KW of 72.9 bn), IEA 214 days,
    // scaled by what still flows through Hormuz now.
    const hormuz = (await app.get('/api/supply-chain/v1/get-chokepoint-status')).body.chokepoints.find(
      (c: any) => c.id === 'hormuz_strait',
    );
    const expected = energyShock({
      chokepointId: 'hormuz_strait',
      flowRatio: hormuz.flowEstimate?.flowRatio ?? 1,
      crudeImportsKbd: 2380,
      gulfShare: (29.7 + 30.1 + 6.6) / 72.9,
      demandKbd: { GASOLINE: 820, GASDIES: 640, JETKERO: 330, LPG: 370 },
      daysOfCover: 214,
      netExporter: false,
    });
    expect(b.supplyDeficitPct).toBe(expected.supplyDeficitPct);
    expect(b.coverageDays).toBe(expected.coverageDays);
    expect(b.supplyDeficitPct).toBeGreaterThan(0);
  });

  it('is smaller for Suez, which carries less of the Gulf crude', async () => {
    const hormuz = (await get('iso2=DE&chokepointId=hormuz_strait')).body.supplyDeficitPct;
    const suez = (await get('iso2=DE&chokepointId=suez')).body.supplyDeficitPct;
    expect(suez).toBeLessThanOrEqual(hormuz);
  });

  it.each([
    ['iso2=JP&chokepointId=hormuz_strait&hs2=85', /HS chapter 27/],
    ['iso2=JP&chokepointId=panama', /only for Hormuz/],
    ['iso2=FR&chokepointId=suez', /no JODI oil balance/],
  ])('says why there is no estimate: %s', async (q, reason) => {
    const res = await get(q);
    expect(res.body.hasEnergyModel).toBe(false);
    expect(res.body.unavailableReason).toMatch(reason);
  });

  it.each([
    ['chokepointId=suez', 'iso2'],
    ['iso2=JP', 'chokepointId'],
    ['iso2=JP&chokepointId=atlantis', 'chokepointId'],
    ['iso2=JP&chokepointId=suez&hs2=x', 'hs2'],
  ])('refuses %s', async (q, field) => expectViolation(await get(q), field));
});

describe('oil balance parsers', () => {
  it('keep the latest month per country, product and flow', () => {
    const rows = parseJodi(
      Buffer.from(
        'REF_AREA,TIME_PERIOD,ENERGY_PRODUCT,FLOW_BREAKDOWN,UNIT_MEASURE,OBS_VALUE,ASSESSMENT_CODE\nJP,2026-08,CRUDEOIL,IMPORTS,KBD,100,1\nJP,2026-09,CRUDEOIL,IMPORTS,KBD,120,2\nJP,2026-09,CRUDEOIL,IMPORTS,KTONS,9,2\n',
      ),
    );
    expect(rows).toEqual([
      { kind: 'jodi', iso2: 'JP', product: 'CRUDEOIL', flow: 'IMPORTS', period: '2026-09', kbd: 120 },
    ]);
    expect(
      parseIeaStocks(Buffer.from('COUNTRY,ISO2,TIME,TOTAL_DAYS_OF_NET_IMPORTS,NET_EXPORTER\nX,US,2026-08,0,1\n'))[0],
    ).toMatchObject({ iso2: 'US', netExporter: true });
    expect(() => parseJodi(Buffer.from('A,B\n1,2\n'))).toThrow(/lacks the REF_AREA column/);
  });
});

describe('energyShock', () => {
  const base = {
    chokepointId: 'hormuz_strait',
    flowRatio: 1,
    crudeImportsKbd: 1000,
    gulfShare: 0.5,
    demandKbd: { GASOLINE: 440, GASDIES: 300, JETKERO: 100, LPG: 50 },
    daysOfCover: 100,
    netExporter: false,
  };
  it.each([
    ['half the crude from the Gulf', base, { supplyDeficitPct: 50, coverageDays: 200 }],
    ['Suez carries 60%', { ...base, chokepointId: 'suez' }, { supplyDeficitPct: 30, coverageDays: 333 }],
    ['no Gulf crude', { ...base, gulfShare: 0 }, { supplyDeficitPct: 0, coverageDays: MAX_COVER_DAYS }],
    ['a net exporter', { ...base, netExporter: true }, { supplyDeficitPct: 50, coverageDays: -1 }],
    ['unpublished stocks', { ...base, daysOfCover: undefined }, { supplyDeficitPct: 50, coverageDays: 0 }],
    [
      'an unmodelled chokepoint',
      { ...base, chokepointId: 'panama' },
      { supplyDeficitPct: 0, coverageDays: MAX_COVER_DAYS },
    ],
  ])('%s', (_what, inputs, expected) => expect(energyShock(inputs)).toEqual(expected));

  it('keeps the deficit within 0-100 and grows with the Gulf share (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1.5, noNaN: true }),
        (share, ratio) => {
          const a = energyShock({ ...base, gulfShare: share / 2, flowRatio: ratio }).supplyDeficitPct;
          const b = energyShock({ ...base, gulfShare: share, flowRatio: ratio }).supplyDeficitPct;
          expect(b).toBeGreaterThanOrEqual(a);
          expect(b).toBeLessThanOrEqual(100);
        },
      ),
    );
  });
});
