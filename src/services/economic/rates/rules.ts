/**
 * The twelve economies the BIS operations serve (policy rates, effective exchange rates, credit to
 * GDP), in response order. BIS reference areas are ISO alpha-2 codes except `XM`, the euro area.
 */
export const BIS_ECONOMIES: readonly { code: string; name: string; centralBank: string }[] = [
  { code: 'US', name: 'United States', centralBank: 'Federal Reserve' },
  { code: 'XM', name: 'Euro Area', centralBank: 'European Central Bank' },
  { code: 'GB', name: 'United Kingdom', centralBank: 'Bank of England' },
  { code: 'JP', name: 'Japan', centralBank: 'Bank of Japan' },
  { code: 'CH', name: 'Switzerland', centralBank: 'Swiss National Bank' },
  { code: 'CA', name: 'Canada', centralBank: 'Bank of Canada' },
  { code: 'AU', name: 'Australia', centralBank: 'Reserve Bank of Australia' },
  { code: 'CN', name: 'China', centralBank: "People's Bank of China" },
  { code: 'IN', name: 'India', centralBank: 'Reserve Bank of India' },
  { code: 'KR', name: 'South Korea', centralBank: 'Bank of Korea' },
  { code: 'SG', name: 'Singapore', centralBank: 'Monetary Authority of Singapore' },
  { code: 'BR', name: 'Brazil', centralBank: 'Central Bank of Brazil' },
];

/**
 * An SDMX time period as a calendar date: a daily period is itself; a monthly one (`2026-10`)
 * becomes its last day, since the monthly policy-rate observation is the rate in force at month end.
 * Undefined for anything else.
 */
export function periodToDate(period: string): string | undefined {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(period);
  if (day) {
    const d = new Date(Date.UTC(+day[1], +day[2] - 1, +day[3]));
    return d.getUTCMonth() === +day[2] - 1 && d.getUTCDate() === +day[3] ? period : undefined;
  }
  const month = /^(\d{4})-(?:M)?(\d{2})$/.exec(period);
  if (!month || +month[2] < 1 || +month[2] > 12) return undefined;
  const last = new Date(Date.UTC(+month[1], +month[2], 0));
  return last.toISOString().slice(0, 10);
}

export const round = (v: number, dp: number) => Math.round(v * 10 ** dp) / 10 ** dp;

/** Percent change from `previous` to `latest`, one decimal; 0 without a usable base. */
export function pctChange1(latest: number, previous: number | undefined): number {
  if (previous === undefined || previous === 0) return 0;
  return round(((latest - previous) / previous) * 100, 1);
}

/** `YYYY-MM` periods counted back from a moment: the first month of a window `months` long. */
export function monthsBack(now: number, months: number): string {
  const d = new Date(now);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1));
  return first.toISOString().slice(0, 7);
}

/** Currencies of the ECB euro reference rates served, as pairs quoted per one euro, in response order. */
export const ECB_FX_CURRENCIES: readonly string[] = ['USD', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'CNY'];

/** Maturities of the euro-area AAA government spot curve served, as ECB series suffixes `SR_<tenor>`. */
export const YIELD_TENORS: readonly string[] = ['1Y', '2Y', '5Y', '10Y', '20Y', '30Y'];
/** A curve needs at least this many tenors to be published. */
export const MIN_YIELD_TENORS = 4;

/** Bands of the ECB composite indicator of systemic stress (0 to 1). */
export function fsiLabel(value: number): string {
  if (value < 0.2) return 'Low';
  if (value < 0.4) return 'Moderate';
  if (value < 0.6) return 'Elevated';
  return 'High';
}

/** The systemic stress reading counts as stale once its latest day is this old. */
export const FSI_STALE_DAYS = 14;

export function isFsiStale(latestDate: string, now: number): boolean {
  const t = Date.parse(`${latestDate}T00:00:00Z`);
  return !Number.isFinite(t) || now - t > FSI_STALE_DAYS * 86_400_000;
}
