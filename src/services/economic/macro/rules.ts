/**
 * The series the FRED dataset holds, with FRED's own title, units and frequency (FRED changes these
 * rarely; they are kept here rather than fetched per series). GSCPI is the New York Fed's index,
 * stored in the same shape. These are the ids get-fred-series and the batch accept.
 */
export const FRED_SERIES: readonly { id: string; title: string; units: string; frequency: string }[] = [
  {
    id: 'BAMLC0A0CM',
    title: 'ICE BofA US Corporate Index Option-Adjusted Spread',
    units: 'Percent',
    frequency: 'Daily, Close',
  },
  {
    id: 'BAMLH0A0HYM2',
    title: 'ICE BofA US High Yield Index Option-Adjusted Spread',
    units: 'Percent',
    frequency: 'Daily, Close',
  },
  {
    id: 'CPIAUCSL',
    title: 'Consumer Price Index for All Urban Consumers: All Items in U.S. City Average',
    units: 'Index 1982-1984=100',
    frequency: 'Monthly',
  },
  {
    id: 'DCOILWTICO',
    title: 'Crude Oil Prices: West Texas Intermediate (WTI) - Cushing, Oklahoma',
    units: 'Dollars per Barrel',
    frequency: 'Daily',
  },
  {
    id: 'DGS10',
    title: 'Market Yield on U.S. Treasury Securities at 10-Year Constant Maturity',
    units: 'Percent',
    frequency: 'Daily',
  },
  {
    id: 'DGS1',
    title: 'Market Yield on U.S. Treasury Securities at 1-Year Constant Maturity',
    units: 'Percent',
    frequency: 'Daily',
  },
  {
    id: 'DGS1MO',
    title: 'Market Yield on U.S. Treasury Securities at 1-Month Constant Maturity',
    units: 'Percent',
    frequency: 'Daily',
  },
  {
    id: 'DGS2',
    title: 'Market Yield on U.S. Treasury Securities at 2-Year Constant Maturity',
    units: 'Percent',
    frequency: 'Daily',
  },
  {
    id: 'DGS30',
    title: 'Market Yield on U.S. Treasury Securities at 30-Year Constant Maturity',
    units: 'Percent',
    frequency: 'Daily',
  },
  {
    id: 'DGS3MO',
    title: 'Market Yield on U.S. Treasury Securities at 3-Month Constant Maturity',
    units: 'Percent',
    frequency: 'Daily',
  },
  {
    id: 'DGS5',
    title: 'Market Yield on U.S. Treasury Securities at 5-Year Constant Maturity',
    units: 'Percent',
    frequency: 'Daily',
  },
  {
    id: 'DGS6MO',
    title: 'Market Yield on U.S. Treasury Securities at 6-Month Constant Maturity',
    units: 'Percent',
    frequency: 'Daily',
  },
  {
    id: 'ECIALLCIV',
    title: 'Employment Cost Index: Total Compensation for All Civilian Workers',
    units: 'Index Dec 2005=100',
    frequency: 'Quarterly',
  },
  { id: 'FEDFUNDS', title: 'Federal Funds Effective Rate', units: 'Percent', frequency: 'Monthly' },
  { id: 'GDP', title: 'Gross Domestic Product', units: 'Billions of Dollars', frequency: 'Quarterly' },
  { id: 'GSCPI', title: 'Global Supply Chain Pressure Index', units: 'Standard Deviations', frequency: 'Monthly' },
  { id: 'ICSA', title: 'Initial Claims', units: 'Number', frequency: 'Weekly, Ending Saturday' },
  { id: 'M2SL', title: 'M2', units: 'Billions of Dollars', frequency: 'Monthly' },
  {
    id: 'MORTGAGE30US',
    title: '30-Year Fixed Rate Mortgage Average in the United States',
    units: 'Percent',
    frequency: 'Weekly, Ending Thursday',
  },
  { id: 'SOFR', title: 'Secured Overnight Financing Rate', units: 'Percent', frequency: 'Daily' },
  { id: 'STLFSI4', title: 'St. Louis Fed Financial Stress Index', units: 'Index', frequency: 'Weekly, Ending Friday' },
  {
    id: 'T10Y2Y',
    title: '10-Year Treasury Constant Maturity Minus 2-Year Treasury Constant Maturity',
    units: 'Percent',
    frequency: 'Daily',
  },
  {
    id: 'T10Y3M',
    title: '10-Year Treasury Constant Maturity Minus 3-Month Treasury Constant Maturity',
    units: 'Percent',
    frequency: 'Daily',
  },
  { id: 'UNRATE', title: 'Unemployment Rate', units: 'Percent', frequency: 'Monthly' },
  { id: 'USPRIV', title: 'All Employees, Total Private', units: 'Thousands of Persons', frequency: 'Monthly' },
  { id: 'VIXCLS', title: 'CBOE Volatility Index: VIX', units: 'Index', frequency: 'Daily, Close' },
  {
    id: 'WALCL',
    title: 'Assets: Total Assets: Total Assets (Less Eliminations from Consolidation): Wednesday Level',
    units: 'Millions of U.S. Dollars',
    frequency: 'Weekly, As of Wednesday',
  },
];

export const FRED_SERIES_IDS: ReadonlySet<string> = new Set(FRED_SERIES.map((s) => s.id));

/** The series get-fred-series answers when none is named: the headline policy rate (the dataset's anchor). */
export const FRED_DEFAULT_SERIES = 'FEDFUNDS';

/** Series the batch returns when the request names none: the headline rates, prices and activity. */
export const DEFAULT_BATCH_SERIES = [
  'CPIAUCSL',
  'DGS10',
  'DGS2',
  'FEDFUNDS',
  'GDP',
  'T10Y2Y',
  'UNRATE',
  'VIXCLS',
] as const;

export const FRED_DEFAULT_LIMIT = 120;
export const FRED_MAX_LIMIT = 1000;
export const BATCH_MAX_SERIES = 20;

/** Observations to return: omitted or not positive means the default, larger than the cap means the cap. */
export function observationLimit(limit: number | undefined, fallback: number, cap: number): number {
  if (limit === undefined || limit <= 0) return fallback;
  return Math.min(limit, cap);
}

/** The newest `limit` items of a date-ordered list, still in date order. */
export function newest<T>(items: readonly T[], limit: number): T[] {
  return items.slice(Math.max(0, items.length - limit));
}

// ---------------------------------------------------------------------------------------------
// Economic stress index
// ---------------------------------------------------------------------------------------------

/**
 * The six components of the composite: each maps its latest reading linearly onto 0-100 (clamped)
 * between a calm and a stressed level. Yield-curve spreads score higher as they invert; VIX from
 * 15 (calm) to 80; the St. Louis Fed index from -1 to 5; GSCPI from -2 to 4 standard deviations;
 * initial claims from 180k to 500k a week.
 */
export const STRESS_COMPONENTS: readonly {
  id: string;
  label: string;
  weight: number;
  score: (v: number) => number;
  optional: boolean;
}[] = [
  { id: 'T10Y2Y', label: 'Yield Curve', weight: 0.2, score: (v) => ((0.5 - v) / 2.0) * 100, optional: false },
  { id: 'T10Y3M', label: 'Bank Spread', weight: 0.15, score: (v) => ((0.5 - v) / 1.5) * 100, optional: false },
  { id: 'VIXCLS', label: 'Volatility', weight: 0.2, score: (v) => ((v - 15) / 65) * 100, optional: false },
  { id: 'STLFSI4', label: 'Financial Stress', weight: 0.2, score: (v) => ((v + 1) / 6) * 100, optional: false },
  { id: 'GSCPI', label: 'Supply Chain', weight: 0.15, score: (v) => ((v + 2) / 6) * 100, optional: true },
  { id: 'ICSA', label: 'Job Claims', weight: 0.1, score: (v) => ((v - 180_000) / 320_000) * 100, optional: false },
];

export interface StressComponent {
  id: string;
  label: string;
  rawValue: number;
  score: number;
  weight: number;
  missing: boolean;
}

export interface StressIndex {
  compositeScore: number;
  label: string;
  components: StressComponent[];
}

export const round = (v: number, dp: number) => Math.round(v * 10 ** dp) / 10 ** dp;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export function stressLabel(score: number): string {
  if (score < 20) return 'Low';
  if (score < 40) return 'Moderate';
  if (score < 60) return 'Elevated';
  if (score < 80) return 'Severe';
  return 'Critical';
}

/**
 * The composite from each component's latest reading: the weighted mean of the present
 * components' scores, one decimal. Only the supply-chain index may be missing (it is then flagged
 * and left out of the weights); any other gap means no index at all (undefined).
 */
export function computeStressIndex(latest: ReadonlyMap<string, number>): StressIndex | undefined {
  const components: StressComponent[] = [];
  let sum = 0;
  let weights = 0;
  for (const c of STRESS_COMPONENTS) {
    const raw = latest.get(c.id);
    if (raw === undefined || !Number.isFinite(raw)) {
      if (!c.optional) return undefined;
      components.push({ id: c.id, label: c.label, rawValue: 0, score: 0, weight: c.weight, missing: true });
      continue;
    }
    const score = round(clamp(c.score(raw), 0, 100), 1);
    components.push({ id: c.id, label: c.label, rawValue: raw, score, weight: c.weight, missing: false });
    sum += clamp(c.score(raw), 0, 100) * c.weight;
    weights += c.weight;
  }
  const compositeScore = round(sum / weights, 1);
  return { compositeScore, label: stressLabel(compositeScore), components };
}

// ---------------------------------------------------------------------------------------------
// BLS series (served from their FRED mirrors)
// ---------------------------------------------------------------------------------------------

/** The two BLS series served, by BLS-style title; the FRED dataset holds their observations. */
export const BLS_SERIES: readonly { id: string; title: string; units: string }[] = [
  { id: 'USPRIV', title: 'Total Private Nonfarm Payrolls', units: 'Thousands of Persons' },
  { id: 'ECIALLCIV', title: 'Employment Cost Index - All Civilian Workers', units: 'Index Dec 2005=100' },
];

export const BLS_DEFAULT_LIMIT = 60;
export const BLS_MAX_LIMIT = 500;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A FRED observation in BLS terms: year, `Mnn` period and month name, the value as text. Quarterly
 * series keep the month of their period start (`M07` for the third quarter), as the BLS mirror does.
 */
export function blsObservation(o: { date: string; value: number }): {
  year: string;
  period: string;
  periodName: string;
  value: string;
} {
  const [year, month] = o.date.split('-');
  return { year, period: `M${month}`, periodName: MONTH_NAMES[Number(month) - 1] ?? '', value: String(o.value) };
}

// ---------------------------------------------------------------------------------------------
// World Bank indicators
// ---------------------------------------------------------------------------------------------

/** The World Development Indicators held in the snapshot. */
export const WORLD_BANK_INDICATORS: readonly { code: string; name: string }[] = [
  { code: 'NY.GDP.MKTP.CD', name: 'GDP (current US$)' },
  { code: 'IT.NET.USER.ZS', name: 'Individuals using the Internet (% of population)' },
  { code: 'FP.CPI.TOTL.ZG', name: 'Inflation, consumer prices (annual %)' },
];

/** Economies asked for (ISO alpha-3): major, technology and regional economies. */
export const WORLD_BANK_COUNTRIES: readonly string[] = [
  'USA',
  'CHN',
  'JPN',
  'DEU',
  'KOR',
  'GBR',
  'IND',
  'ISR',
  'SGP',
  'TWN',
  'FRA',
  'CAN',
  'SWE',
  'NLD',
  'CHE',
  'FIN',
  'IRL',
  'AUS',
  'BRA',
  'IDN',
  'ARE',
  'SAU',
  'QAT',
  'BHR',
  'EGY',
  'TUR',
  'MYS',
  'THA',
  'VNM',
  'PHL',
  'ESP',
  'ITA',
  'POL',
  'CZE',
  'DNK',
  'NOR',
  'AUT',
  'BEL',
  'PRT',
  'EST',
  'MEX',
  'ARG',
  'CHL',
  'COL',
  'ZAF',
  'NGA',
  'KEN',
];

/** Years of history held, counted back from the current year. */
export const WORLD_BANK_YEARS = 6;
export const WORLD_BANK_MAX_PAGE = 1000;

// ---------------------------------------------------------------------------------------------
// Eurostat country data
// ---------------------------------------------------------------------------------------------

/** EU economies summarised from Eurostat, by Eurostat geo code (ISO alpha-2 for these). */
export const EUROSTAT_COUNTRIES: readonly string[] = ['DE', 'FR', 'IT', 'ES', 'PL', 'NL', 'BE', 'AT', 'SE', 'CZ'];

/** A snapshot with fewer countries than this is refused as a broken run. */
export const EUROSTAT_MIN_COUNTRIES = 5;

export type EurostatMetricName = 'cpi' | 'unemployment' | 'gdpGrowth';

export interface EurostatMetric {
  value: number;
  date: string;
  unit: string;
  priorValue: number;
  hasPrior: boolean;
}

/** The newest value and the one before it (2 decimals); `hasPrior` says whether there was one. */
export function latestMetric(obs: readonly { period: string; value: number }[]): EurostatMetric | undefined {
  const latest = obs.at(-1);
  if (!latest) return undefined;
  const prior = obs.at(-2);
  return {
    value: round(latest.value, 2),
    date: latest.period,
    unit: '%',
    priorValue: prior ? round(prior.value, 2) : 0,
    hasPrior: prior !== undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Economic calendar
// ---------------------------------------------------------------------------------------------

export interface CalendarEvent {
  event: string;
  country: string;
  /** YYYY-MM-DD */
  date: string;
  impact: string;
  unit: string;
}

/** Eurostat datasets whose next planned release is listed. */
export const CALENDAR_EUROSTAT: readonly { dataset: string; event: string; country: string; impact: string }[] = [
  { dataset: 'prc_hicp_manr', event: 'EU HICP (CPI)', country: 'EU', impact: 'high' },
  { dataset: 'une_rt_m', event: 'EU Unemployment Rate', country: 'EU', impact: 'medium' },
  { dataset: 'namq_10_gdp', event: 'Euro Area GDP', country: 'EA', impact: 'high' },
];

/** FRED releases listed as US events. */
export const CALENDAR_FRED_RELEASES: readonly { releaseId: number; event: string; unit: string }[] = [
  { releaseId: 10, event: 'CPI', unit: '%' },
  { releaseId: 50, event: 'Nonfarm Payrolls', unit: 'K' },
  { releaseId: 53, event: 'GDP', unit: '%' },
  { releaseId: 54, event: 'PCE', unit: '%' },
  { releaseId: 9, event: 'Retail Sales', unit: '%' },
];

/** Default window: from yesterday to 31 days ahead (UTC). */
export function defaultCalendarWindow(now: number): { from: string; to: string } {
  const day = 86_400_000;
  return {
    from: new Date(now - day).toISOString().slice(0, 10),
    to: new Date(now + 31 * day).toISOString().slice(0, 10),
  };
}
