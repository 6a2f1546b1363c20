import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import {
  type CotRow,
  cotUrl,
  DISAGGREGATED_DATASET,
  parseCotRows,
  TFF_DATASET,
} from '../../../../sources/cftc/socrata.js';

export const COT = 'market.cot';

/** The instruments of the positioning board: financial futures from TFF, commodities from the disaggregated report. */
export const COT_INSTRUMENTS: readonly {
  code: string;
  contract: string;
  name: string;
  report: 'tff' | 'disaggregated';
}[] = [
  { code: 'ES', contract: '13874A', name: 'S&P 500 E-mini', report: 'tff' },
  { code: 'NQ', contract: '209742', name: 'Nasdaq-100 E-mini', report: 'tff' },
  { code: 'ZN', contract: '043602', name: '10-Year T-Note', report: 'tff' },
  { code: 'ZT', contract: '042601', name: '2-Year T-Note', report: 'tff' },
  { code: 'EC', contract: '099741', name: 'Euro FX', report: 'tff' },
  { code: 'JY', contract: '097741', name: 'Japanese Yen', report: 'tff' },
  { code: 'GC', contract: '088691', name: 'Gold', report: 'disaggregated' },
  { code: 'SI', contract: '084691', name: 'Silver', report: 'disaggregated' },
  { code: 'CL', contract: '067651', name: 'WTI Crude Oil', report: 'disaggregated' },
];

/** Long and short contracts of one trader category. */
export interface Side {
  long: number;
  short: number;
}

/** One instrument's latest report and, for week-on-week changes, the one before. */
export interface StoredCot {
  code: string;
  name: string;
  reportDate: string;
  openInterest: number;
  /** TFF asset managers; managed money in the disaggregated report. */
  assetManager: Side;
  /** TFF leveraged funds; other reportables in the disaggregated report. */
  leveragedFunds: Side;
  /** TFF dealers; producers/merchants plus swap dealers in the disaggregated report. */
  dealer: Side;
  /** Non-reportable positions, when the report gives both sides. */
  smallTraders: Side | undefined;
  /** The disaggregated report's own categories (commodities only). */
  managedMoney?: Side;
  producerSwap?: Side;
  previous?: { managedMoney?: Side; producerSwap?: Side; assetManager: Side };
}

const side = (v: Record<string, number>, long: string, short: string): Side => ({
  long: v[long] ?? 0,
  short: v[short] ?? 0,
});
const sum = (a: Side, b: Side): Side => ({ long: a.long + b.long, short: a.short + b.short });

function categories(row: CotRow, report: 'tff' | 'disaggregated') {
  const v = row.values;
  const small =
    v.nonrept_positions_long_all !== undefined && v.nonrept_positions_short_all !== undefined
      ? side(v, 'nonrept_positions_long_all', 'nonrept_positions_short_all')
      : undefined;
  if (report === 'tff') {
    return {
      assetManager: side(v, 'asset_mgr_positions_long', 'asset_mgr_positions_short'),
      leveragedFunds: side(v, 'lev_money_positions_long', 'lev_money_positions_short'),
      dealer: side(v, 'dealer_positions_long_all', 'dealer_positions_short_all'),
      smallTraders: small,
    };
  }
  const managedMoney = side(v, 'm_money_positions_long_all', 'm_money_positions_short_all');
  // Socrata's column for swap dealers' shorts really has a double underscore.
  const producerSwap = sum(
    side(v, 'prod_merc_positions_long', 'prod_merc_positions_short'),
    side(v, 'swap_positions_long_all', 'swap__positions_short_all'),
  );
  return {
    assetManager: managedMoney,
    leveragedFunds: side(v, 'other_rept_positions_long', 'other_rept_positions_short'),
    dealer: producerSwap,
    smallTraders: small,
    managedMoney,
    producerSwap,
  };
}

export function buildCot(tff: Buffer, disaggregated: Buffer): { records: StoredCot[] } {
  const rows = { tff: parseCotRows(tff), disaggregated: parseCotRows(disaggregated) };
  const records = COT_INSTRUMENTS.flatMap((inst): StoredCot[] => {
    const mine = rows[inst.report]
      .filter((r) => r.code === inst.contract)
      .sort((a, b) => b.reportDate.localeCompare(a.reportDate));
    if (!mine.length) return [];
    const [latest, before] = mine;
    const now = categories(latest, inst.report);
    const prev = before ? categories(before, inst.report) : undefined;
    return [
      {
        code: inst.code,
        name: inst.name,
        reportDate: latest.reportDate,
        openInterest: latest.values.open_interest_all ?? 0,
        ...now,
        ...(prev
          ? {
              previous: {
                assetManager: prev.assetManager,
                managedMoney: prev.managedMoney,
                producerSwap: prev.producerSwap,
              },
            }
          : {}),
      },
    ];
  });
  return { records };
}

const codes = (report: 'tff' | 'disaggregated') =>
  COT_INSTRUMENTS.filter((i) => i.report === report).map((i) => i.contract);

export const cotDataset: Dataset<StoredCot> = {
  name: COT,
  source:
    'CFTC Commitments of Traders (Public Reporting Environment: TFF and disaggregated, futures and options combined)',
  kind: 'live',
  maxStaleMinutes: 10 * 24 * 60,
  sources: {
    tff: {
      url: cotUrl(TFF_DATASET, codes('tff')),
      sample: 'market/cftc-tff-combined.json',
      headers: () => ({ accept: 'application/json' }),
    },
    disaggregated: {
      url: cotUrl(DISAGGREGATED_DATASET, codes('disaggregated')),
      sample: 'market/cftc-disaggregated-combined.json',
      headers: () => ({ accept: 'application/json' }),
    },
  },
  parse: (payloads) => buildCot(payloads.tff!, payloads.disaggregated!),
};
