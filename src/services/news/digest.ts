import { generate } from '../../platform/llm/generate.js';
import type { Llm } from '../../platform/llm/provider.js';
import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { NEWS_FEEDS, type NewsFeedItem, type NewsFeedsInfo } from './datasets/feeds.js';
import {
  CATEGORIES,
  classifyTitle,
  clusterStories,
  importanceScore,
  storyPhase,
  tickersOf,
  type Category,
} from './digest-rules.js';
import type { ListFeedDigestResponse, NewsItem } from './digest-schemas.js';
import { VARIANT_CATEGORIES, type DigestVariant } from './feeds.js';

export const PER_CATEGORY = 20;

/** The story's category from the model when it is configured and answers with a known one. */
async function categoryOf(
  llm: Llm,
  title: string,
  keyword: Category,
): Promise<{ category: Category; source: 'keyword' | 'llm' }> {
  if (!llm.enabled) return { category: keyword, source: 'keyword' };
  const out = await generate(llm, {
    task: 'classify-news',
    system: `Classify the news headline into exactly one of: ${CATEGORIES.join(', ')}. Answer with that one word.`,
    prompt: title,
    maxTokens: 5,
    fallback: () => keyword,
  });
  const answer = out.text
    .trim()
    .toLowerCase()
    .replace(/[^a-z]/g, '') as Category;
  return out.method === 'model' && CATEGORIES.includes(answer)
    ? { category: answer, source: 'llm' }
    : { category: keyword, source: 'keyword' };
}

async function build(items: readonly NewsFeedItem[], info: NewsFeedsInfo, llm: Llm): Promise<ListFeedDigestResponse> {
  const at = info.capturedAt;
  const categories: Record<string, { items: NewsItem[] }> = {};
  for (const story of clusterStories(items)) {
    // The representative: most trusted feed, then the latest mention.
    const lead = [...story].sort((a, b) => a.tier - b.tier || b.publishedAt - a.publishedAt)[0]!;
    const firstSeen = Math.min(...story.map((i) => i.publishedAt));
    const sources = new Set(story.map((i) => i.source)).size;
    const keyword = classifyTitle(lead.title);
    const { category, source } = await categoryOf(llm, lead.title, keyword.category);
    const item: NewsItem = {
      source: lead.source,
      title: lead.title,
      link: lead.link,
      publishedAt: lead.publishedAt,
      isAlert: keyword.level === 'THREAT_LEVEL_HIGH' || keyword.level === 'THREAT_LEVEL_CRITICAL',
      threat: { level: keyword.level, category, confidence: keyword.confidence, source },
      locationName: '',
      importanceScore: importanceScore(keyword.level, lead.tier, sources, at - lead.publishedAt),
      corroborationCount: sources,
      storyMeta: {
        firstSeen,
        mentionCount: story.length,
        sourceCount: sources,
        phase: storyPhase(story.length, at - firstSeen),
      },
      snippet: lead.snippet,
      tickers: tickersOf(`${lead.title} ${lead.snippet}`),
      credibilityScore: lead.tier === 1 ? 90 : lead.tier === 2 ? 75 : lead.tier === 3 ? 60 : 45,
    };
    // Filed under the lead feed's category, the key the published clients look up.
    (categories[lead.category] ??= { items: [] }).items.push(item);
  }
  for (const bucket of Object.values(categories)) {
    bucket.items.sort(
      (a, b) => b.importanceScore - a.importanceScore || b.publishedAt - a.publishedAt || (a.title < b.title ? -1 : 1),
    );
    bucket.items.splice(PER_CATEGORY);
  }
  return { categories, feedStatuses: info.feedStatuses, generatedAt: new Date(at).toISOString() };
}

/**
 * The digest of one variant and language, built once per snapshot version. Undefined without feeds.
 * The memo is bounded by the snapshot, not by what callers send: its keys are a validated variant (five)
 * and a language some feed of the snapshot has, and every other language shares one empty digest.
 */
export function feedDigest(
  store: SnapshotStore,
  llm: Llm,
  variant: DigestVariant,
  lang: string,
): Promise<ListFeedDigestResponse> | undefined {
  const snapshot = store.read<NewsFeedItem, NewsFeedsInfo>(NEWS_FEEDS);
  if (!snapshot) return undefined;
  const categories = VARIANT_CATEGORIES[variant];
  const languages = snapshot.derive('digest-languages', (s) => new Set(s.records.map((i) => i.lang)));
  // No feed in that language: the same empty digest whatever the variant, one entry for all of them.
  if (!languages.has(lang)) return snapshot.derive(`digest-no-language:${llm.enabled}`, (s) => build([], s.info, llm));
  return snapshot.derive(`digest:${variant}:${lang}:${llm.enabled}`, (s) => {
    const wanted = new Set(categories);
    return build(
      s.records.filter((i) => wanted.has(i.category) && i.lang === lang),
      s.info,
      llm,
    );
  });
}
