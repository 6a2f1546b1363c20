export const round = (v: number, dp: number) => Math.round(v * 10 ** dp) / 10 ** dp;

/** WEO codes of country groups and territories, left out of a per-country list. */
export const WEO_AGGREGATES: ReadonlySet<string> = new Set([
  'ADVEC',
  'EMEDE',
  'EURO',
  'MECA',
  'OEMDC',
  'WEOWORLD',
  'EU',
  'AS5',
  'DA',
  'EDE',
  'MAE',
  'OAE',
  'SSA',
  'WE',
  'EMDE',
  'G20',
  'ABW',
  'PRI',
  'WBG',
]);

/** A WEO code that stands for one country: three letters, not a group, not a `...Q` regional code. */
export function isWeoCountry(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && !WEO_AGGREGATES.has(code) && !code.endsWith('Q');
}

const SECONDS_PER_YEAR = 365.25 * 86_400;

export interface WeoInputs {
  /** General government gross debt, percent of GDP, by year. */
  debtPct: ReadonlyMap<number, number>;
  /** GDP, current US dollars, billions, by year. */
  gdpBn: ReadonlyMap<number, number>;
  /** General government net lending (+) or borrowing (-), percent of GDP, by year. */
  netLendingPct: ReadonlyMap<number, number>;
}

export interface DebtEntry {
  iso3: string;
  debtUsd: number;
  gdpUsd: number;
  debtToGdp: number;
  annualGrowth: number;
  perSecondRate: number;
  perDayRate: number;
}

const latestYear = (m: ReadonlyMap<number, number>, ok: (v: number) => boolean) =>
  [...m.entries()].filter(([, v]) => ok(v)).sort((a, b) => b[0] - a[0])[0];

/**
 * One country's debt clock: debt = latest positive debt ratio x latest positive GDP; growth is the
 * change of the debt ratio from the year before, percent; a deficit (negative net lending) accrues
 * at |net lending| x GDP spread evenly over the year, a surplus accrues nothing. `overrideDebtUsd`
 * replaces the computed debt (the US Treasury's own figure for the United States).
 */
export function debtEntry(iso3: string, w: WeoInputs, overrideDebtUsd?: number): DebtEntry | undefined {
  const debt = latestYear(w.debtPct, (v) => v > 0);
  const gdp = latestYear(w.gdpBn, (v) => v > 0);
  if (!debt || !gdp) return undefined;
  const gdpUsd = gdp[1] * 1e9;
  const prior = w.debtPct.get(debt[0] - 1);
  const nl = latestYear(w.netLendingPct, () => true);
  const deficitPerYear = nl && nl[1] < 0 ? (Math.abs(nl[1]) / 100) * gdpUsd : 0;
  return {
    iso3,
    debtUsd: overrideDebtUsd ?? round((debt[1] / 100) * gdpUsd, 0),
    gdpUsd,
    debtToGdp: round(debt[1], 2),
    annualGrowth: prior && prior > 0 ? round(((debt[1] - prior) / prior) * 100, 2) : 0,
    perSecondRate: round(deficitPerYear / SECONDS_PER_YEAR, 2),
    perDayRate: round(deficitPerYear / 365.25, 0),
  };
}
