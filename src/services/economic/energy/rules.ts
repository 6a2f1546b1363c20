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
export function weeklyLevels(
  points: readonly WeeklyPoint[],
  weeks: number,
  scale: number,
): { period: string; level: number; change?: number }[] {
  const desc = [...points].sort((a, b) => (a.period < b.period ? 1 : a.period > b.period ? -1 : 0));
  return desc.slice(0, weeks).map((p, i) => {
    const older = desc[i + 1];
    const level = round(p.value / scale, 3);
    return older
      ? { period: p.period, level, change: round((p.value - older.value) / scale, 3) }
      : { period: p.period, level };
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
export function capacitySeries(
  rows: readonly CapabilityRow[],
): { energySource: string; name: string; data: { year: number; capacityMw: number }[] }[] {
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

// ---------------------------------------------------------------------------------------------
// EU gas storage
// ---------------------------------------------------------------------------------------------

/** Average EU daily gas consumption assumed when expressing storage as days of use, TWh a day. */
export const EU_DAILY_CONSUMPTION_TWH = 18;

/** Injecting above +0.05 points a day, withdrawing below -0.05, otherwise stable. */
export function gasTrend(change1d: number): 'injecting' | 'withdrawing' | 'stable' {
  if (change1d > 0.05) return 'injecting';
  if (change1d < -0.05) return 'withdrawing';
  return 'stable';
}

// ---------------------------------------------------------------------------------------------
// IEA oil stocks
// ---------------------------------------------------------------------------------------------

/** Days of net imports an IEA member must hold. */
export const IEA_OBLIGATION_DAYS = 90;
/** A total above this many days is a reporting artefact, left out of the analysis. */
export const IEA_ANOMALY_DAYS = 500;

export type IeaRegion = 'europe' | 'asiaPacific' | 'northAmerica';

/** The 32 IEA member countries by the names the IEA tables use, with region. */
export const IEA_MEMBERS: readonly { name: string; iso2: string; region: IeaRegion; aliases?: string[] }[] = [
  { name: 'Australia', iso2: 'AU', region: 'asiaPacific' },
  { name: 'Austria', iso2: 'AT', region: 'europe' },
  { name: 'Belgium', iso2: 'BE', region: 'europe' },
  { name: 'Canada', iso2: 'CA', region: 'northAmerica' },
  { name: 'Czech Republic', iso2: 'CZ', region: 'europe', aliases: ['Czechia'] },
  { name: 'Denmark', iso2: 'DK', region: 'europe' },
  { name: 'Estonia', iso2: 'EE', region: 'europe' },
  { name: 'Finland', iso2: 'FI', region: 'europe' },
  { name: 'France', iso2: 'FR', region: 'europe' },
  { name: 'Germany', iso2: 'DE', region: 'europe' },
  { name: 'Greece', iso2: 'GR', region: 'europe' },
  { name: 'Hungary', iso2: 'HU', region: 'europe' },
  { name: 'Ireland', iso2: 'IE', region: 'europe' },
  { name: 'Italy', iso2: 'IT', region: 'europe' },
  { name: 'Japan', iso2: 'JP', region: 'asiaPacific' },
  { name: 'Korea', iso2: 'KR', region: 'asiaPacific', aliases: ['Republic of Korea', 'South Korea'] },
  { name: 'Latvia', iso2: 'LV', region: 'europe' },
  { name: 'Lithuania', iso2: 'LT', region: 'europe' },
  { name: 'Luxembourg', iso2: 'LU', region: 'europe' },
  { name: 'Mexico', iso2: 'MX', region: 'northAmerica' },
  { name: 'Netherlands', iso2: 'NL', region: 'europe' },
  { name: 'New Zealand', iso2: 'NZ', region: 'asiaPacific' },
  { name: 'Norway', iso2: 'NO', region: 'europe' },
  { name: 'Poland', iso2: 'PL', region: 'europe' },
  { name: 'Portugal', iso2: 'PT', region: 'europe' },
  { name: 'Slovak Republic', iso2: 'SK', region: 'europe', aliases: ['Slovakia'] },
  { name: 'Spain', iso2: 'ES', region: 'europe' },
  { name: 'Sweden', iso2: 'SE', region: 'europe' },
  { name: 'Switzerland', iso2: 'CH', region: 'europe' },
  { name: 'Türkiye', iso2: 'TR', region: 'europe', aliases: ['Turkey', 'Republic of Türkiye'] },
  { name: 'United Kingdom', iso2: 'GB', region: 'europe' },
  { name: 'United States', iso2: 'US', region: 'northAmerica' },
];

const MEMBER_BY_NAME = new Map(
  IEA_MEMBERS.flatMap((m) => [m.name, ...(m.aliases ?? [])].map((n) => [n.toLowerCase(), m] as const)),
);

export function ieaMember(name: string) {
  return MEMBER_BY_NAME.get(name.trim().toLowerCase());
}

/** A member's stock position: days of cover (whole days) or a net exporter. */
export interface MemberStocks {
  iso2: string;
  region: IeaRegion;
  daysOfCover?: number;
  netExporter: boolean;
}

export interface AnalysedMember extends MemberStocks {
  belowObligation: boolean;
  obligationMet: boolean;
  rank: number;
  vsObligation?: number;
}

export interface RegionStats {
  avgDays?: number;
  minDays?: number;
  countBelowObligation: number;
  netExporters: number;
}

export interface OilStocksAnalysis {
  members: AnalysedMember[];
  belowObligation: string[];
  regions: Record<IeaRegion, RegionStats>;
}

/**
 * Ranks members (importers by days of cover, most first; net exporters last; ties by code), marks
 * who is below the 90-day obligation and summarises each region over its importers with data.
 */
export function analyseOilStocks(stocks: readonly MemberStocks[]): OilStocksAnalysis {
  const sorted = [...stocks].sort((a, b) => {
    if (a.netExporter !== b.netExporter) return a.netExporter ? 1 : -1;
    const d = (b.daysOfCover ?? -1) - (a.daysOfCover ?? -1);
    return d !== 0 ? d : a.iso2 < b.iso2 ? -1 : 1;
  });
  const members = sorted.map((m, i): AnalysedMember => {
    const below = !m.netExporter && m.daysOfCover !== undefined && m.daysOfCover < IEA_OBLIGATION_DAYS;
    return {
      ...m,
      belowObligation: below,
      obligationMet: m.netExporter || (m.daysOfCover !== undefined && m.daysOfCover >= IEA_OBLIGATION_DAYS),
      rank: i + 1,
      ...(m.daysOfCover !== undefined && !m.netExporter ? { vsObligation: m.daysOfCover - IEA_OBLIGATION_DAYS } : {}),
    };
  });
  const regions = {} as Record<IeaRegion, RegionStats>;
  for (const region of ['europe', 'asiaPacific', 'northAmerica'] as const) {
    const inRegion = members.filter((m) => m.region === region);
    const days = inRegion.filter((m) => !m.netExporter && m.daysOfCover !== undefined).map((m) => m.daysOfCover!);
    regions[region] = {
      ...(days.length > 0
        ? { avgDays: Math.round(days.reduce((s, d) => s + d, 0) / days.length), minDays: Math.min(...days) }
        : {}),
      countBelowObligation: inRegion.filter((m) => m.belowObligation).length,
      netExporters: inRegion.filter((m) => m.netExporter).length,
    };
  }
  return { members, belowObligation: members.filter((m) => m.belowObligation).map((m) => m.iso2), regions };
}

// ---------------------------------------------------------------------------------------------
// Energy crisis policies
// ---------------------------------------------------------------------------------------------

/** Conservation cuts energy use; consumer support shields buyers from prices. */
export const CRISIS_POLICY_CATEGORIES = ['conservation', 'consumer_support'] as const;

export const CRISIS_POLICY_SECTORS = [
  'Transport',
  'Cooling',
  'Campaign',
  'Work from home',
  'Government travel',
  'Schools and universities',
  'Taxation',
  'Price caps',
  'Fuel subsidies',
  'Other',
] as const;
