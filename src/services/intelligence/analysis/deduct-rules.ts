import { searchTerms } from './rules.js';

/** Phrases that ask for a short assessment rather than a forecast (as published). */
const BRIEF_CUES = ['2-3 sentences', 'brief', 'convergence pattern', 'assess likelihood and potential implications'];

export function deductionMode(query: string): 'brief' | 'forecast' {
  const q = query.toLowerCase();
  return BRIEF_CUES.some((c) => q.includes(c)) ? 'brief' : 'forecast';
}

export interface MarketLike {
  title: string;
  yesPercent: number;
  volume: number;
}

/**
 * Up to `max` prediction markets whose titles contain words of the query (stop words left out),
 * most matching words first, then largest volume; odds rounded to 5 points as published.
 */
export function matchMarkets<M extends MarketLike>(
  query: string,
  markets: readonly M[],
  max = 7,
): (M & { oddsPercent: number })[] {
  const terms = searchTerms(query);
  if (!terms.length) return [];
  return markets
    .map((m) => {
      const title = m.title.toLowerCase();
      return { m, hits: terms.filter((t) => title.includes(t)).length };
    })
    .filter((x) => x.hits > 0)
    .sort((a, b) => b.hits - a.hits || b.m.volume - a.m.volume || (a.m.title < b.m.title ? -1 : 1))
    .slice(0, max)
    .map(({ m }) => ({ ...m, oddsPercent: Math.min(100, Math.max(0, Math.round(m.yesPercent / 5) * 5)) }));
}

/** The deterministic answer: the evidence the model would have reasoned from, labelled as such. */
export function evidenceDigest(
  query: string,
  markets: readonly { title: string; oddsPercent: number }[],
  events: readonly { title: string; occurredAt: number; source: string }[],
): string {
  const lines = [
    '[Evidence digest assembled from snapshot facts; not a model-written deduction.]',
    `Question: ${query}`,
    '',
    'Prediction markets on related questions:',
  ];
  lines.push(...(markets.length ? markets.map((m) => `- ${m.title}: ${m.oddsPercent}% Yes`) : ['- none matching']));
  lines.push('', 'Related archived events (last 180 days):');
  lines.push(
    ...(events.length
      ? events.map((e) => `- ${new Date(e.occurredAt).toISOString().slice(0, 10)} (${e.source}): ${e.title}`)
      : ['- none matching']),
  );
  return lines.join('\n');
}
