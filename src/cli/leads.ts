import type { Config } from '../config.js';
import { openDatabase } from '../../db/client.js';
import { openCommandPg } from '../../db/pg/client.js';
import { Leads, type LeadStore } from '../services/leads/store.js';
import { postgresEngine, sqliteEngine } from '../platform/stores/engine.js';
import { csvRow, jsonText } from './output.js';

export const LEADS_USAGE = `usage: mds leads <contacts|interest> [--csv]

  contacts     enterprise contact requests (submit-contact), oldest first
  interest     the waitlist (register-interest), in waitlist order
  --csv        CSV with a header row instead of one JSON object per line (a cell that starts like a
               spreadsheet formula gets a leading ', control characters are shown as escapes)
`;

/** `mds leads ...`: lists or exports the stored lead submissions of the configured database. */
export async function leadsCommand(
  config: Config,
  args: string[],
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> {
  const csv = args.includes('--csv');
  const rest = args.filter((a) => a !== '--csv');
  const [which, ...extra] = rest;
  if ((which !== 'contacts' && which !== 'interest') || extra.length) {
    (which === 'help' ? out : err).write(LEADS_USAGE);
    return which === 'help' ? 0 : 2;
  }
  const db = openDatabase(config.DATABASE_PATH);
  // With DATABASE_URL the leads every node stored live in PostgreSQL; otherwise in the SQLite file.
  const pg = await openCommandPg(config.DATABASE_URL);
  try {
    const store: LeadStore = new Leads(pg ? postgresEngine(pg) : sqliteEngine(db));
    const rows = (which === 'contacts' ? await store.contacts() : await store.interestList()).map((r) => ({
      ...r,
      created_at: new Date(r.created_at).toISOString(),
    }));
    if (csv) {
      const cols =
        which === 'contacts'
          ? ['id', 'email', 'name', 'organization', 'phone', 'message', 'source', 'created_at']
          : ['id', 'email', 'source', 'app_version', 'referred_by', 'referral_code', 'created_at'];
      // Rows are what anyone submitted: formulas are neutralised and controls shown, never passed on.
      out.write(csvRow(cols));
      for (const r of rows) out.write(csvRow(cols.map((c) => (r as Record<string, unknown>)[c])));
    } else {
      for (const r of rows) out.write(`${jsonText(r)}\n`);
    }
    return 0;
  } finally {
    db.$client.close();
    await pg?.$client.end();
  }
}
