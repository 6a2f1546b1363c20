import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { earningsCalendarUrl, finnhubHeaders, parseEarningsCalendar } from '../../../../sources/finnhub/index.js';
import { keepEarning, MAX_CALENDAR_ROWS, surpriseDirection } from '../rules.js';

export const EARNINGS_CALENDAR = 'market.earnings-calendar';

export interface StoredEarning {
  symbol: string;
  date: string;
  hour: string;
  epsEstimate: number;
  revenueEstimate: number;
  epsActual: number;
  revenueActual: number;
  hasActuals: boolean;
  surpriseDirection: string;
}

const DAY = 86_400_000;

/** Sizeable reports, by date then by revenue estimate (largest first), the first 100; at least three. */
export function buildEarnings(bytes: Buffer): { records: StoredEarning[] } {
  const rows = parseEarningsCalendar(bytes)
    .filter((r) => keepEarning(r.revenueEstimate, r.epsEstimate))
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        (b.revenueEstimate ?? 0) - (a.revenueEstimate ?? 0) ||
        a.symbol.localeCompare(b.symbol),
    )
    .slice(0, MAX_CALENDAR_ROWS);
  if (rows.length < 3)
    throw new Error(`Finnhub earnings calendar holds only ${rows.length} sizeable reports (at least 3 expected)`);
  return {
    records: rows.map((r) => ({
      symbol: r.symbol,
      date: r.date,
      hour: r.hour ?? '',
      epsEstimate: r.epsEstimate ?? 0,
      revenueEstimate: r.revenueEstimate ?? 0,
      epsActual: r.epsActual ?? 0,
      revenueActual: r.revenueActual ?? 0,
      hasActuals: r.epsActual !== null && r.epsActual !== undefined,
      surpriseDirection: surpriseDirection(r.epsActual, r.epsEstimate),
    })),
  };
}

export const earningsCalendarDataset: Dataset<StoredEarning> = {
  name: EARNINGS_CALENDAR,
  source: 'Finnhub earnings calendar',
  kind: 'live',
  maxStaleMinutes: 24 * 60,
  sources: {
    finnhub: {
      url: earningsCalendarUrl(Date.UTC(2026, 10, 13), Date.UTC(2026, 11, 4)),
      urlAt: (now) => earningsCalendarUrl(now - 7 * DAY, now + 14 * DAY),
      sample: 'market/finnhub-earnings-calendar.json',
      requires: ['FINNHUB_API_KEY'],
      headers: finnhubHeaders,
    },
  },
  parse: (payloads) => buildEarnings(payloads.finnhub!),
};
