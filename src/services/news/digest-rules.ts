/**
 * Feed digest rules: keyword threat classification, deterministic story clustering by title
 * similarity, importance scoring and story phase. Pure functions.
 */

export const THREAT_LEVELS = [
  'THREAT_LEVEL_UNSPECIFIED',
  'THREAT_LEVEL_LOW',
  'THREAT_LEVEL_MEDIUM',
  'THREAT_LEVEL_HIGH',
  'THREAT_LEVEL_CRITICAL',
] as const;
export type ThreatLevel = (typeof THREAT_LEVELS)[number];
export const STORY_PHASES = [
  'STORY_PHASE_UNSPECIFIED',
  'STORY_PHASE_BREAKING',
  'STORY_PHASE_DEVELOPING',
  'STORY_PHASE_SUSTAINED',
  'STORY_PHASE_FADING',
] as const;
export type StoryPhase = (typeof STORY_PHASES)[number];

/** Digest categories; the keyword classifier (or the model, when configured) picks one per story. */
export const CATEGORIES = [
  'conflict',
  'disaster',
  'cyber',
  'economy',
  'politics',
  'technology',
  'positive',
  'general',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** Keyword rules, most severe first: the first rule with a keyword in the title wins. */
export const KEYWORD_RULES: { level: ThreatLevel; category: Category; keywords: string[] }[] = [
  {
    level: 'THREAT_LEVEL_CRITICAL',
    category: 'conflict',
    keywords: ['nuclear', 'invasion', 'massacre', 'coup', 'declares war', 'genocide'],
  },
  {
    level: 'THREAT_LEVEL_HIGH',
    category: 'conflict',
    keywords: [
      'missile',
      'airstrike',
      'strike on',
      'shelling',
      'exchange fire',
      'trade fire',
      'killed',
      'bombing',
      'attacks',
    ],
  },
  {
    level: 'THREAT_LEVEL_HIGH',
    category: 'disaster',
    keywords: ['earthquake', 'tsunami', 'hurricane', 'typhoon', 'wildfire', 'flood', 'famine'],
  },
  {
    level: 'THREAT_LEVEL_MEDIUM',
    category: 'cyber',
    keywords: ['ransomware', 'cyberattack', 'hack', 'breach', 'outage', 'vulnerability', 'critical flaw'],
  },
  {
    level: 'THREAT_LEVEL_MEDIUM',
    category: 'politics',
    keywords: ['protest', 'sanctions', 'riot', 'state of emergency', 'security council'],
  },
  {
    level: 'THREAT_LEVEL_LOW',
    category: 'economy',
    keywords: ['oil', 'rates', 'shares', 'currencies', 'inflation', 'tariff', 'market', 'prices'],
  },
  {
    level: 'THREAT_LEVEL_LOW',
    category: 'politics',
    keywords: ['election', 'ceasefire', 'talks', 'ministers', 'parliament'],
  },
  {
    level: 'THREAT_LEVEL_UNSPECIFIED',
    category: 'technology',
    keywords: ['processor', 'chip', 'ai ', 'software', 'cloud'],
  },
  {
    level: 'THREAT_LEVEL_UNSPECIFIED',
    category: 'positive',
    keywords: ['volunteers', 'rescued', 'restore', 'released back', 'record clean'],
  },
];

/** Retrospective pieces ("archive photos", "years ago") are never threats. */
const RETROSPECTIVE = /\b(archive|anniversary|years ago|in \d{4}\b|looking back)/i;

export interface Classification {
  level: ThreatLevel;
  category: Category;
  confidence: number;
}

export function classifyTitle(title: string): Classification {
  const t = ` ${title.toLowerCase()} `;
  if (RETROSPECTIVE.test(title)) return { level: 'THREAT_LEVEL_UNSPECIFIED', category: 'general', confidence: 0.5 };
  for (const rule of KEYWORD_RULES)
    if (rule.keywords.some((k) => t.includes(k)))
      return { level: rule.level, category: rule.category, confidence: 0.7 };
  return { level: 'THREAT_LEVEL_UNSPECIFIED', category: 'general', confidence: 0.3 };
}

const STOP = new Set(
  'a an and are as at be by for from has in is it its of on or the to with after over into as says said new'.split(' '),
);

/** Title words used for similarity: lower case, stop words out, plural -s trimmed. */
export function titleTokens(title: string): Set<string> {
  const words = title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.filter((w) => !STOP.has(w)).map((w) => (w.length > 4 && w.endsWith('s') ? w.slice(0, -1) : w)));
}

/** Jaccard similarity of two token sets, 0-1. */
export function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (!a.size && !b.size) return 0;
  let inter = 0;
  for (const w of a) if (b.has(w)) inter++;
  return inter / (a.size + b.size - inter);
}

/** Two titles tell the same story at or above this similarity. */
export const SAME_STORY = 0.4;

/**
 * Groups items into stories: single-link clustering over title similarity, items visited oldest
 * first (ties by source then title), so the result does not depend on input order.
 */
export function clusterStories<T extends { title: string; source: string; publishedAt: number }>(
  items: readonly T[],
): T[][] {
  const sorted = [...items].sort(
    (a, b) =>
      a.publishedAt - b.publishedAt ||
      (a.source < b.source ? -1 : a.source > b.source ? 1 : a.title < b.title ? -1 : 1),
  );
  const tokens = sorted.map((i) => titleTokens(i.title));
  const parent = sorted.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < sorted.length; i++) {
    for (let j = 0; j < i; j++) {
      if (similarity(tokens[i]!, tokens[j]!) >= SAME_STORY) parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, T[]>();
  sorted.forEach((item, i) => {
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), item]);
  });
  return [...groups.values()];
}

export const SEVERITY: Record<ThreatLevel, number> = {
  THREAT_LEVEL_CRITICAL: 100,
  THREAT_LEVEL_HIGH: 75,
  THREAT_LEVEL_MEDIUM: 50,
  THREAT_LEVEL_LOW: 25,
  THREAT_LEVEL_UNSPECIFIED: 0,
};

export function tierScore(tier: number): number {
  return tier === 1 ? 100 : tier === 2 ? 75 : tier === 3 ? 50 : 25;
}

/** round(severity x .55 + source tier x .20 + corroboration x .15 + recency x .10), recency falling to 0 over 24 h. */
export function importanceScore(level: ThreatLevel, tier: number, sources: number, ageMs: number): number {
  const corroboration = Math.min(sources, 5) * 20;
  const recency = Math.max(0, 100 * (1 - ageMs / 86_400_000));
  return Math.round(SEVERITY[level] * 0.55 + tierScore(tier) * 0.2 + corroboration * 0.15 + recency * 0.1);
}

/** One mention: breaking; up to five within two hours of the first: developing; otherwise sustained. */
export function storyPhase(mentions: number, sinceFirstMs: number): StoryPhase {
  if (mentions <= 1) return 'STORY_PHASE_BREAKING';
  if (mentions <= 5 && sinceFirstMs < 2 * 3_600_000) return 'STORY_PHASE_DEVELOPING';
  return 'STORY_PHASE_SUSTAINED';
}

export const TICKER_PATTERN = /\$([A-Z]{1,5})\b/g;

export function tickersOf(text: string): string[] {
  return [...new Set([...text.matchAll(TICKER_PATTERN)].map((m) => m[1]!))].slice(0, 8);
}
