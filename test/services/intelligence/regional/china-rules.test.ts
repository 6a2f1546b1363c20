import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  capSnapshot,
  composeDecisionSnapshot,
  GROUP_IDS,
  momentum,
  monthsBetween,
  nextMonth,
  type DecisionInputs,
} from '../../../../src/services/intelligence/regional/china-rules.js';
import {
  classify,
  DISCLOSURE_TOPICS,
  POLICY_TOPICS,
} from '../../../../src/services/intelligence/regional/china-documents.js';
import type { NbsObservation } from '../../../../src/sources/nbs/easyquery.js';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const obs = (code: string, period: string, value: number): NbsObservation => ({
  indicatorCode: code,
  indicator: code,
  unit: '',
  period,
  value,
});
const months = ['2026-07', '2026-08', '2026-09', '2026-10'];
const fullMacro = ['A01010101', 'A01080101', 'A02010201', 'A0B0101', 'A07010101', 'A08010101'].flatMap((c) =>
  months.map((p, i) => obs(c, p, 50 + i)),
);

const compose = (over: Partial<DecisionInputs>) => composeDecisionSnapshot({ now: NOW, ...over });
const state = (s: ReturnType<typeof compose>, id: string) => s.groups.find((g) => g.id === id)!;

describe('group states', () => {
  it.each([
    ['all six indicators, fresh', fullMacro, NOW, false, 'available'],
    [
      'three indicators',
      fullMacro.filter((o) => ['A01010101', 'A01080101', 'A02010201'].includes(o.indicatorCode)),
      NOW,
      false,
      'partial',
    ],
    ['last refresh failed', fullMacro, NOW, true, 'stale'],
    ['newest period three months before the fetch', fullMacro, Date.parse('2027-01-15T00:00:00Z'), false, 'stale'],
  ] as const)('macro with %s -> %s', (_what, rows, fetchedAt, failed, expected) => {
    expect(state(compose({ macro: { rows, fetchedAt, failed } }), 'macro').state).toBe(expected);
  });

  it('cross-strait activity goes stale past three days without a report', () => {
    const report = {
      date: '2026-11-16',
      url: 'https://www.mnd.gov.tw/en/news/plaact/1',
      aircraftSorties: 3,
      medianLineCrossings: 0,
      navalVessels: 2,
      officialShips: 0,
      summary: '',
    };
    expect(
      state(
        compose({ crossStrait: { rows: [report], fetchedAt: Date.parse('2026-11-18T12:00:00Z'), failed: false } }),
        'cross-strait-activity',
      ).state,
    ).toBe('available');
    const late = state(
      compose({ crossStrait: { rows: [report], fetchedAt: Date.parse('2026-11-20T12:00:00Z'), failed: false } }),
      'cross-strait-activity',
    );
    expect(late.state).toBe('stale');
    expect(late.reason).toMatch(/more than 3 days old/);
  });

  it('unavailable groups carry a reason and no items; the others at most four items', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), (m, c, k) => {
        const s = compose({
          ...(m ? { macro: { rows: fullMacro, fetchedAt: NOW, failed: false } } : {}),
          ...(c ? { crossStrait: { rows: [], fetchedAt: NOW, failed: false } } : {}),
          ...(k
            ? {
                corridors: {
                  rows: [
                    { id: 'taiwan_strait', name: 'Taiwan Strait', threatLevel: 'elevated', threatDescription: '' },
                  ],
                  fetchedAt: NOW,
                  failed: false,
                  reviewedAt: '2026-11-01',
                },
              }
            : {}),
        });
        expect(s.groups.map((g) => g.id)).toEqual([...GROUP_IDS]);
        for (const g of s.groups) {
          if (g.state === 'unavailable') {
            expect(g.items).toEqual([]);
            expect(g.reason).toBeTruthy();
          } else expect(g.items.length).toBeGreaterThanOrEqual(1);
          expect(g.items.length).toBeLessThanOrEqual(4);
        }
      }),
    );
  });
});

describe('helpers', () => {
  it.each([
    [[1, 2, 3], undefined],
    [[5, 5, 5, 5], 0],
    [[4, 5, 6, 8], 3],
  ] as const)('momentum(%j) = %s', (xs, m) => expect(momentum(xs)).toBe(m));

  it.each([
    ['2026-10', '2026-11'],
    ['2026-12', '2027-01'],
  ])('nextMonth(%s) = %s', (a, b) => expect(nextMonth(a)).toBe(b));

  it('months between periods', () => expect(monthsBetween('2026-10', '2027-01')).toBe(3));

  it('caps the serialised snapshot by dropping items, never a group', () => {
    const s = compose({ macro: { rows: fullMacro, fetchedAt: NOW, failed: false } });
    const big = {
      ...s,
      groups: s.groups.map((g) => ({
        ...g,
        items: g.items.map((i) => ({ ...i, metadata: { pad: 'x'.repeat(20_000) } })),
      })),
    };
    const capped = capSnapshot(big, 65_536);
    expect(Buffer.byteLength(JSON.stringify(capped))).toBeLessThanOrEqual(65_536);
    expect(capped.groups.map((g) => g.id)).toEqual([...GROUP_IDS]);
    for (const g of capped.groups) if (g.state !== 'unavailable') expect(g.items.length).toBeGreaterThanOrEqual(1);
  });
});

describe('document typing', () => {
  it.each([
    ['关于对部分物项实施出口管制的公告', 'export-control'],
    ['反倾销调查的最终裁定', 'trade-remedy'],
    ['列入不可靠实体清单的公告', 'unreliable-entity-list'],
    ['关于促进服务消费的指导意见', 'general-policy'],
  ])('policy title %s -> %s', (title, id) => expect(classify(title, POLICY_TOPICS, 'general-policy').id).toBe(id));

  it.each([
    ['关于以集中竞价交易方式回购公司股份的进展公告', 'buyback'],
    ['关于股东减持股份计划的公告', 'stake-reduction'],
    ['关于控股子公司收购海外锂矿项目的公告', 'acquisition'],
    ['关于董事会换届选举的公告', 'routine'],
  ])('announcement %s -> %s', (title, id) => expect(classify(title, DISCLOSURE_TOPICS, 'routine').id).toBe(id));
});
