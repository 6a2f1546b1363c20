/** Facts a country brief is written from, all read from snapshots. */
export interface BriefFacts {
  countryName: string;
  /** Instability score, when the country is scored. */
  score?: {
    combinedScore: number;
    dynamicScore: number;
    trend: string;
    components: { ciiContribution: number; geoConvergence: number; militaryActivity: number; newsActivity: number };
  };
  /** Advisory label (`do-not-travel` ...) or ''. */
  advisory: string;
  sanctionsCount: number;
  /** Recent archived events, newest first; cited as [1], [2] ... */
  events: { title: string; source: string; occurredAt: number }[];
}

const TREND_WORDS: Record<string, string> = {
  TREND_DIRECTION_RISING: 'rising',
  TREND_DIRECTION_FALLING: 'falling',
  TREND_DIRECTION_STABLE: 'stable',
};
const ADVISORY_WORDS: Record<string, string> = {
  'do-not-travel': 'Level 4 (do not travel)',
  reconsider: 'Level 3 (reconsider travel)',
  caution: 'Level 2 (exercise increased caution)',
  normal: 'Level 1 (normal precautions)',
};

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The component names of the score, strongest first. */
function drivers(c: NonNullable<BriefFacts['score']>['components']): string[] {
  return (
    [
      ['conflict activity', c.geoConvergence],
      ['unrest', c.ciiContribution],
      ['military and security activity', c.militaryActivity],
      ['news pressure', c.newsActivity],
    ] as const
  )
    .slice()
    .sort((a, b) => b[1] - a[1])
    .map(([name, v]) => `${name} ${v.toFixed(1)}`);
}

/**
 * The deterministic brief: the published section format (SITUATION NOW, WHAT THIS MEANS, KEY RISKS,
 * OUTLOOK, WATCH ITEMS) filled only with the facts given, citing archived events by number. Says
 * what it is in its first line.
 */
export function templateBrief(f: BriefFacts): string {
  const name = f.countryName;
  const lines: string[] = [`[Template brief assembled from snapshot facts; not model-written.]`, '', 'SITUATION NOW'];
  if (f.score) {
    lines.push(
      `${name}'s instability score is ${f.score.combinedScore}/100, ${TREND_WORDS[f.score.trend] ?? 'unchanged'} (${f.score.dynamicScore >= 0 ? '+' : ''}${f.score.dynamicScore} over 24 h).`,
    );
  } else lines.push(`${name} has no instability score in the current snapshot.`);
  f.events.slice(0, 3).forEach((e, i) => lines.push(`- ${day(e.occurredAt)}: ${e.title} [${i + 1}]`));
  if (!f.events.length) lines.push('No archived events for the country in the last 180 days.');
  lines.push('', `WHAT THIS MEANS FOR ${name.toUpperCase()}`);
  if (f.score) lines.push(`- Strongest score drivers: ${drivers(f.score.components).join(', ')}.`);
  lines.push(`- Travel advisory: ${ADVISORY_WORDS[f.advisory] ?? 'none published'}.`);
  lines.push(
    `- Sanctions: ${f.sanctionsCount ? `${f.sanctionsCount} OFAC SDN entries with an address in the country` : 'no OFAC SDN entry with an address in the country'}.`,
  );
  lines.push('', 'KEY RISKS');
  const risks: string[] = [];
  if (f.score && f.score.combinedScore >= 70)
    risks.push('High instability: the score is in the top band (70 or more).');
  if (f.score && f.score.dynamicScore > 1) risks.push('Deterioration: the score rose over the last 24 h.');
  if (f.advisory === 'do-not-travel' || f.advisory === 'reconsider')
    risks.push('Personal security: the travel advisory is at level 3 or 4.');
  if (f.sanctionsCount > 0) risks.push('Sanctions exposure for counterparties in the country.');
  lines.push(...(risks.length ? risks.map((r) => `- ${r}`) : ['- None stands out in the available facts.']));
  lines.push(
    '',
    'OUTLOOK',
    `- The facts above carry no forecast; watch the score's 24 h trend (${f.score ? (TREND_WORDS[f.score.trend] ?? 'unknown') : 'unknown'}).`,
  );
  lines.push('', 'WATCH ITEMS');
  lines.push(
    ...(f.events.length
      ? f.events.slice(0, 5).map((e, i) => `- ${e.source}: ${e.title} [${i + 1}]`)
      : ['- New archived events for the country.']),
  );
  return lines.join('\n');
}

/** Removes citations `[n]` that point at no source (n outside 1..count), as the published service does. */
export function stripInvalidCitations(text: string, count: number): string {
  return text.replace(/\[(\d+)\]/g, (m, n: string) => (Number(n) >= 1 && Number(n) <= count ? m : ''));
}
