import { z } from 'zod';
import { inputSample, type Dataset, type Previous } from '../../../platform/snapshots/dataset.js';
import { appendScores, scoresOf, type HistoryPoint } from '../history-rules.js';
import { ipcDataset, parseIpc, parseWhoGho, parseWorldBank, whoDataset, worldBankDataset } from './indicators.js';

export type { HistoryPoint } from '../history-rules.js';

export const SCORE_HISTORY = 'resilience.score-history';

export interface ScoreHistoryInfo {
  /** When the latest scores were appended, epoch ms. */
  recordedAt: number;
  /** Countries scored by that run. */
  countriesScored: number;
}

const HISTORY_SCHEMA = 'resilience-history/v1';

const Log = z.object({
  schema: z.literal(HISTORY_SCHEMA),
  points: z.array(
    z.object({
      countryCode: z.string(),
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      score: z.number().min(0).max(100),
    }),
  ),
});

/**
 * A score history log (`resilience-history/v1`: one `{countryCode, date, score}` per country and
 * day) -> points, malformed country codes dropped. Bounding and same-day replacement are left to
 * `appendScores`. Seeds the history on a first load.
 */
export function parseHistoryLog(bytes: Buffer): HistoryPoint[] {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`resilience history is not JSON: ${(err as Error).message}`);
  }
  const doc = Log.safeParse(json);
  if (!doc.success)
    throw new Error(`resilience history has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const points: HistoryPoint[] = [];
  for (const p of doc.data.points) {
    const countryCode = p.countryCode.trim().toUpperCase();
    if (/^[A-Z]{2}$/.test(countryCode))
      points.push({ countryCode, at: Date.parse(`${p.date}T00:00:00Z`), score: p.score });
  }
  return points;
}

/**
 * One ingestion: scores every country from the indicator documents (the same World Bank, WHO and
 * IPC documents, read by the same parsers, as the indicator datasets) and appends them as today's
 * point to the history being replaced, or to the seed log (if any) on a first load.
 */
export function recordScores(
  payloads: Partial<Record<'indicators' | 'gho' | 'analyses' | 'seed', Buffer>>,
  now: number,
  previous?: Previous<HistoryPoint, ScoreHistoryInfo>,
): { records: HistoryPoint[]; info: ScoreHistoryInfo } {
  const observations = [
    ...parseWorldBank(payloads.indicators!),
    ...parseWhoGho(payloads.gho!),
    ...parseIpc(payloads.analyses!),
  ];
  const scores = scoresOf(observations, now);
  if (scores.size === 0) throw new Error('the indicator documents score no country; nothing to record');
  const base = previous ? previous.records : payloads.seed ? parseHistoryLog(payloads.seed) : [];
  return { records: appendScores(base, scores, now), info: { recordedAt: now, countriesScored: scores.size } };
}

export const scoreHistoryDataset: Dataset<HistoryPoint, ScoreHistoryInfo> = {
  name: SCORE_HISTORY,
  source:
    'Resilience scores computed here from the World Bank, WHO GHO and IPC indicator snapshots, one point per country and day',
  // Computed from the indicator documents the resilience indicator datasets hold (the same parsers), appended to
  // its own previous history; no upstream publishes the history itself. A refresh is a recomputation from those
  // documents (bytes or files), never a fetch of its own.
  kind: 'derived',
  maxStaleMinutes: 2 * 24 * 60,
  sources: {
    // Required, all three: a score computed without one of them would be a spurious dip in the history.
    indicators: inputSample(worldBankDataset.sources.indicators!),
    gho: inputSample(whoDataset.sources.gho!),
    analyses: inputSample(ipcDataset.sources.analyses!),
    // The bundled 30-day log (written for the sample) seeds a first load; later loads append to the previous history.
    seed: { sample: 'resilience/score-history.json', optional: true },
  },
  parse: (payloads, now, previous) => recordScores(payloads, now, previous),
};
