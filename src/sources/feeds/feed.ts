import { asList, parseXml, textOf } from '../../platform/xml.js';

/**
 * RSS 2.0 and Atom items, in the shape of the shared `parseFeed` of src/sources/formats/feeds.ts.
 * Interim: that module is not on this branch yet; once it lands, callers switch to it and this goes.
 */
export interface FeedItem {
  id: string;
  title: string;
  link: string;
  summary: string;
  publishedAt?: number;
  updatedAt?: number;
  categories: string[];
  author: string;
}

function time(v: unknown): number | undefined {
  const t = Date.parse(textOf(v));
  return Number.isFinite(t) ? t : undefined;
}

function atomLink(v: unknown): string {
  const links = asList<Record<string, unknown>>(v);
  const alt = links.find((l) => typeof l === 'object' && (l['@_rel'] === undefined || l['@_rel'] === 'alternate'));
  return String((alt ?? links[0])?.['@_href'] ?? textOf(links[0]) ?? '');
}

export function parseFeed(input: Buffer | string): { title: string; link: string; items: FeedItem[] } {
  let doc: Record<string, unknown>;
  try {
    doc = parseXml(input);
  } catch (err) {
    throw new Error(`feed is not XML: ${(err as Error).message}`);
  }
  const rss = doc.rss as Record<string, unknown> | undefined;
  if (rss?.channel) {
    const ch = rss.channel as Record<string, unknown>;
    const items = asList<Record<string, unknown>>(ch.item).map((i) => ({
      id: textOf(i.guid) || textOf(i.link),
      title: textOf(i.title),
      link: textOf(i.link),
      summary: textOf(i.description),
      publishedAt: time(i.pubDate ?? i['dc:date']),
      categories: asList(i.category).map(textOf).filter(Boolean),
      author: textOf(i['dc:creator'] ?? i.author),
    }));
    return { title: textOf(ch.title), link: textOf(ch.link), items };
  }
  const feed = doc.feed as Record<string, unknown> | undefined;
  if (feed) {
    const items = asList<Record<string, unknown>>(feed.entry).map((e) => ({
      id: textOf(e.id) || atomLink(e.link),
      title: textOf(e.title),
      link: atomLink(e.link),
      summary: textOf(e.summary ?? e.content),
      publishedAt: time(e.published ?? e.updated),
      updatedAt: time(e.updated),
      categories: asList<Record<string, unknown>>(e.category).map((c) => String(c?.['@_term'] ?? '')).filter(Boolean),
      author: textOf((e.author as Record<string, unknown> | undefined)?.name),
    }));
    return { title: textOf(feed.title), link: atomLink(feed.link), items };
  }
  throw new Error('feed is neither RSS 2.0 nor Atom');
}

/** Markup stripped and whitespace collapsed, cut to `max` characters at a word boundary. */
export function plainText(html: string, max = 300): string {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 40)).trimEnd()}…`;
}

/** FNV-1a 32-bit as 8 hex digits: a short stable id part for a feed item's address. */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
