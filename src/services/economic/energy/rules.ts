export const round = (v: number, dp: number) => Math.round(v * 10 ** dp) / 10 ** dp;

/** Percent change from `previous` to `latest`; 0 when there is no usable base. */
export function pctChange(latest: number, previous: number | undefined): number {
  if (previous === undefined || previous === 0) return 0;
  return ((latest - previous) / previous) * 100;
}

/** Crude benchmarks priced from the EIA weekly spot series, in response order. */
export const ENERGY_COMMODITIES: readonly { commodity: string; series: string; name: string }[] = [
  { commodity: 'wti', series: 'RWTC', name: 'WTI Crude Oil' },
  { commodity: 'brent', series: 'RBRTE', name: 'Brent Crude Oil' },
];

/** EIA weekly series the inventories read. */
export const EIA_SERIES = {
  crudeStocks: 'WCRSTUS1',
  sprStocks: 'WCSSTUS1',
  refineryInput: 'WCRRIUS2',
  natGasStorage: 'NW2_EPG0_SWO_R48_BCF',
} as const;

/** Weeks an inventory answer lists (one more row is read to give the oldest its change). */
export const INVENTORY_WEEKS = 8;

export interface WeeklyPoint {
  period: string;
  value: number;
}

/**
 * The newest weeks, newest first, each with its change from the week before. A week whose
 * predecessor is not in the data has no change (undefined) rather than a made-up zero.
 */
export function weeklyLevels(points: readonly WeeklyPoint[], weeks: number, scale: number): { period: string; level: number; change?: number }[] {
  const desc = [...points].sort((a, b) => (a.period < b.period ? 1 : a.period > b.period ? -1 : 0));
  return desc.slice(0, weeks).map((p, i) => {
    const older = desc[i + 1];
    const level = round(p.value / scale, 3);
    return older ? { period: p.period, level, change: round((p.value - older.value) / scale, 3) } : { period: p.period, level };
  });
}

/** Energy sources of the capacity series, in response order; coal falls back to its sub-types. */
export const CAPACITY_SOURCES: readonly { id: string; name: string }[] = [
  { id: 'SUN', name: 'Solar' },
  { id: 'WND', name: 'Wind' },
  { id: 'COL', name: 'Coal' },
];

/** Bituminous, subbituminous, lignite and refined coal: summed when EIA reports no `COL` rows for a year. */
export const COAL_SUBTYPES: readonly string[] = ['BIT', 'SUB', 'LIG', 'RC'];

export interface CapabilityRow {
  year: number;
  state: string;
  energySource: string;
  capabilityMw: number;
}

/**
 * US generating capacity per source and year, summed over states, years ascending. For coal, a
 * state-year with `COL` rows uses them; otherwise the sum of its coal sub-types counts.
 */
export function capacitySeries(rows: readonly CapabilityRow[]): { energySource: string; name: string; data: { year: number; capacityMw: number }[] }[] {
  const out = [];
  for (const src of CAPACITY_SOURCES) {
    const byYear = new Map<number, number>();
    const add = (year: number, mw: number) => byYear.set(year, (byYear.get(year) ?? 0) + mw);
    if (src.id === 'COL') {
      const stateYears = new Map<string, { col?: number; sub: number }>();
      for (const r of rows) {
        const isCol = r.energySource === 'COL';
        if (!isCol && !COAL_SUBTYPES.includes(r.energySource)) continue;
        const key = `${r.year}|${r.state}`;
        const e = stateYears.get(key) ?? { sub: 0 };
        if (isCol) e.col = (e.col ?? 0) + r.capabilityMw;
        else e.sub += r.capabilityMw;
        stateYears.set(key, e);
      }
      for (const [key, e] of stateYears) add(Number(key.split('|')[0]), e.col ?? e.sub);
    } else {
      for (const r of rows) if (r.energySource === src.id) add(r.year, r.capabilityMw);
    }
    const data = [...byYear].sort((a, b) => a[0] - b[0]).map(([year, mw]) => ({ year, capacityMw: round(mw, 1) }));
    if (data.length > 0) out.push({ energySource: src.id, name: src.name, data });
  }
  return out;
}
