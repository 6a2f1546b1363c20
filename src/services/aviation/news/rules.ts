import { createHash } from 'node:crypto';

/** Aviation news rules: ids, snippets, entity matching, the time window. */

export interface NewsRecord {
  id: string;
  title: string;
  url: string;
  sourceName: string;
  publishedAt: number;
  /** Plain-text description, for matching and snippets. */
  text: string;
  imageUrl: string;
}

export const DEFAULT_WINDOW_HOURS = 24;
export const DEFAULT_MAX_ITEMS = 20;

/** Stable id from the link: the same article keeps its id across refreshes. */
export const newsId = (url: string) => createHash('sha1').update(url).digest('hex').slice(0, 16);

/** HTML -> plain text for matching and snippets. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** First 200 characters, cut at a word boundary with an ellipsis when longer. */
export function snippetOf(text: string, max = 200): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The requested entities found (case-insensitive) in the title or text; all match when none are asked for. */
export function matchedEntities(item: Pick<NewsRecord, 'title' | 'text'>, entities: readonly string[]): string[] {
  const hay = `${item.title} ${item.text}`.toLowerCase();
  return entities.filter((e) => hay.includes(e.toLowerCase()));
}
