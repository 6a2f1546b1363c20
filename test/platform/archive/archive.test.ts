import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { openDatabase } from '../../../db/client.js';
import { FOLD_FROM, FOLD_TO } from '../../../db/pg/schema/index.js';
import { ManualClock } from '../../../src/platform/clock.js';
import {
  SqliteArchive,
  ArchiveUnavailable,
  type Archive,
  type ArchiveDocument,
  type ArchiveRetention,
} from '../../../src/platform/archive/archive.js';
import { PgArchive } from '../../../src/platform/archive/archive-pg.js';
import { privatePostgres } from '../../support/engines/store-engines.js';

// One specification of the archive for both engines; then what only one engine has (FTS5's index
// checks, several PostgreSQL nodes writing at once).

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 20, 12);
const WIDE: ArchiveRetention = { maxAgeMs: 365 * DAY, maxDocuments: 1_000 };

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

const postgres = privatePostgres('archive');

interface Setup {
  archive: Archive;
  clock: ManualClock;
  /** The engine's own check that its index matches its table (run after writes). */
  indexInSync(): Promise<void>;
}

const engines: { name: string; setup(retention?: ArchiveRetention): Promise<Setup> }[] = [
  {
    name: 'SQLite',
    setup: async (retention = WIDE) => {
      const db = openDatabase(':memory:');
      const clock = new ManualClock(NOW);
      return {
        archive: new SqliteArchive(db.$client, clock, retention),
        clock,
        // FTS5's own integrity check throws when the index and the content table differ.
        indexInSync: async () =>
          void db.$client.prepare(`INSERT INTO archive_fts(archive_fts, rank) VALUES ('integrity-check', 1)`).run(),
      };
    },
  },
  {
    name: 'PostgreSQL',
    setup: async (retention = WIDE) => {
      const db = await postgres.freshDatabase();
      const clock = new ManualClock(NOW);
      return {
        archive: new PgArchive(db, clock, retention),
        clock,
        // The generated column is the server's: it must equal a vector computed afresh from the row.
        indexInSync: async () => {
          const r = await db.$client.query(`SELECT count(*)::int AS n FROM archive_documents
            WHERE search IS DISTINCT FROM setweight(to_tsvector('english', translate(lower(title), '${FOLD_FROM}', '${FOLD_TO}')), 'A') || setweight(to_tsvector('english', translate(lower(body), '${FOLD_FROM}', '${FOLD_TO}')), 'B')`);
          expect(r.rows[0].n).toBe(0);
        },
      };
    },
  },
];

const ids = (hits: { id: string }[]) => hits.map((h) => h.id);

describe.each(engines)('archive on $name', (engine) => {
  const corpus = (archive: Archive) =>
    archive.add([
      doc('strike-fr', {
        title: 'Dock workers strike at Le Havre',
        body: 'Container traffic halted as unions strike over pensions.',
        occurredAt: NOW - 2 * DAY,
      }),
      doc('strike-de', {
        title: 'Rail strike in Germany',
        body: 'Freight trains stopped.',
        country: 'DE',
        kind: 'event',
        occurredAt: NOW - 3 * DAY,
      }),
      doc('flood', {
        title: 'Flooding closes port',
        body: 'Heavy rain; the port mentions a strike only in passing.',
        occurredAt: NOW - 10 * DAY,
        metadata: { severity: 3 },
      }),
      doc('quake', {
        title: 'Earthquake off Japan',
        body: 'Magnitude 6.1, no tsunami warning.',
        country: 'jp',
        kind: 'event',
        occurredAt: NOW - 1 * DAY,
        url: 'https://example.org/q',
      }),
    ]);

  describe('add and search', () => {
    let archive: Archive;
    beforeAll(async () => {
      ({ archive } = await engine.setup());
      await corpus(archive);
    });

    it('ranks title matches first, short texts before long ones, with positive scores and marked snippets', async () => {
      const hits = await archive.search('strike');
      expect(ids(hits)).toEqual(['strike-de', 'strike-fr', 'flood']);
      expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
      expect(hits[1]!.score).toBeGreaterThan(hits[2]!.score);
      expect(hits.every((h) => h.score > 0)).toBe(true);
      expect(hits.find((h) => h.id === 'flood')!.snippet).toContain('[strike]');
      // Only the title matches: the snippet comes from the title.
      expect(hits.find((h) => h.id === 'strike-de')!.snippet).toContain('Rail [strike]');
      expect(hits.find((h) => h.id === 'flood')).toMatchObject({
        metadata: { severity: 3 },
        country: 'FR',
        url: '',
        source: 'test',
        occurredAt: NOW - 10 * DAY,
      });
    });

    it('filters by kinds, country, since and until, and honours the limit', async () => {
      expect(ids(await archive.search('strike', { kinds: ['event'] }))).toEqual(['strike-de']);
      expect(ids(await archive.search('strike', { country: 'fr' })).sort()).toEqual(['flood', 'strike-fr']);
      expect(ids(await archive.search('strike', { since: NOW - 5 * DAY })).sort()).toEqual(['strike-de', 'strike-fr']);
      expect(ids(await archive.search('strike', { until: NOW - 5 * DAY }))).toEqual(['flood']);
      expect(await archive.search('strike', { limit: 1 })).toHaveLength(1);
      expect(await archive.search('strike', { limit: 0 })).toHaveLength(1);
      expect(await archive.search('quake', { country: 'JP' })).toEqual([]);
      expect((await archive.search('earthquake', { country: 'JP' }))[0]).toMatchObject({
        id: 'quake',
        country: 'JP',
        url: 'https://example.org/q',
      });
    });

    it('phrases, prefixes, OR and NOT work as typed', async () => {
      expect(ids(await archive.search('"rail strike"'))).toEqual(['strike-de']);
      expect(ids(await archive.search('"strike rail"'))).toEqual([]);
      expect(ids(await archive.search('earth*'))).toEqual(['quake']);
      expect(ids(await archive.search('tsunami OR freight')).sort()).toEqual(['quake', 'strike-de']);
      expect(ids(await archive.search('strike NOT rain')).sort()).toEqual(['strike-de', 'strike-fr']);
      // NOT binds tighter than AND, AND tighter than OR.
      expect(ids(await archive.search('strike NOT rain OR tsunami')).sort()).toEqual([
        'quake',
        'strike-de',
        'strike-fr',
      ]);
      expect(ids(await archive.search('dock strike'))).toEqual(['strike-fr']);
    });

    it('an empty query lists the newest documents matching the filters', async () => {
      const hits = await archive.search('', { kinds: ['event'] });
      expect(ids(hits)).toEqual(['quake', 'strike-de']);
      expect(hits[0]).toMatchObject({ score: 0, snippet: 'Magnitude 6.1, no tsunami warning.' });
      expect(ids(await archive.search('*** ""'))).toEqual(['quake', 'strike-fr', 'strike-de', 'flood']);
    });
  });

  it('stems words and folds diacritics', async () => {
    const { archive } = await engine.setup();
    await archive.add([doc('a', { title: 'Grève générale', body: 'Workers striking everywhere' })]);
    expect(ids(await archive.search('greve'))).toEqual(['a']);
    expect(ids(await archive.search('GRÈVE'))).toEqual(['a']);
    expect(ids(await archive.search('strikes'))).toEqual(['a']);
  });

  it('adding a document with a known id replaces it, and the index follows; the last of repeated ids wins', async () => {
    const { archive, indexInSync } = await engine.setup();
    await archive.add([doc('x', { title: 'Port open' })]);
    await archive.add([doc('x', { title: 'Port closed by storm' })]);
    expect(await archive.count()).toBe(1);
    expect(await archive.search('open')).toEqual([]);
    expect(ids(await archive.search('storm'))).toEqual(['x']);
    expect(await archive.add([doc('y', { title: 'first' }), doc('y', { title: 'second' })])).toEqual({
      written: 2,
      removed: 0,
    });
    expect((await archive.search('', {})).find((h) => h.id === 'y')?.title).toBe('second');
    await indexInSync();
  });

  it('refuses a document without an id or a finite date, writing nothing', async () => {
    const { archive } = await engine.setup();
    await expect(archive.add([doc('ok'), doc('')])).rejects.toThrow(TypeError);
    await expect(archive.add([doc('nan', { occurredAt: Number.NaN })])).rejects.toThrow(TypeError);
    expect(await archive.count()).toBe(0);
  });

  it('writes a large batch in one call', async () => {
    const { archive } = await engine.setup({ maxAgeMs: 365 * DAY, maxDocuments: 5_000 });
    const many = Array.from({ length: 1_200 }, (_, n) =>
      doc(`bulk-${n}`, { occurredAt: NOW - n * 60_000, body: n % 2 ? 'even more cargo' : 'odd cargo' }),
    );
    expect(await archive.add(many)).toEqual({ written: 1_200, removed: 0 });
    expect(await archive.count()).toBe(1_200);
    expect(await archive.search('odd', { limit: 500 })).toHaveLength(200);
  });

  describe('retention', () => {
    it('drops documents older than the age limit, counted back from the newest document, never the clock', async () => {
      const { archive, clock, indexInSync } = await engine.setup({ maxAgeMs: 30 * DAY, maxDocuments: 100 });
      expect(
        await archive.add([
          doc('old', { occurredAt: NOW - 40 * DAY }),
          doc('recent', { occurredAt: NOW - 20 * DAY }),
          doc('newest', { occurredAt: NOW }),
        ]),
      ).toEqual({ written: 3, removed: 1 });
      // A year on, nothing newer arrived: the archive still holds what it was given.
      clock.advance(365 * DAY);
      expect(await archive.prune()).toBe(0);
      expect(await archive.count()).toBe(2);
      // A document 15 days newer than `newest` puts `recent` 35 days behind it.
      expect(await archive.add([doc('later', { occurredAt: NOW + 15 * DAY })])).toEqual({ written: 1, removed: 1 });
      expect(ids(await archive.search('title')).sort()).toEqual(['later', 'newest']);
      await indexInSync();
    });

    it('keeps at most maxDocuments, dropping the oldest first', async () => {
      const { archive, indexInSync } = await engine.setup({ maxAgeMs: 365 * DAY, maxDocuments: 3 });
      expect(
        await archive.add(
          [1, 2, 3, 4, 5].map((n) => doc(`d${n}`, { occurredAt: NOW - n * DAY, body: 'common words' })),
        ),
      ).toEqual({ written: 5, removed: 2 });
      expect(await archive.count()).toBe(3);
      expect(ids(await archive.search('common')).sort()).toEqual(['d1', 'd2', 'd3']);
      await indexInSync();
    });
  });

  describe('user query text', () => {
    let archive: Archive;
    beforeAll(async () => {
      ({ archive } = await engine.setup());
      await archive.add([
        doc('a', {
          title: 'NEAR the "port" of AND',
          body: 'title:body ^start col:umn (paren) - minus + plus * star & bang! | pipe <-> :*',
        }),
      ]);
    });
    const nasty = [
      '"',
      '""',
      '"unclosed',
      'NEAR(',
      'NEAR(a b, 2)',
      'title:port',
      '{title body}:port',
      '^port',
      'a AND',
      'OR',
      'NOT a',
      'a OR OR b',
      '*',
      'p*',
      '(',
      ')',
      "'",
      "''",
      "port'*",
      '-port',
      '+',
      ':',
      ':*',
      '!port',
      'port & star',
      'a | b',
      '<->',
      '\\',
      'AND OR NOT NEAR',
      '\u0000',
      '\ud800',
      'émoji 🚢 port',
      'the',
      'the*',
    ];

    it.each(nasty)('never fails on %j', async (q) => {
      await expect(archive.search(q)).resolves.toBeInstanceOf(Array);
    });

    it('arbitrary text, engine syntax included, never fails (property)', async () => {
      const fragment = fc.oneof(
        fc.string({ unit: 'grapheme-composite' }),
        fc.string({ unit: 'binary' }),
        fc.constantFrom(
          '"',
          '*',
          ':',
          '^',
          '(',
          ')',
          '{',
          '}',
          '+',
          '-',
          '&',
          '|',
          '!',
          "'",
          '<->',
          ':*',
          'AND',
          'OR',
          'NOT',
          'NEAR',
          'NEAR(',
          ',',
          'title:',
          'body:',
          ' ',
          'port',
        ),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.array(fragment, { maxLength: 12 }),
          fc.integer({ min: -5, max: 500 }),
          async (parts, limit) => {
            const hits = await archive.search(parts.join(''), { limit });
            expect(hits.length).toBeLessThanOrEqual(1);
          },
        ),
        { numRuns: 150 },
      );
    });
  });
});

describe('SQLite: the FTS5 index', () => {
  it('comes with the migrations, triggers included', () => {
    const db = openDatabase(':memory:');
    const names = db.$client
      .prepare(`SELECT name FROM sqlite_master WHERE name LIKE 'archive%' ORDER BY name`)
      .pluck()
      .all();
    expect(names).toEqual(
      expect.arrayContaining([
        'archive_documents',
        'archive_documents_ad',
        'archive_documents_ai',
        'archive_documents_au',
        'archive_fts',
      ]),
    );
  });

  it('refuses to start, with a clear message, on a database without the index', () => {
    const db = openDatabase(':memory:');
    db.$client.exec('DROP TABLE archive_fts');
    expect(() => new SqliteArchive(db.$client, new ManualClock(), { maxAgeMs: DAY, maxDocuments: 1 })).toThrow(
      ArchiveUnavailable,
    );
  });
});

describe('PostgreSQL: several nodes on one archive', () => {
  it('searches through the GIN index on the generated column', async () => {
    const db = await postgres.freshDatabase();
    const plan = await db.$client.query(
      `SET enable_seqscan = off; EXPLAIN SELECT id FROM archive_documents WHERE search @@ plainto_tsquery('english', 'strike')`,
    );
    const text = JSON.stringify((plan as unknown as { rows: unknown[] }[])[1]!.rows);
    expect(text).toContain('archive_documents_search_idx');
  });

  it('nodes writing overlapping batches at once neither deadlock nor lose a write, and retention holds', async () => {
    const db = await postgres.freshDatabase();
    const url = (db.$client.options as { connectionString: string }).connectionString;
    const clock = new ManualClock(NOW);
    const nodes = await Promise.all(
      [0, 1, 2].map(
        async () => new PgArchive(await postgres.connect(url, 2), clock, { maxAgeMs: 365 * DAY, maxDocuments: 50 }),
      ),
    );
    const batch = (node: number) =>
      Array.from({ length: 40 }, (_, n) =>
        doc(`shared-${(n * (node + 1)) % 40}`, { occurredAt: NOW - n * 1_000 - node, body: `cargo from node ${node}` }),
      );
    await Promise.all(
      nodes.flatMap((archive, node) => [
        archive.add(batch(node)),
        archive.add([doc(`own-${node}`, { occurredAt: NOW })]),
      ]),
    );
    expect(await nodes[0]!.count()).toBe(43);
    expect(await nodes[1]!.prune()).toBe(0);
    await nodes[2]!.add(Array.from({ length: 20 }, (_, n) => doc(`late-${n}`, { occurredAt: NOW + 1 + n })));
    expect(await nodes[0]!.count()).toBe(50);
  });
});
