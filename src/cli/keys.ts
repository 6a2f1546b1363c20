import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { openDatabase } from '../../db/client.js';
import { BILLING_STATES, isBillingState, KeyStore, type KeyRecord } from '../platform/auth/keys.js';
import { SqliteKeyDirectory, type KeyDirectory } from '../platform/auth/key-store.js';
import { PgKeyDirectory } from '../platform/auth/keys-pg.js';
import { openCommandPg } from '../../db/pg/client.js';
import { findPlan, PLAN_KEYS } from '../platform/auth/plans.js';
import { createSharedRedis } from '../platform/redis/index.js';
import { sharedKeysOf } from '../deps.js';
import { systemClock } from '../platform/clock.js';
import { createLogger } from '../platform/logger.js';
import { jsonText, tableRow, text } from './output.js';
import { KEYS_USAGE } from './usage.js';

const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());

function describe(k: KeyRecord): string {
  return tableRow([
    k.id,
    `${k.prefix}…`,
    k.planKey,
    k.status,
    k.accountId,
    k.billingState ?? '?',
    k.rateLimitPerMinute ?? '-',
    iso(k.createdAt),
    iso(k.expiresAt),
    iso(k.lastUsedAt),
    k.name || '-',
  ]);
}

/** `mds keys ...`: issue, list and revoke API keys and set account billing states in the configured database. */
export async function keysCommand(
  config: Config,
  args: string[],
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> {
  const [sub, ...rest] = args;
  if (!sub || sub === 'help' || sub === '--help') {
    (sub ? out : err).write(KEYS_USAGE);
    return sub ? 0 : 2;
  }
  const db = openDatabase(config.DATABASE_PATH);
  // With DATABASE_URL the keys every node reads live in PostgreSQL; otherwise in the SQLite file.
  const pg = await openCommandPg(config.DATABASE_URL);
  // With REDIS_URL too, a revocation is flagged there for every node's next request (key-cache.ts).
  const redis = pg ? createSharedRedis(config) : undefined;
  const keys: KeyDirectory = pg
    ? (sharedKeysOf(
        new PgKeyDirectory(pg),
        redis,
        systemClock,
        createLogger(config.LOG_LEVEL, undefined, undefined, config.LOG_FORMAT),
      ) ?? new PgKeyDirectory(pg))
    : new SqliteKeyDirectory(new KeyStore(db.$client));
  const now = Date.now();
  try {
    switch (sub) {
      case 'create': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            plan: { type: 'string' },
            name: { type: 'string' },
            'rate-limit': { type: 'string' },
            expires: { type: 'string' },
            account: { type: 'string' },
          },
        });
        if (positionals.length) return usage(err, `unexpected argument "${positionals[0]}"`);
        if (!values.plan || !findPlan(values.plan)) return usage(err, `--plan must be one of ${PLAN_KEYS.join(', ')}`);
        let rateLimit: number | undefined;
        if (values['rate-limit'] !== undefined) {
          if (!/^[1-9]\d{0,9}$/.test(values['rate-limit']))
            return usage(err, '--rate-limit must be a positive integer (requests per minute)');
          rateLimit = Number(values['rate-limit']);
        }
        let expiresAt: number | undefined;
        if (values.expires !== undefined) {
          expiresAt = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(values.expires)
            ? Date.parse(values.expires)
            : NaN;
          if (!Number.isFinite(expiresAt))
            return usage(err, '--expires must be an ISO date such as 2027-01-31 or 2027-01-31T12:00:00Z');
          if (expiresAt <= now) return usage(err, '--expires must be in the future');
        }
        const created = await keys.create(
          { plan: values.plan, name: values.name, rateLimitPerMinute: rateLimit, expiresAt, accountId: values.account },
          now,
        );
        const plan = findPlan(values.plan)!;
        out.write(`created key for plan ${plan.planKey} (tier ${plan.tier}), account ${text(created.accountId)}\n`);
        out.write(`id: ${text(created.id)}\n`);
        out.write('the key is shown only this once; store it now:\n');
        out.write(`${created.key}\n`);
        return 0;
      }
      case 'list': {
        const { values } = parseArgs({ args: rest, options: { json: { type: 'boolean', default: false } } });
        if (values.json) {
          out.write(`${jsonText(await keys.list(), 2)}\n`);
          return 0;
        }
        out.write(
          tableRow([
            'id',
            'prefix',
            'plan',
            'status',
            'account',
            'billing',
            'rate/min',
            'created',
            'expires',
            'last used',
            'name',
          ]),
        );
        for (const k of await keys.list()) out.write(describe(k));
        return 0;
      }
      case 'revoke': {
        if (rest.length !== 1) return usage(err, 'revoke takes exactly one key id');
        if (!(await keys.revoke(rest[0], now))) {
          err.write(`mds keys: no key with id "${text(rest[0])}"\n`);
          return 1;
        }
        out.write(`revoked ${text(rest[0])}\n`);
        return 0;
      }
      case 'subscription': {
        const [id, state] = rest;
        if (rest.length !== 2 || !isBillingState(state))
          return usage(err, `subscription takes a key id and one of ${BILLING_STATES.join('|')}`);
        const account = await keys.setBillingState(id, state, now);
        if (!account) {
          err.write(`mds keys: no key with id "${text(id)}"\n`);
          return 1;
        }
        out.write(`account ${text(account)} of key ${text(id)}: billing state ${state}\n`);
        return 0;
      }
      default:
        return usage(err, `unknown subcommand "${sub}"`);
    }
  } finally {
    db.$client.close();
    await pg?.$client.end();
    redis?.close();
  }
}

function usage(err: NodeJS.WritableStream, message: string): number {
  err.write(`mds keys: ${text(message)}\n${KEYS_USAGE}`);
  return 2;
}
