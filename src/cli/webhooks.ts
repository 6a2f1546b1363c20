import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { openDatabase } from '../../db/client.js';
import { openCommandPg } from '../../db/pg/client.js';
import { Webhooks, type WebhookStore } from '../services/shipping/webhooks/store.js';
import { postgresEngine, sqliteEngine } from '../platform/stores/engine.js';
import { tableRow, text } from './output.js';

export const WEBHOOKS_USAGE = `usage: mds webhooks <subcommand>

  list                              every webhook registration (never its secret)
  deliveries [--subscriber ID] [--limit N]
                                    the delivery log, newest first, with every attempt
`;

const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());

/** `mds webhooks ...`: the operator's view of shipping webhook registrations and their delivery log. */
export async function webhooksCommand(
  config: Config,
  args: string[],
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> {
  const [sub, ...rest] = args;
  if (!sub || sub === 'help' || sub === '--help') {
    (sub ? out : err).write(WEBHOOKS_USAGE);
    return sub ? 0 : 2;
  }
  const db = openDatabase(config.DATABASE_PATH);
  // With DATABASE_URL the registrations and deliveries of every node live in PostgreSQL.
  const pg = await openCommandPg(config.DATABASE_URL);
  const store: WebhookStore = new Webhooks(pg ? postgresEngine(pg) : sqliteEngine(db));
  try {
    switch (sub) {
      case 'list': {
        for (const r of await store.registrations()) {
          // Every field a caller chose (the address above all) is shown with its controls escaped.
          out.write(
            tableRow([
              r.id,
              r.accountId,
              r.active ? 'active' : 'inactive',
              r.alertThreshold,
              r.chokepointIds.join(',') || '*',
              iso(r.createdAt),
              r.callbackUrl,
            ]),
          );
        }
        return 0;
      }
      case 'deliveries': {
        const { values } = parseArgs({
          args: rest,
          options: { subscriber: { type: 'string' }, limit: { type: 'string', default: '50' } },
        });
        const limit = Number(values.limit);
        if (!Number.isInteger(limit) || limit < 1) {
          err.write('mds webhooks deliveries: --limit must be a positive integer\n');
          return 2;
        }
        for (const d of await store.deliveries({ subscriberId: values.subscriber, limit })) {
          out.write(
            tableRow([
              d.id,
              d.subscriberId,
              d.event,
              d.chokepointId,
              d.state,
              `attempts=${d.attempts}`,
              iso(d.createdAt),
              iso(d.finishedAt),
            ]),
          );
          // An attempt's error may quote what the receiver answered.
          for (const a of d.log)
            out.write(
              `  ${tableRow([`#${a.attempt}`, iso(a.attemptedAt), a.status ?? '-', `${a.durationMs} ms`, a.error ?? 'ok'])}`,
            );
        }
        return 0;
      }
      default:
        err.write(`mds webhooks: unknown subcommand "${text(sub)}"\n${WEBHOOKS_USAGE}`);
        return 2;
    }
  } finally {
    db.$client.close();
    await pg?.$client.end();
  }
}
