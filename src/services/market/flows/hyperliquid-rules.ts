/** Pure rules of the Hyperliquid flow board: per-poll risk scores against each asset's own recent polls. */

export type AssetClass = 'crypto' | 'commodity' | 'fx';

/** The watched perpetuals: crypto majors and tokenised gold on the main dex, commodities and FX on the `xyz` dex. */
export const HL_ASSETS: readonly { symbol: string; display: string; assetClass: AssetClass; group: string }[] = [
  { symbol: 'BTC', display: 'BTC', assetClass: 'crypto', group: 'crypto' },
  { symbol: 'ETH', display: 'ETH', assetClass: 'crypto', group: 'crypto' },
  { symbol: 'SOL', display: 'SOL', assetClass: 'crypto', group: 'crypto' },
  { symbol: 'PAXG', display: 'PAXG', assetClass: 'crypto', group: 'metals' },
  { symbol: 'xyz:CL', display: 'WTI', assetClass: 'commodity', group: 'energy' },
  { symbol: 'xyz:BRENTOIL', display: 'Brent', assetClass: 'commodity', group: 'energy' },
  { symbol: 'xyz:NATGAS', display: 'Nat Gas', assetClass: 'commodity', group: 'energy' },
  { symbol: 'xyz:GOLD', display: 'Gold', assetClass: 'commodity', group: 'metals' },
  { symbol: 'xyz:SILVER', display: 'Silver', assetClass: 'commodity', group: 'metals' },
  { symbol: 'xyz:PLATINUM', display: 'Platinum', assetClass: 'commodity', group: 'metals' },
  { symbol: 'xyz:PALLADIUM', display: 'Palladium', assetClass: 'commodity', group: 'metals' },
  { symbol: 'xyz:COPPER', display: 'Copper', assetClass: 'commodity', group: 'metals' },
  { symbol: 'xyz:EUR', display: 'EUR', assetClass: 'fx', group: 'fx' },
  { symbol: 'xyz:JPY', display: 'JPY', assetClass: 'fx', group: 'fx' },
];

/** Readings that score 100: hourly funding rate, volume multiple, OI change over the baseline, mark/oracle gap. */
export const THRESHOLDS = {
  crypto: { funding: 0.001, volume: 5, oi: 0.2, basis: 0.05 },
  other: { funding: 0.0005, volume: 3, oi: 0.15, basis: 0.03 },
} as const;

/** Polls a baseline needs (an hour at the five-minute cadence). */
export const BASELINE_POLLS = 12;
/** A longer gap between polls breaks the open-interest baseline. */
export const MAX_POLL_GAP_MS = 15 * 60_000;
/** Volume is only scored for markets trading at least this much a day (US dollars). */
export const MIN_DAY_NOTIONAL = 500_000;
/** Samples kept per asset (the sparkline length). */
export const KEEP_SAMPLES = 60;
/** Polls an asset may be missing from before it is dropped. */
export const MAX_MISSING_POLLS = 3;
export const ALERT_AT = 60;

export interface Sample {
  t: number;
  funding: number;
  oi: number;
  mark: number;
  oracle: number;
  dayNtl: number;
  composite: number;
}

export interface Scores {
  fundingScore: number;
  volumeScore: number;
  oiScore: number;
  basisScore: number;
  composite: number;
  /** Fewer than a baseline of earlier polls: volume and OI cannot be scored yet. */
  warmup: boolean;
}

const cap = (x: number) => (Number.isFinite(x) ? Math.min(100, Math.max(0, x * 100)) : 0);
const r1 = (x: number) => Math.round(x * 10) / 10;

/** Scores of the reading `cur` against the asset's earlier samples (oldest first). */
export function scoreSample(cur: Omit<Sample, 'composite'>, prior: readonly Sample[], assetClass: AssetClass): Scores {
  const thr = assetClass === 'crypto' ? THRESHOLDS.crypto : THRESHOLDS.other;
  const base = prior.slice(-BASELINE_POLLS);
  const enough = base.length >= BASELINE_POLLS;
  const fundingScore = cap(Math.abs(cur.funding) / thr.funding);
  const meanNtl = base.reduce((s, p) => s + p.dayNtl, 0) / (base.length || 1);
  const volumeScore =
    enough && cur.dayNtl >= MIN_DAY_NOTIONAL && meanNtl > 0 ? cap(cur.dayNtl / meanNtl / thr.volume) : 0;
  const chain = [...base.map((p) => p.t), cur.t];
  const unbroken = chain.every((t, i) => i === 0 || t - chain[i - 1] <= MAX_POLL_GAP_MS);
  const oiScore = enough && unbroken && base[0].oi > 0 ? cap(Math.abs(cur.oi - base[0].oi) / base[0].oi / thr.oi) : 0;
  const basisScore = cur.oracle > 0 ? cap(Math.abs(cur.mark - cur.oracle) / cur.oracle / thr.basis) : 0;
  const composite = r1(0.3 * fundingScore + 0.25 * volumeScore + 0.25 * oiScore + 0.2 * basisScore);
  return {
    fundingScore: r1(fundingScore),
    volumeScore: r1(volumeScore),
    oiScore: r1(oiScore),
    basisScore: r1(basisScore),
    composite,
    warmup: !enough,
  };
}

export function alertsFor(s: Scores): string[] {
  return !s.warmup && s.composite >= ALERT_AT ? [`HIGH RISK ${Math.round(s.composite)}/100`] : [];
}
