import type { Dataset, DatasetSource, Previous } from '../../../../platform/snapshots/dataset.js';
import {
  NBS_PRESS_RELEASES,
  NBS_RELEASE_CALENDAR,
  SAFE_DATA_RELEASES,
  fetchNewestLinked,
  parseNbsCalendar,
  parseNbsRelease,
  parseSafeReserves,
  parseSafeSettlement,
  type ReleaseObservation,
} from '../../../../sources/china-macro/releases.js';

export const CHINA_MACRO = 'economic.china-macro';

/** One official reading as read from its release page, with when it was taken in. */
export interface ChinaObservationRecord extends ReleaseObservation {
  kind: 'observation';
  seriesId: string;
  /** The page read (the listing's link target live; the listing address for the bundled sample). */
  sourceUrl: string;
  /** Ingestion moment, epoch ms. */
  retrievalTime: number;
  /** Figures published for this period so far, oldest first; the last is the current one. */
  vintages: ChinaVintage[];
}

/** One published figure of a period: the first is `original`, a later different figure `revised`. */
export interface ChinaVintage {
  sequence: number;
  state: 'original' | 'revised';
  value: number;
  contentHash: string;
  releaseTime: number;
  retrievalTime: number;
}

/** One dated release of the NBS calendar. */
export interface ChinaReleaseRecord {
  kind: 'release';
  item: string;
  date: string;
  time: string;
}

export type ChinaMacroRecord = ChinaObservationRecord | ChinaReleaseRecord;

export interface ChinaMacroInfo {
  /** Sources that did not answer in the run that built the snapshot (set by the runner). */
  missingSources?: string[];
}

/** Source key -> the series it carries and how its page is read. */
export const CHINA_PAGES = {
  industrial: {
    seriesId: 'nbs_industrial_value_added_yoy',
    list: NBS_PRESS_RELEASES,
    title: /^Industrial Production Operation in /i,
    read: (b: Buffer) => parseNbsRelease(b, 'industrial_value_added'),
  },
  investment: {
    seriesId: 'nbs_fixed_asset_investment_yoy',
    list: NBS_PRESS_RELEASES,
    title: /^Investment in Fixed Assets for January to /i,
    read: (b: Buffer) => parseNbsRelease(b, 'fixed_asset_investment'),
  },
  property: {
    seriesId: 'nbs_real_estate_investment_yoy',
    list: NBS_PRESS_RELEASES,
    title: /Real Estate Development for January to /i,
    read: (b: Buffer) => parseNbsRelease(b, 'real_estate_investment'),
  },
  reserves: {
    seriesId: 'safe_fx_reserves',
    list: SAFE_DATA_RELEASES,
    title: /Foreign Exchange Reserves at the End of /i,
    read: parseSafeReserves,
  },
  settlement: {
    seriesId: 'safe_bank_fx_settlement',
    list: SAFE_DATA_RELEASES,
    title: /Foreign Exchange Settlement and Sales by Banks in /i,
    read: parseSafeSettlement,
  },
} as const;

const SAMPLES: Record<keyof typeof CHINA_PAGES, string> = {
  industrial: 'economic/china/nbs-industrial-production-2026-10.requests.json',
  investment: 'economic/china/nbs-fixed-asset-investment-2026-10.requests.json',
  property: 'economic/china/nbs-real-estate-2026-10.requests.json',
  reserves: 'economic/china/safe-fx-reserves-2026-10.requests.json',
  settlement: 'economic/china/safe-bank-fx-settlement-2026-10.requests.json',
};

const sources: Record<string, DatasetSource> = {};
for (const [key, page] of Object.entries(CHINA_PAGES)) {
  // Each release may fail alone: its series is then reported missing in-band.
  sources[key] = {
    url: page.list,
    sample: SAMPLES[key as keyof typeof CHINA_PAGES],
    optional: true,
    fetch: (get) => fetchNewestLinked(get, page.list, page.title),
  };
}
sources.calendar = {
  url: NBS_RELEASE_CALENDAR,
  sample: 'economic/china/nbs-release-calendar-2026.html',
  optional: true,
};

/**
 * The vintages of a reading: those held for the same series and period, plus this figure when it
 * differs from the last one held (a revision); a new period starts over with an original.
 */
export function vintagesOf(
  reading: ReleaseObservation,
  seriesId: string,
  now: number,
  previous?: readonly ChinaMacroRecord[],
): ChinaVintage[] {
  const held =
    previous?.find(
      (r): r is ChinaObservationRecord =>
        r.kind === 'observation' && r.seriesId === seriesId && r.period === reading.period,
    )?.vintages ?? [];
  const last = held.at(-1);
  if (last && last.value === reading.value) return held;
  const next: ChinaVintage = {
    sequence: (last?.sequence ?? 0) + 1,
    state: last ? 'revised' : 'original',
    value: reading.value,
    contentHash: reading.contentHash,
    releaseTime: reading.releaseTime,
    retrievalTime: now,
  };
  return [...held, next];
}

/** Release pages and the calendar -> one record per reading and per calendar date; at least one reading is needed. */
export function buildChinaMacro(
  payloads: Partial<Record<string, Buffer>>,
  now: number,
  previous?: Previous<ChinaMacroRecord, ChinaMacroInfo>,
): ChinaMacroRecord[] {
  const out: ChinaMacroRecord[] = [];
  for (const [key, page] of Object.entries(CHINA_PAGES)) {
    const bytes = payloads[key];
    if (!bytes) continue;
    const reading = page.read(bytes);
    out.push({
      kind: 'observation',
      seriesId: page.seriesId,
      sourceUrl: page.list,
      retrievalTime: now,
      ...reading,
      vintages: vintagesOf(reading, page.seriesId, now, previous?.records),
    });
  }
  if (out.length === 0) throw new Error('China macro: no NBS or SAFE release page was read');
  if (payloads.calendar)
    out.push(...parseNbsCalendar(payloads.calendar).map((r) => ({ kind: 'release' as const, ...r })));
  return out;
}

export const chinaMacroDataset: Dataset<ChinaMacroRecord, ChinaMacroInfo> = {
  name: CHINA_MACRO,
  source:
    'National Bureau of Statistics of China and State Administration of Foreign Exchange English press releases (HTML), NBS release calendar',
  // Monthly releases: a week without a new page is normal.
  kind: 'live',
  maxStaleMinutes: 7 * 24 * 60,
  sources,
  parse: (payloads, now, previous) => ({ records: buildChinaMacro(payloads, now, previous), info: {} }),
};
