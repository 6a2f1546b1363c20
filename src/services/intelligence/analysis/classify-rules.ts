/** Threat levels and event categories of the published classifier (its model prompt offers exactly these). */
export const EVENT_LEVELS = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type EventLevel = (typeof EVENT_LEVELS)[number];
export const EVENT_CATEGORIES = [
  'conflict',
  'protest',
  'disaster',
  'diplomatic',
  'economic',
  'terrorism',
  'cyber',
  'health',
  'environmental',
  'military',
  'crime',
  'infrastructure',
  'tech',
  'general',
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

export type Severity = 'SEVERITY_LEVEL_LOW' | 'SEVERITY_LEVEL_MEDIUM' | 'SEVERITY_LEVEL_HIGH';

/** critical and high read as HIGH, medium as MEDIUM, low and info as LOW (as published). */
export function severityOf(level: EventLevel): Severity {
  return level === 'critical' || level === 'high'
    ? 'SEVERITY_LEVEL_HIGH'
    : level === 'medium'
      ? 'SEVERITY_LEVEL_MEDIUM'
      : 'SEVERITY_LEVEL_LOW';
}

/**
 * Keyword rules, most severe first: the first rule with a matching keyword decides. Keywords match
 * whole words (a trailing `*` matches any ending), case-insensitively.
 */
export const CLASSIFY_RULES: readonly { level: EventLevel; category: EventCategory; keywords: readonly string[] }[] = [
  {
    level: 'critical',
    category: 'military',
    keywords: ['nuclear strike', 'nuclear attack', 'invasion', 'invade*', 'declaration of war', 'declares war'],
  },
  {
    level: 'critical',
    category: 'terrorism',
    keywords: ['mass casualty', 'terror attack', 'terrorist attack', 'suicide bomb*', 'hostage*'],
  },
  { level: 'critical', category: 'disaster', keywords: ['tsunami', 'magnitude 7*', 'magnitude 8*', 'catastrophic'] },
  {
    level: 'high',
    category: 'conflict',
    keywords: [
      'missile*',
      'airstrike*',
      'air strike*',
      'shelling',
      'drone strike*',
      'drone attack*',
      'killed',
      'clashes',
      'fighting',
      'offensive',
      'ambush*',
      'bombard*',
    ],
  },
  {
    level: 'high',
    category: 'terrorism',
    keywords: ['car bomb*', 'bombing', 'militant*', 'jihadist*', 'extremist*', 'isis', 'al-shabaab'],
  },
  {
    level: 'high',
    category: 'military',
    keywords: [
      'warship*',
      'fighter jet*',
      'troops',
      'mobilis*',
      'mobiliz*',
      'military drill*',
      'live-fire',
      'ballistic',
      'carrier group',
      'airspace',
    ],
  },
  {
    level: 'high',
    category: 'disaster',
    keywords: ['earthquake', 'hurricane', 'typhoon', 'cyclone', 'flood*', 'wildfire*', 'eruption', 'landslide*'],
  },
  {
    level: 'high',
    category: 'cyber',
    keywords: ['ransomware', 'cyberattack*', 'cyber attack*', 'data breach', 'hack*', 'zero-day'],
  },
  { level: 'high', category: 'health', keywords: ['outbreak', 'epidemic', 'pandemic', 'ebola', 'cholera', 'mpox'] },
  {
    level: 'medium',
    category: 'infrastructure',
    keywords: ['blackout*', 'power outage*', 'pipeline', 'grid', 'port closure', 'derail*', 'bridge collapse'],
  },
  {
    level: 'medium',
    category: 'protest',
    keywords: ['protest*', 'demonstrat*', 'riot*', 'strike action', 'curfew', 'unrest'],
  },
  { level: 'medium', category: 'crime', keywords: ['gang*', 'abduct*', 'kidnap*', 'cartel*', 'smuggl*', 'arrested'] },
  {
    level: 'medium',
    category: 'economic',
    keywords: ['sanction*', 'tariff*', 'recession', 'inflation', 'default', 'currency', 'opec*', 'oil price*'],
  },
  {
    level: 'medium',
    category: 'environmental',
    keywords: ['drought', 'heatwave', 'heat wave', 'oil spill', 'pollution', 'deforestation'],
  },
  {
    level: 'low',
    category: 'diplomatic',
    keywords: ['summit', 'talks', 'ceasefire', 'treaty', 'ambassador*', 'diplomat*', 'negotiat*', 'minister* meet*'],
  },
  {
    level: 'low',
    category: 'tech',
    keywords: ['artificial intelligence', 'semiconductor*', 'chips', 'chipmaker*', 'satellite launch', 'software'],
  },
  { level: 'low', category: 'economic', keywords: ['gdp', 'interest rate*', 'central bank', 'earnings', 'trade deal'] },
];

export interface KeywordClassification {
  level: EventLevel;
  category: EventCategory;
  /** The rule's keywords found in the text (empty when nothing matched). */
  matched: string[];
  /** 0.3 with no match, 0.6 for one keyword, +0.1 per further keyword of the deciding rule, at most 0.9. */
  confidence: number;
}

function keywordPattern(k: string): RegExp {
  const body = k
    .replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '*' ? '*' : `\\${c}`))
    .replace(/\s+/g, '\\s+')
    .replace(/\*$/, '[\\p{L}\\p{N}-]*');
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'iu');
}
const PATTERNS = new Map(CLASSIFY_RULES.flatMap((r) => r.keywords).map((k) => [k, keywordPattern(k)]));

/** The deterministic classifier: the first (most severe) rule with a keyword in the text; `general`/`info` otherwise. */
export function classifyByKeywords(text: string): KeywordClassification {
  for (const rule of CLASSIFY_RULES) {
    const matched = rule.keywords.filter((k) => PATTERNS.get(k)!.test(text));
    if (matched.length)
      return {
        level: rule.level,
        category: rule.category,
        matched,
        confidence: Math.min(0.9, 0.5 + 0.1 * matched.length),
      };
  }
  return { level: 'info', category: 'general', matched: [], confidence: 0.3 };
}

/**
 * A model's answer read as `{level, category}` JSON (a fenced block or surrounding prose allowed);
 * undefined when it is not JSON or either value is outside the published sets.
 */
export function parseModelClassification(text: string): { level: EventLevel; category: EventCategory } | undefined {
  const m = /\{[\s\S]*\}/.exec(text);
  if (!m) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(m[0]);
  } catch {
    return undefined;
  }
  const { level, category } = (json ?? {}) as { level?: unknown; category?: unknown };
  const l = typeof level === 'string' ? level.trim().toLowerCase() : '';
  const c = typeof category === 'string' ? category.trim().toLowerCase() : '';
  if (!(EVENT_LEVELS as readonly string[]).includes(l) || !(EVENT_CATEGORIES as readonly string[]).includes(c))
    return undefined;
  return { level: l as EventLevel, category: c as EventCategory };
}
