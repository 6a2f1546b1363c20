import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { HN_FEEDS, type HackernewsItem, type HnFeed } from '../schemas.js';

export const HACKERNEWS_ITEMS = 'research.hackernews-items';

/** A stored story: the contract fields plus the list it ranks in. */
export interface HackernewsRow extends HackernewsItem {
  feed: HnFeed;
}

/** Stories kept per list, as on the site's first pages. */
export const HN_ITEMS_PER_FEED = 60;

const Item = z.object({
  id: z.number().int().min(0).max(2147483647),
  type: z.string().optional(),
  by: z.string().optional(),
  time: z.number().optional(),
  title: z.string().optional(),
  url: z.string().optional(),
  score: z.number().optional(),
  descendants: z.number().optional(),
  deleted: z.boolean().optional(),
  dead: z.boolean().optional(),
});

/**
 * The Firebase API serves a list as bare ids (`/v0/<feed>stories.json`) and every story as its own
 * document (`/v0/item/<id>.json`). A feed payload here is that list bundled with its item documents:
 * `{ "ids": [...], "items": [...] }`. A bare id list has nothing to show and is refused.
 */
const Bundle = z.object({ ids: z.array(z.number().int()), items: z.array(z.unknown()) });

export function parseHackernewsFeed(bytes: Buffer, feed: HnFeed): HackernewsRow[] {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`Hacker News ${feed} feed is not JSON: ${(err as Error).message}`);
  }
  if (Array.isArray(json)) throw new Error(`Hacker News ${feed} feed is a bare id list without its item documents`);
  const doc = Bundle.safeParse(json);
  if (!doc.success)
    throw new Error(`Hacker News ${feed} feed has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const byId = new Map<number, z.infer<typeof Item>>();
  for (const raw of doc.data.items) {
    const item = Item.safeParse(raw);
    if (item.success) byId.set(item.data.id, item.data);
  }
  const rows: HackernewsRow[] = [];
  const seen = new Set<number>();
  for (const id of doc.data.ids) {
    const item = byId.get(id);
    // Ids whose document is missing, deleted or flagged dead are skipped; the ranking order of the rest stands.
    if (!item || item.deleted || item.dead || !item.title || seen.has(id)) continue;
    seen.add(id);
    rows.push({
      feed,
      id,
      title: item.title,
      url: item.url || `https://news.ycombinator.com/item?id=${id}`,
      score: Math.max(0, Math.trunc(item.score ?? 0)),
      commentCount: Math.max(0, Math.trunc(item.descendants ?? 0)),
      by: item.by ?? '',
      submittedAt: Math.trunc((item.time ?? 0) * 1000),
    });
    if (rows.length >= HN_ITEMS_PER_FEED) break;
  }
  return rows;
}

export const hackernewsItemsDataset: Dataset<HackernewsRow> = {
  name: HACKERNEWS_ITEMS,
  source: 'Hacker News (Firebase API)',
  kind: 'live',
  maxStaleMinutes: 60,
  sources: Object.fromEntries(
    HN_FEEDS.map((feed) => [
      feed,
      {
        url: `https://hacker-news.firebaseio.com/v0/${feed}stories.json`,
        sample: `research/hackernews-${feed}stories.json`,
        // The front page is what most callers want; the other lists may lapse without failing it.
        optional: feed !== 'top',
      },
    ]),
  ),
  parse(payloads) {
    const records: HackernewsRow[] = [];
    const feeds: HnFeed[] = [];
    for (const feed of HN_FEEDS) {
      const bytes = payloads[feed];
      if (!bytes) continue;
      records.push(...parseHackernewsFeed(bytes, feed));
      feeds.push(feed);
    }
    return { records, info: { feeds } };
  },
};
