import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decodeText, FormatError, headOf, isObject } from './errors.js';

export interface FeedItem {
  /** guid / Atom id / rdf:about, else the link, else the title. */
  id: string;
  title: string;
  link: string;
  /** description / summary (or content when there is no summary), as published (may hold HTML). */
  summary: string;
  /** Epoch ms. */
  publishedAt?: number;
  updatedAt?: number;
  categories: string[];
  /** Author names, comma-separated when there are several. */
  author: string;
  /** Each author name on its own (extra to the shared API). */
  authors?: string[];
  /** The item's parsed XML node, for upstream-specific elements; only with `{ raw: true }`. */
  raw?: Record<string, unknown>;
}

export interface Feed {
  title: string;
  link: string;
  items: FeedItem[];
  /** Which dialect the document was (extra to the shared API; always set). */
  kind?: 'rss' | 'rdf' | 'atom';
  /** When the feed itself was last built: RSS lastBuildDate (else pubDate), Atom / RDF updated or dc:date (extra). */
  updatedAt?: number;
}

function feedUpdated(node: Node, ...names: string[]): { updatedAt?: number } {
  const ms = dateOf(firstText(node, ...names));
  return ms === undefined ? {} : { updatedAt: ms };
}

export interface FeedOptions {
  /** Keep each item's parsed XML node as `raw` (element names keep their prefixes, attributes under `@_`). */
  raw?: boolean;
  /** Accept only this dialect; another one is a FormatError naming the root found. */
  expect?: 'rss' | 'rdf' | 'atom';
}

const EXPECTED_ROOT = { atom: '<feed>', rss: '<rss><channel>', rdf: '<rdf:RDF>' } as const;

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
});

/** The local part of an element name: `dc:date` -> `date`. */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** Values of every child whose local name is `name` (unprefixed first), each repetition flattened. */
function children(node: Node, name: string): unknown[] {
  const own = node[name];
  const out: unknown[] = own === undefined ? [] : Array.isArray(own) ? [...own] : [own];
  for (const [k, v] of Object.entries(node)) {
    if (k !== name && !k.startsWith('@_') && k.includes(':') && local(k) === name)
      out.push(...(Array.isArray(v) ? v : [v]));
  }
  return out;
}

function text(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v).trim();
  if (isObject(v) && '#text' in v) return String(v['#text']).trim();
  return '';
}

/** The text of the first child named `names[i]` that has any, in the order given. */
function firstText(node: Node, ...names: string[]): string {
  for (const n of names) {
    for (const v of children(node, n)) {
      const t = text(v);
      if (t) return t;
    }
  }
  return '';
}

function dateOf(s: string): number | undefined {
  if (!s) return undefined;
  const ms = Date.parse(s);
  return Number.isFinite(ms) ? ms : undefined;
}

const uniq = (xs: string[]) => [...new Set(xs.filter((x) => x !== ''))];

/** An Atom link: the `alternate` one (or one without rel), else the first with an href. */
function atomLink(node: Node): string {
  const links = children(node, 'link').filter(isObject);
  const alt = links.find((l) => (l['@_rel'] ?? 'alternate') === 'alternate' && l['@_href']);
  const any = alt ?? links.find((l) => l['@_href']);
  if (any) return String(any['@_href']);
  return firstText(node, 'link');
}

/** RSS link: the plain `<link>` text (an `<atom:link rel="self">` beside it is not the page). */
function rssLink(node: Node): string {
  const plain = node.link;
  for (const v of Array.isArray(plain) ? plain : [plain]) {
    const t = text(v);
    if (t) return t;
  }
  return '';
}

function personNames(node: Node, ...names: string[]): string[] {
  const out: string[] = [];
  for (const n of names) {
    for (const v of children(node, n)) {
      const name = isObject(v) && !('#text' in v) ? text(children(v, 'name')[0]) : text(v);
      if (name) out.push(name);
    }
  }
  return uniq(out);
}

function finish(item: Omit<FeedItem, 'author'>, node: Node, opts: FeedOptions): FeedItem | undefined {
  if (!item.id && !item.title && !item.link) return undefined;
  const authors = item.authors ?? [];
  return {
    ...item,
    id: item.id || item.link || item.title,
    author: authors.join(', '),
    ...(opts.raw ? { raw: node } : {}),
  };
}

function atomEntry(entry: Node, opts: FeedOptions): FeedItem | undefined {
  const published = dateOf(firstText(entry, 'published', 'issued', 'created'));
  const updated = dateOf(firstText(entry, 'updated', 'modified'));
  return finish(
    {
      id: firstText(entry, 'id'),
      title: firstText(entry, 'title'),
      link: atomLink(entry),
      summary: firstText(entry, 'summary', 'content'),
      ...(published !== undefined ? { publishedAt: published } : updated !== undefined ? { publishedAt: updated } : {}),
      ...(updated !== undefined ? { updatedAt: updated } : {}),
      categories: uniq(
        children(entry, 'category').map((c) =>
          isObject(c) ? String(c['@_term'] ?? c['#text'] ?? '').trim() : text(c),
        ),
      ),
      authors: personNames(entry, 'author'),
    },
    entry,
    opts,
  );
}

function rssItem(item: Node, opts: FeedOptions): FeedItem | undefined {
  const published = dateOf(firstText(item, 'pubDate', 'date', 'issued'));
  const updated = dateOf(firstText(item, 'updated', 'modified'));
  const about = isObject(item) ? String(item['@_rdf:about'] ?? '') : '';
  return finish(
    {
      id: firstText(item, 'guid') || about,
      title: firstText(item, 'title'),
      link: rssLink(item) || atomLink(item),
      summary: firstText(item, 'description', 'summary', 'encoded'),
      ...(published !== undefined ? { publishedAt: published } : {}),
      ...(updated !== undefined ? { updatedAt: updated } : {}),
      categories: uniq([...children(item, 'category'), ...children(item, 'subject')].map(text)),
      authors: personNames(item, 'author', 'creator'),
    },
    item,
    opts,
  );
}

/**
 * An RSS 2.0, RSS 1.0 (RDF) or Atom document -> its title, link and items in document order.
 * Dates become epoch ms (absent when unreadable); items with neither id, title nor link are dropped.
 */
export function parseFeed(input: Buffer | string, opts: FeedOptions = {}): Feed {
  const textIn = decodeText(input);
  if (!textIn.trimStart().startsWith('<'))
    throw new FormatError('feed', `not an XML document (starts with "${headOf(textIn)}")`);
  // Unbalanced tags mean a truncated or broken document; a stray `&` (common in hand-made feeds)
  // is tolerated, as feed readers do.
  const check = XMLValidator.validate(textIn);
  if (check !== true && (check.err.code === 'InvalidTag' || check.err.code === 'InvalidXml')) {
    throw new FormatError('feed', `malformed XML at line ${check.err.line}: ${check.err.msg}`);
  }
  let doc: Node;
  try {
    doc = parser.parse(textIn) as Node;
  } catch (err) {
    throw new FormatError('feed', `malformed XML: ${(err as Error).message}`, { cause: err });
  }
  const rootName = Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('!') && !k.startsWith('#'));
  const root = rootName ? doc[rootName] : undefined;
  const rootNode: Node = isObject(root) ? root : {};
  const dialect = ({ feed: 'atom', rss: 'rss', RDF: 'rdf' } as const)[rootName ? (local(rootName) as 'feed') : 'feed'];
  if (opts.expect && (!rootName || dialect !== opts.expect)) {
    throw new FormatError(
      'feed',
      `no ${EXPECTED_ROOT[opts.expect]} root element (found ${rootName ? `<${rootName}>` : 'none'})`,
    );
  }
  switch (rootName ? local(rootName) : '') {
    case 'feed':
      return {
        kind: 'atom',
        title: firstText(rootNode, 'title'),
        link: atomLink(rootNode),
        ...feedUpdated(rootNode, 'updated'),
        items: children(rootNode, 'entry')
          .filter(isObject)
          .map((e) => atomEntry(e, opts))
          .filter((e): e is FeedItem => !!e),
      };
    case 'rss': {
      const channel = children(rootNode, 'channel').find(isObject);
      if (!channel) throw new FormatError('feed', 'RSS document has no <channel>');
      return {
        kind: 'rss',
        title: firstText(channel, 'title'),
        link: rssLink(channel) || atomLink(channel),
        ...feedUpdated(channel, 'lastBuildDate', 'pubDate', 'date'),
        items: children(channel, 'item')
          .filter(isObject)
          .map((i) => rssItem(i, opts))
          .filter((i): i is FeedItem => !!i),
      };
    }
    case 'RDF': {
      // RSS 1.0: items are siblings of the channel, not inside it.
      const channel = children(rootNode, 'channel').find(isObject) ?? {};
      return {
        kind: 'rdf',
        title: firstText(channel, 'title'),
        link: rssLink(channel),
        ...feedUpdated(channel, 'date', 'updated'),
        items: children(rootNode, 'item')
          .filter(isObject)
          .map((i) => rssItem(i, opts))
          .filter((i): i is FeedItem => !!i),
      };
    }
    default:
      throw new FormatError(
        'feed',
        `no <feed>, <rss> or <rdf:RDF> root element (found ${rootName ? `<${rootName}>` : 'none'})`,
      );
  }
}
