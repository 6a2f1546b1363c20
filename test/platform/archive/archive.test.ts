import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { openDatabase } from '../../../db/client.js';
import { ManualClock } from '../../../src/platform/clock.js';
import { Archive, ArchiveUnavailable, type ArchiveDocument } from '../../../src/platform/archive/archive.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 20, 12);

function setup(retention = { maxAgeMs: 365 * DAY, maxDocuments: 1_000 }) {
  const db = openDatabase(':memory:');
  const clock = new ManualClock(NOW);
  return { db, clock, archive: new Archive(db.$client, clock, retention) };
}

const doc = (id: string, over: Partial<ArchiveDocument> = {}): ArchiveDocument => ({
  id,
  kind: 'news',
  title: `Title ${id}`,
  body: `Body of ${id}`,
  country: 'FR',
  occurredAt: NOW - DAY,
  source: 'test',
  ...over,
});

/** FTS5's own check that the index matches the content table. */
const indexInSync = (db: ReturnType<typeof setup>['db']) =>
  db.$client.prepare(`INSERT INTO archive_fts(archive_fts, rank) VALUES ('integrity-check', 1)`).run();

describe('archive on a fresh database', () => {
  it('the FTS5 index and its triggers come with the migrations', () => {
    const { db } = setup();
    const names = db.$client.prepare(`SELECT name FROM sqlite_master WHERE name LIKE 'archive%' ORDER BY name`).pluck().all();
    expect(names).toEqual(expect.arrayContaining(['archive_documents', 'archive_documents_ad', 'archive_documents_ai', 'archive_documents_au', 'archive_fts']));
  });

  it('refuses to start, with a clear message, on a database without the index', () => {
    const db = openDatabase(':memory:');
    db.$client.exec('DROP TABLE archive_fts');
    expect(() => new Archive(db.$client, new ManualClock(), { maxAgeMs: DAY, maxDocuments: 1 })).toThrow(ArchiveUnavailable);
  });
});

describe('add and search', () => {
  const corpus = (archive: Archive) =>
    archive.add([
      doc('strike-fr', { title: 'Dock workers strike at Le Havre', body: 'Container traffic halted as unions strike over pensions.', occurredAt: NOW - 2 * DAY }),
      doc('strike-de', { title: 'Rail strike in Germany', body: 'Freight trains stopped.', country: 'DE', kind: 'event', occurredAt: NOW - 3 * DAY }),
      doc('flood', { title: 'Flooding closes port', body: 'Heavy rain; the port mentions a strike only in passing.', occurredAt: NOW - 10 * DAY, metadata: { severity: 3 } }),
      doc('quake', { title: 'Earthquake off Japan', body: 'Magnitude 6.1, no tsunami warning.', country: 'jp', kind: 'event', occurredAt: NOW - 1 * DAY, url: 'https://example.org/q' }),
    ]);

  it('ranks by bm25 (title matches weigh more) and returns snippets with the match marked', () => {
    const { archive } = setup();
    corpus(archive);
    const hits = archive.search('strike');
    expect(hits.map((h) => h.id)).toEqual(['strike-de', 'strike-fr', 'flood']);
    expect(hits[0]!.score).toBeGreaterThan(hits[2]!.score);
    expect(hits.every((h) => h.score > 0)).toBe(true);
    expect(hits.find((h) => h.id === 'flood')!.snippet).toContain('[strike]');
    expect(hits.find((h) => h.id === 'flood')).toMatchObject({ metadata: { severity: 3 }, country: 'FR', url: '', source: 'test' });
  });

  it('stems words and folds diacritics', () => {
    const { archive } = setup();
    archive.add([doc('a', { title: 'Grève générale', body: 'Workers striking everywhere' })]);
    expect(archive.search('greve').map((h) => h.id)).toEqual(['a']);
    expect(archive.search('strikes').map((h) => h.id)).toEqual(['a']);
  });

  it('filters by kinds, country, since and until, and honours the limit', () => {
    const { archive } = setup();
    corpus(archive);
    expect(archive.search('strike', { kinds: ['event'] }).map((h) => h.id)).toEqual(['strike-de']);
    expect(archive.search('strike', { country: 'fr' }).map((h) => h.id).sort()).toEqual(['flood', 'strike-fr']);
    expect(archive.search('strike', { since: NOW - 5 * DAY }).map((h) => h.id).sort()).toEqual(['strike-de', 'strike-fr']);
    expect(archive.search('strike', { until: NOW - 5 * DAY }).map((h) => h.id)).toEqual(['flood']);
    expect(archive.search('strike', { limit: 1 })).toHaveLength(1);
    expect(archive.search('quake', { country: 'JP' })).toEqual([]);
    expect(archive.search('earthquake', { country: 'JP' })[0]).toMatchObject({ id: 'quake', country: 'JP', url: 'https://example.org/q' });
  });

  it('phrases, prefixes, OR and NOT work as typed', () => {
    const { archive } = setup();
    corpus(archive);
    expect(archive.search('"rail strike"').map((h) => h.id)).toEqual(['strike-de']);
    expect(archive.search('earth*').map((h) => h.id)).toEqual(['quake']);
    expect(archive.search('tsunami OR freight').map((h) => h.id).sort()).toEqual(['quake', 'strike-de']);
    expect(archive.search('strike NOT rain').map((h) => h.id).sort()).toEqual(['strike-de', 'strike-fr']);
  });

  it('an empty query lists the newest documents matching the filters', () => {
    const { archive } = setup();
    corpus(archive);
    const hits = archive.search('', { kinds: ['event'] });
    expect(hits.map((h) => h.id)).toEqual(['quake', 'strike-de']);
    expect(hits[0]).toMatchObject({ score: 0, snippet: 'Magnitude 6.1, no tsunami warning.' });
  });

  it('adding a document with a known id replaces it, and the index follows', () => {
    const { archive, db } = setup();
    archive.add([doc('x', { title: 'Port open' })]);
    archive.add([doc('x', { title: 'Port closed by storm' })]);
    expect(archive.count()).toBe(1);
    expect(archive.search('open')).toEqual([]);
    expect(archive.search('storm').map((h) => h.id)).toEqual(['x']);
    indexInSync(db);
  });
});

describe('retention', () => {
  it('drops documents older than the age limit, counted from their date', () => {
    const { archive, clock, db } = setup({ maxAgeMs: 30 * DAY, maxDocuments: 100 });
    const added = archive.add([doc('old', { occurredAt: NOW - 40 * DAY }), doc('recent', { occurredAt: NOW - 20 * DAY })]);
    expect(added).toEqual({ written: 2, removed: 1 });
    clock.advance(15 * DAY);
    expect(archive.prune()).toBe(1);
    expect(archive.count()).toBe(0);
    expect(archive.search('title')).toEqual([]);
    indexInSync(db);
  });

  it('keeps at most maxDocuments, dropping the oldest first', () => {
    const { archive, db } = setup({ maxAgeMs: 365 * DAY, maxDocuments: 3 });
    archive.add([1, 2, 3, 4, 5].map((n) => doc(`d${n}`, { occurredAt: NOW - n * DAY, body: 'common words' })));
    expect(archive.count()).toBe(3);
    expect(archive.search('common').map((h) => h.id).sort()).toEqual(['d1', 'd2', 'd3']);
    indexInSync(db);
  });
});

describe('user query text', () => {
  const { archive } = setup();
  archive.add([doc('a', { title: 'NEAR the "port" of AND', body: 'title:body ^start col:umn (paren) - minus + plus * star' })]);
  const nasty = ['"', '""', '"unclosed', 'NEAR(', 'NEAR(a b, 2)', 'title:port', '{title body}:port', '^port', 'a AND', 'OR', 'NOT a', 'a OR OR b', '*', 'p*', '(', ')', "'", '-port', '+', ':', 'AND OR NOT NEAR', '\u0000', '\ud800', 'émoji 🚢 port'];

  it.each(nasty)('never fails on %j', (q) => {
    expect(() => archive.search(q)).not.toThrow();
  });

  it('arbitrary text, FTS5 syntax included, never throws (property)', () => {
    const fragment = fc.oneof(
      fc.string({ unit: 'grapheme-composite' }),
      fc.string({ unit: 'binary' }),
      fc.constantFrom('"', '*', ':', '^', '(', ')', '{', '}', '+', '-', 'AND', 'OR', 'NOT', 'NEAR', 'NEAR(', ',', 'title:', 'body:', ' ', 'port'),
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 12 }), fc.integer({ min: -5, max: 500 }), (parts, limit) => {
        const hits = archive.search(parts.join(''), { limit });
        expect(hits.length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });
});
