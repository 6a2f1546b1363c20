import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../../src/sources/formats/errors.js';
import { parseFeed } from '../../../src/sources/formats/feeds.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe('parseFeed', () => {
  it('reads RSS 2.0: guid, RFC 822 dates with offsets, categories, dc:creator, CDATA, the plain link beside atom:link', () => {
    const feed = parseFeed(fixture('news.rss'));
    expect(feed.kind).toBe('rss');
    expect(feed.updatedAt).toBe(Date.UTC(2026, 10, 23, 9));
    expect(feed.title).toBe('Port Authority Notices');
    expect(feed.link).toBe('https://ports.example.org/notices');
    expect(feed.items).toHaveLength(2);
    expect(feed.items[0]).toEqual({
      id: 'notice-4411',
      title: 'Berth 4 closed for dredging',
      link: 'https://ports.example.org/notices/4411',
      summary: '<p>Berth 4 is closed until <b>30 November</b>.</p>',
      publishedAt: Date.UTC(2026, 10, 23, 7, 30),
      categories: ['Operations', 'Dredging'],
      author: 'Harbour Master',
      authors: ['Harbour Master'],
    });
    // No guid: the link is the id; content:encoded stands in for a missing description.
    expect(feed.items[1]).toMatchObject({
      id: 'https://ports.example.org/notices/4410',
      title: 'Pilotage fees & charges 2027',
      summary: 'Full tariff table',
      author: 'tariffs@ports.example.org (Tariff Office)',
    });
    expect(feed.items[1].updatedAt).toBeUndefined();
  });

  it('reads RSS 1.0 (RDF): items beside the channel, rdf:about as id, dc:date and dc:subject', () => {
    const feed = parseFeed(fixture('alerts.rdf'));
    expect(feed).toEqual({
      kind: 'rdf',
      title: 'Volcano Alerts',
      link: 'https://alerts.example.org/',
      items: [
        {
          id: 'https://alerts.example.org/a/77',
          title: 'Aviation colour code raised to ORANGE',
          link: 'https://alerts.example.org/a/77',
          summary: 'Ash emission observed at 06:10 local time.',
          publishedAt: Date.UTC(2026, 10, 22, 5, 10),
          categories: ['aviation', 'ash'],
          author: 'Observatory duty scientist',
          authors: ['Observatory duty scientist'],
        },
      ],
    });
  });

  it('reads Atom: alternate link, several authors, category terms, published vs updated', () => {
    const feed = parseFeed(fixture('papers.atom'));
    expect(feed.kind).toBe('atom');
    expect(feed.updatedAt).toBe(Date.UTC(2026, 10, 23));
    expect(feed.title).toBe('Preprints: seismology');
    expect(feed.link).toBe('https://preprints.example.org/seismology');
    const [a, b] = feed.items;
    expect(a).toMatchObject({
      id: 'https://preprints.example.org/abs/2611.01234v1',
      title: 'Slow slip <i>before</i> megathrust ruptures',
      link: 'https://preprints.example.org/abs/2611.01234v1',
      publishedAt: Date.parse('2026-11-20T18:00:00Z'),
      updatedAt: Date.parse('2026-11-21T09:30:00Z'),
      categories: ['physics.geo-ph', 'stat.AP'],
      author: 'Ana Ruiz, Kenji Sato',
      authors: ['Ana Ruiz', 'Kenji Sato'],
    });
    // Without <published> the updated time is the best publication time there is.
    expect(b).toMatchObject({
      id: 'urn:uuid:7f0c',
      link: 'https://preprints.example.org/abs/2611.00999v2',
      summary: 'Content in place of a summary',
      publishedAt: Date.UTC(2026, 10, 19, 10),
      author: '',
    });
  });

  it('keeps the parsed node only on request', () => {
    expect(parseFeed(fixture('papers.atom')).items[0].raw).toBeUndefined();
    const raw = parseFeed(fixture('papers.atom'), { raw: true }).items[0].raw!;
    expect(raw.id).toBe('https://preprints.example.org/abs/2611.01234v1');
  });

  it.each([
    [
      'a prefixed Atom root',
      '<a:feed xmlns:a="http://www.w3.org/2005/Atom"><a:title>P</a:title><a:entry><a:id>x</a:id><a:title>T</a:title></a:entry></a:feed>',
      'T',
    ],
    [
      'a stray ampersand',
      '<rss><channel><item><title>T</title><description>Q&A</description></item></channel></rss>',
      'T',
    ],
    [
      'an unreadable date left out',
      '<rss><channel><item><title>T</title><pubDate>sometime soon</pubDate></item></channel></rss>',
      'T',
    ],
  ])('copes with %s', (_name, xml, title) => {
    const feed = parseFeed(xml);
    expect(feed.items[0].title).toBe(title);
    expect(feed.items[0].publishedAt).toBeUndefined();
  });

  it.each([
    ['atom', 'news.rss', /feed: no <feed> root element \(found <rss>\)/],
    ['rss', 'papers.atom', /feed: no <rss><channel> root element \(found <feed>\)/],
    ['rdf', 'news.rss', /feed: no <rdf:RDF> root element \(found <rss>\)/],
  ] as const)('refuses another dialect when %s is expected', (kind, file, message) => {
    expect(() => parseFeed(fixture(file), { expect: kind })).toThrow(message);
  });

  it('accepts the expected dialect', () => {
    expect(parseFeed(fixture('alerts.rdf'), { expect: 'rdf' }).items).toHaveLength(1);
  });

  it('reads an empty channel as no items', () => {
    expect(parseFeed('<rss version="2.0"><channel><title>Quiet</title></channel></rss>')).toEqual({
      kind: 'rss',
      title: 'Quiet',
      link: '',
      items: [],
    });
  });

  it.each([
    ['JSON', '{"items":[]}', /feed: not an XML document/],
    ['an empty body', '', /feed: not an XML document/],
    [
      'an HTML page',
      '<html><body>Service unavailable</body></html>',
      /feed: no <feed>, <rss> or <rdf:RDF> root element \(found <html>\)/,
    ],
    ['RSS without a channel', '<rss version="2.0"></rss>', /feed: RSS document has no <channel>/],
    [
      'mismatched tags',
      '<rss><channel><item><title>x</item></channel></rss>',
      /feed: malformed XML at line 1: Expected closing tag 'title'/,
    ],
    ['a truncated document', '<rss><channel><item><title>x</title>', /feed: malformed XML/],
  ])('refuses %s with a FormatError', (_name, input, message) => {
    expect(() => parseFeed(input)).toThrow(FormatError);
    expect(() => parseFeed(input)).toThrow(message);
  });
});
