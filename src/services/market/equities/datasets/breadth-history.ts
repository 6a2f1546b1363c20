import type { Dataset, Previous } from '../../../../platform/snapshots/dataset.js';
import { eodUrl, parseBarchartEod } from '../../../../sources/barchart/eod.js';

export const BREADTH_HISTORY = 'market.breadth-history';

/** Share of S&P 500 members above their 20-, 50- and 200-day averages, as Barchart publishes them. */
export const BREADTH_SERIES = { s5tw: '$S5TW', s5fi: '$S5FI', s5th: '$S5TH' } as const;
/** Sessions of history kept (about a year). */
export const BREADTH_KEEP = 252;

/** One session; a reading the upstream did not give is absent, not zero. */
export interface BreadthRow {
  date: string;
  pctAbove20d?: number;
  pctAbove50d?: number;
  pctAbove200d?: number;
}

export interface BreadthInfo {
  /** When the newest reading was taken in, epoch ms. */
  updatedAt: number;
}

/**
 * Accumulates: the rows held so far, updated (same date) or extended (new date) by the readings
 * fetched now, newest `BREADTH_KEEP` sessions kept, oldest first.
 */
export function buildBreadth(
  payloads: Partial<Record<keyof typeof BREADTH_SERIES, Buffer>>,
  now: number,
  previous?: Previous<BreadthRow, BreadthInfo>,
): { records: BreadthRow[]; info: BreadthInfo } {
  const byDate = new Map<string, BreadthRow>((previous?.records ?? []).map((r) => [r.date, { ...r }]));
  const fields = { s5tw: 'pctAbove20d', s5fi: 'pctAbove50d', s5th: 'pctAbove200d' } as const;
  let any = false;
  for (const key of Object.keys(BREADTH_SERIES) as (keyof typeof BREADTH_SERIES)[]) {
    const bytes = payloads[key];
    if (!bytes) continue;
    for (const c of parseBarchartEod(bytes)) {
      const row = byDate.get(c.date) ?? { date: c.date };
      row[fields[key]] = Math.round(c.close * 100) / 100;
      byDate.set(c.date, row);
      any = true;
    }
  }
  if (!any) throw new Error('no Barchart breadth series answered');
  const records = [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date)).slice(-BREADTH_KEEP);
  return { records, info: { updatedAt: now } };
}

const source = (key: keyof typeof BREADTH_SERIES) => ({
  url: eodUrl(BREADTH_SERIES[key]),
  sample: `market/barchart-eod-${key}.csv`,
  // One series missing keeps the others (its readings stay absent for the new sessions).
  optional: true,
  headers: () => ({ accept: 'text/plain' }),
});

export const breadthHistoryDataset: Dataset<BreadthRow, BreadthInfo> = {
  name: BREADTH_HISTORY,
  source: 'Barchart end-of-day series of S&P 500 breadth ($S5TW, $S5FI, $S5TH), accumulated',
  kind: 'live',
  maxStaleMinutes: 2 * 24 * 60,
  sources: { s5tw: source('s5tw'), s5fi: source('s5fi'), s5th: source('s5th') },
  parse: (payloads, now, previous) => buildBreadth(payloads, now, previous),
};
