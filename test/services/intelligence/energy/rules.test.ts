import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampDisruption,
  coverageLevel,
  gasShock,
  gulfShareOf,
  limitations,
  MAX_COVER_DAYS,
  oilAssessment,
  oilShock,
  SHOCK_CHOKEPOINTS,
  type OilShockInputs,
} from '../../../../src/services/intelligence/energy/rules.js';

const base: OilShockInputs = {
  chokepointId: 'hormuz_strait',
  disruptionPct: 100,
  gulfShare: 0.5,
  crudeImportsKbd: 1000,
  demandKbd: { GASOLINE: 400, GASDIES: 300, JETKERO: 100, LPG: 50 },
  daysOfCover: 90,
  netExporter: false,
};

describe('gulfShareOf', () => {
  it.each([
    [
      'Gulf partners over the World total',
      {
        worldUsd: 100,
        partners: [
          { iso2: 'SA', usd: 30 },
          { iso2: 'IQ', usd: 10 },
          { iso2: 'RU', usd: 40 },
        ],
      },
      0.4,
    ],
    [
      'the partners’ sum without a World row',
      {
        partners: [
          { iso2: 'AE', usd: 30 },
          { iso2: 'US', usd: 10 },
        ],
      },
      0.75,
    ],
    ['no Gulf partner', { worldUsd: 50, partners: [{ iso2: 'CA', usd: 50 }] }, 0],
  ])('%s', (_, imports, share) => {
    expect(gulfShareOf(imports)).toBeCloseTo(share, 6);
  });
  it('is undefined without any import', () => {
    expect(gulfShareOf({ partners: [] })).toBeUndefined();
    expect(gulfShareOf({ worldUsd: 0, partners: [{ iso2: 'SA', usd: 0 }] })).toBeUndefined();
  });
});

describe('oilShock', () => {
  it.each([
    // chokepoint, pct, ratio -> exposed share, crude loss
    ['hormuz_strait', 100, undefined, 0.5, 500],
    ['suez', 100, undefined, 0.3, 300],
    ['malacca_strait', 50, undefined, 0.35, 175],
    ['bab_el_mandeb', 100, 0.5, 0.5 * 0.5, 250],
  ] as const)('%s at %d%% (flow ratio %s)', (cp, pct, ratio, share, loss) => {
    const r = oilShock({
      ...base,
      chokepointId: cp,
      disruptionPct: pct,
      ...(ratio !== undefined ? { liveFlowRatio: ratio } : {}),
    });
    expect(r.gulfCrudeShare).toBeCloseTo(share, 3);
    expect(r.crudeLossKbd).toBeCloseTo(loss, 1);
  });
  it('derives product deficits from refinery yields and stock cover from the lost share', () => {
    const r = oilShock(base);
    expect(r.products).toEqual([
      { product: 'Gasoline', outputLossKbd: 220, demandKbd: 400, deficitPct: 55 },
      { product: 'Diesel', outputLossKbd: 150, demandKbd: 300, deficitPct: 50 },
      { product: 'Jet fuel', outputLossKbd: 50, demandKbd: 100, deficitPct: 50 },
      { product: 'LPG', outputLossKbd: 25, demandKbd: 50, deficitPct: 50 },
    ]);
    // 90 days / (500/1000)
    expect(r.effectiveCoverDays).toBe(180);
  });
  it.each([
    ['a net exporter', { netExporter: true }, -1],
    ['no stocks', { daysOfCover: undefined }, 0],
    ['no Gulf crude', { gulfShare: 0 }, 90],
    ['a tiny loss', { gulfShare: 0.001 }, MAX_COVER_DAYS],
  ])('cover days for %s', (_, patch, days) => {
    expect(oilShock({ ...base, ...patch }).effectiveCoverDays).toBe(days);
  });
  it('keeps more disruption from lengthening cover at vanishing import volumes (a counterexample fast-check found)', () => {
    const i = {
      ...base,
      chokepointId: 'hormuz_strait' as const,
      gulfShare: 0.7776666666666675,
      liveFlowRatio: 1.4999999999999984,
      crudeImportsKbd: 1.5e-323,
      daysOfCover: 1,
    };
    expect(oilShock({ ...i, disruptionPct: 13 }).effectiveCoverDays).toBeLessThanOrEqual(
      oilShock({ ...i, disruptionPct: 10 }).effectiveCoverDays,
    );
  });
  it('properties: bounded shares, deficits and cover; more disruption never loses less', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SHOCK_CHOKEPOINTS),
        fc.integer({ min: 10, max: 100 }),
        fc.integer({ min: 10, max: 100 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1.5, noNaN: true }),
        fc.double({ min: 0, max: 20000, noNaN: true }),
        fc.integer({ min: 0, max: 400 }),
        (cp, a, b, share, ratio, imports, days) => {
          const i = {
            ...base,
            chokepointId: cp,
            gulfShare: share,
            liveFlowRatio: ratio,
            crudeImportsKbd: imports,
            daysOfCover: days,
          };
          const lo = oilShock({ ...i, disruptionPct: Math.min(a, b) });
          const hi = oilShock({ ...i, disruptionPct: Math.max(a, b) });
          expect(hi.crudeLossKbd).toBeGreaterThanOrEqual(lo.crudeLossKbd);
          expect(hi.gulfCrudeShare).toBeGreaterThanOrEqual(0);
          expect(hi.gulfCrudeShare).toBeLessThanOrEqual(1.5);
          expect(hi.crudeLossKbd).toBeLessThanOrEqual(imports * 1.5 + 0.05);
          for (const p of hi.products) {
            expect(p.deficitPct).toBeGreaterThanOrEqual(0);
            expect(p.deficitPct).toBeLessThanOrEqual(100);
          }
          expect(hi.effectiveCoverDays).toBeGreaterThanOrEqual(0);
          expect(hi.effectiveCoverDays).toBeLessThanOrEqual(MAX_COVER_DAYS);
          expect(hi.effectiveCoverDays).toBeLessThanOrEqual(lo.effectiveCoverDays);
        },
      ),
    );
  });
});

describe('gasShock', () => {
  it('LNG lost by route share, deficit against demand, storage buffer in days', () => {
    const r = gasShock({
      chokepointId: 'malacca_strait',
      disruptionPct: 100,
      lngImportsTj: 100000,
      pipeImportsTj: 100000,
      totalDemandTj: 250000,
      storageTwh: 10,
    });
    expect(r).toEqual({
      lngShareOfImports: 0.5,
      lngDisruptionTj: 50000,
      deficitPct: 20,
      bufferDays: Math.round((10 * 3600) / (50000 / 30)),
    });
  });
  it('has no buffer without storage and a full one without loss', () => {
    expect(
      gasShock({ chokepointId: 'suez', disruptionPct: 50, lngImportsTj: 0, pipeImportsTj: 10, totalDemandTj: 10 }),
    ).toEqual({ lngShareOfImports: 0, lngDisruptionTj: 0, deficitPct: 0 });
    expect(
      gasShock({
        chokepointId: 'suez',
        disruptionPct: 50,
        lngImportsTj: 0,
        pipeImportsTj: 10,
        totalDemandTj: 10,
        storageTwh: 1,
      }).bufferDays,
    ).toBe(MAX_COVER_DAYS);
  });
  it('properties: deficit within 0-100 and share within 0-1', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SHOCK_CHOKEPOINTS),
        fc.integer({ min: 10, max: 100 }),
        fc.nat(1e6),
        fc.nat(1e6),
        fc.nat(1e6),
        (cp, pct, lng, pipe, demand) => {
          const r = gasShock({
            chokepointId: cp,
            disruptionPct: pct,
            lngImportsTj: lng,
            pipeImportsTj: pipe,
            totalDemandTj: demand,
          });
          expect(r.deficitPct).toBeGreaterThanOrEqual(0);
          expect(r.deficitPct).toBeLessThanOrEqual(100);
          expect(r.lngShareOfImports).toBeGreaterThanOrEqual(0);
          expect(r.lngShareOfImports).toBeLessThanOrEqual(1);
          expect(r.lngDisruptionTj).toBeLessThanOrEqual(lng);
        },
      ),
    );
  });
});

describe('clampDisruption, coverage, assessment, limitations', () => {
  it.each([
    [0, 10],
    [9.6, 10],
    [55.4, 55],
    [100, 100],
    [250, 100],
  ])('disruption %d -> %d', (pct, out) => expect(clampDisruption(pct)).toBe(out));

  it.each([
    [{ jodiOil: false, comtrade: true, ieaStocks: true, degraded: false }, 'unsupported'],
    [{ jodiOil: true, comtrade: false, ieaStocks: true, degraded: false }, 'partial'],
    [{ jodiOil: true, comtrade: true, ieaStocks: false, degraded: false }, 'partial'],
    [{ jodiOil: true, comtrade: true, ieaStocks: true, degraded: true }, 'partial'],
    [{ jodiOil: true, comtrade: true, ieaStocks: true, degraded: false }, 'full'],
  ])('coverage %o -> %s', (c, level) => expect(coverageLevel(c)).toBe(level));

  const facts = {
    countryCode: 'XX',
    chokepointId: 'hormuz_strait' as const,
    disruptionPct: 100,
    jodiOil: true,
    netExporter: false,
    comtrade: true,
    gulfShare: 0.5,
    ieaStocks: true,
  };
  it.each([
    [{ jodiOil: false }, /^Insufficient data/],
    [{ netExporter: true }, /net oil exporter/],
    [{ gulfShare: 0.05 }, /^Limited impact: only 5% /],
    [{ shock: { ...oilShock(base), effectiveCoverDays: MAX_COVER_DAYS } }, /indefinitely/],
    [{ shock: { ...oilShock(base), effectiveCoverDays: 120 } }, /for about 120 days/],
    [
      { shock: { ...oilShock(base), effectiveCoverDays: 30 } },
      /^Worst product shortfall: Gasoline at 55% of demand\. IEA stocks cover about 30 days/,
    ],
  ])('assessment %#', (patch, text) => {
    expect(oilAssessment({ ...facts, shock: oilShock(base), ...patch })).toMatch(text);
  });
  it('a proxied share is never called limited', () => {
    expect(
      oilAssessment({
        ...facts,
        comtrade: false,
        gulfShare: 0.05,
        shock: { ...oilShock(base), effectiveCoverDays: 30 },
      }),
    ).toMatch(/^Worst product/);
  });

  it('names the proxy, missing stocks, flows, fossil power, reserve regime and LNG caveats', () => {
    const all = limitations({
      oil: true,
      gas: true,
      comtrade: false,
      partnerSumShare: false,
      ieaStocks: false,
      degraded: true,
      emberFossilShare: 80,
    });
    expect(all).toHaveLength(7);
    expect(all[0]).toMatch(/proxy of 40%/);
    expect(all.some((l) => /not classified/.test(l))).toBe(true);
    expect(
      limitations({
        oil: true,
        gas: false,
        comtrade: true,
        partnerSumShare: false,
        ieaStocks: true,
        degraded: false,
        spr: { regime: 'government_spr', ieaMember: false },
      }),
    ).toEqual([
      'Product losses assume average refinery yields (gasoline 44%, diesel 30%, jet fuel 10%, LPG 5%).',
      'Government reserve outside the IEA coordinated system: releases are at national discretion.',
    ]);
  });
});
