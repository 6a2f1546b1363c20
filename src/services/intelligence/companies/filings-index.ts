import Database from 'better-sqlite3';
import { toMatchExpression } from '../../../platform/archive/query.js';
import type { CurrentFiling } from '../../../sources/sec-edgar/current-filings.js';
import { edgarFileDate } from './rules.js';

export interface FilingSearch {
  query: string;
  forms?: string[];
  /** Inclusive bounds on the EDGAR filing date, `YYYY-MM-DD`. */
  fromDate?: string;
  toDate?: string;
  limit: number;
}

/**
 * A full-text index (SQLite FTS5, bm25) over the filings of one snapshot: company name, form and
 * the reported items' numbers and descriptions. Built once per snapshot version in an in-memory
 * database; the snapshot owns it, so it is dropped with the version it indexes.
 */
export class FilingsIndex {
  private readonly db: Database.Database;
  private readonly stmt: Database.Statement;
  /** EDGAR filing date of each filing, by position. */
  private readonly fileDates: string[];

  constructor(private readonly filings: readonly CurrentFiling[]) {
    this.fileDates = filings.map((f) => edgarFileDate(f.filedAt));
    this.db = new Database(':memory:');
    this.db.exec(`CREATE VIRTUAL TABLE filings USING fts5(company, form, items, tokenize = 'unicode61')`);
    const insert = this.db.prepare('INSERT INTO filings (rowid, company, form, items) VALUES (?, ?, ?, ?)');
    this.db.transaction(() => {
      filings.forEach((f, i) =>
        insert.run(i, f.company, f.form, f.items.map((it) => `${it.code} ${it.description}`).join('\n')),
      );
    })();
    this.stmt = this.db.prepare(
      `SELECT rowid AS i FROM filings WHERE filings MATCH @match ORDER BY bm25(filings, 2.0, 1.0, 1.0), rowid`,
    );
  }

  /** Matching filings, best first, with the number that matched before `limit`. */
  search(req: FilingSearch): { hits: { filing: CurrentFiling; fileDate: string }[]; total: number } {
    const match = toMatchExpression(req.query);
    if (!match) return { hits: [], total: 0 };
    const forms = req.forms?.length ? new Set(req.forms) : undefined;
    const hits: { filing: CurrentFiling; fileDate: string }[] = [];
    let total = 0;
    for (const row of this.stmt.iterate({ match }) as Iterable<{ i: number }>) {
      const f = this.filings[row.i];
      if (forms && !forms.has(f.form)) continue;
      const day = this.fileDates[row.i];
      if ((req.fromDate && day < req.fromDate) || (req.toDate && day > req.toDate)) continue;
      total++;
      if (hits.length < req.limit) hits.push({ filing: f, fileDate: day });
    }
    return { hits, total };
  }
}
