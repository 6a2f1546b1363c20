import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import {
  buildNationalDebt,
  nationalDebtDataset,
} from '../../../../src/services/economic/fiscal/datasets/national-debt.js';
import { debtEntry, isWeoCountry } from '../../../../src/services/economic/fiscal/rules.js';

const PATH = '/api/economic/v1/get-national-debt';
const sample = (f: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'economic', f));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [nationalDebtDataset], clock: new ManualClock(SAMPLE_NOW) });
});
afterAll(() => app.close());

describe('GET get-national-debt', () => {
  it('serves a debt clock per country, largest debt first, country groups left out', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.entries.map((e: { iso3: string }) => e.iso3)).toEqual(['USA', 'JPN', 'ITA', 'DEU', 'NOR']);
    expect(res.body.entries[0]).toEqual({
      iso3: 'USA',
      debtUsd: 40213568412905.37, // Debt to the Penny, 18 Nov 2026: about $2 T above the $38 T of October 2025
      gdpUsd: 33010500000000,
      debtToGdp: 125.9,
      annualGrowth: 1.45,
      perSecondRate: 71130.69,
      perDayRate: 6145691992,
      baselineTs: String(Date.UTC(2027, 0, 1)),
      source: 'IMF WEO 2027 + US Treasury FiscalData',
    });
    expect(res.body).toMatchObject({ seededAt: new Date(SAMPLE_NOW).toISOString(), unavailable: false });
  });

  it('uses the latest year with a debt ratio, and accrues nothing for a surplus', async () => {
    const entries = (await app.get(PATH)).body.entries;
    expect(entries.find((e: { iso3: string }) => e.iso3 === 'ITA')).toMatchObject({
      debtUsd: 3600429600000,
      debtToGdp: 137.4,
      annualGrowth: 0.44,
      source: 'IMF WEO 2027',
    });
    expect(entries.find((e: { iso3: string }) => e.iso3 === 'NOR')).toMatchObject({
      debtUsd: 213880500000,
      perSecondRate: 0,
      perDayRate: 0,
    });
  });

  it('is for PRO plans and above', async () => {
    const free = await app.createKey({ plan: 'free' });
    const res = await app.get(PATH, { 'x-service-key': free.key });
    expect(res.status).toBe(403);
  });
});

describe('national debt rules', () => {
  it.each([
    ['USA', true],
    ['G20', false],
    ['WEOWORLD', false],
    ['ABW', false],
    ['XYQ', false],
    ['us', false],
  ])('%s is a country: %s', (code, yes) => expect(isWeoCountry(code)).toBe(yes));

  it('computes debt from the latest ratio and GDP without the Treasury figure', () => {
    const payloads = {
      debt: sample('imf/weo-GGXWDG_NGDP.json'),
      gdp: sample('imf/weo-NGDPD.json'),
      netLending: sample('imf/weo-GGXCNL_NGDP.json'),
    };
    const usa = buildNationalDebt(payloads).records.find((r) => r.iso3 === 'USA')!;
    expect(usa).toMatchObject({ debtUsd: Math.round(1.259 * 33010.5e9), source: 'IMF WEO 2027' });
  });

  it('accrues per second and per day the same yearly deficit', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 300, noNaN: true }),
        fc.double({ min: 1, max: 30000, noNaN: true }),
        fc.double({ min: -20, max: 20, noNaN: true }),
        (debt, gdp, nl) => {
          const e = debtEntry('AAA', {
            debtPct: new Map([[2026, debt]]),
            gdpBn: new Map([[2026, gdp]]),
            netLendingPct: new Map([[2026, nl]]),
          })!;
          if (nl >= 0) expect(e.perSecondRate).toBe(0);
          else expect(Math.abs(e.perSecondRate * 86_400 - e.perDayRate)).toBeLessThanOrEqual(86_400 * 0.005 + 1);
          expect(e.debtUsd).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('refuses a WEO answer without countries', () => {
    const empty =
      '{"data":{"dataSets":[{"series":{}}],"structures":[{"dimensions":{"series":[{"id":"COUNTRY","values":[]}],"observation":[{"id":"TIME_PERIOD","values":[]}]}}]}}';
    expect(() =>
      buildNationalDebt({ debt: Buffer.from(empty), gdp: Buffer.from(empty), netLending: Buffer.from(empty) }),
    ).toThrow(/no country/);
  });
});

describe('get-national-debt without a snapshot', () => {
  it('is empty, unavailable and uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ entries: [], seededAt: '', unavailable: true });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
