import type { PgDb } from '../../db/pg/client.js';

/** How long one probe's answer stands: readiness checks between two probes share it. */
const PROBE_EVERY_MS = 1_000;

/**
 * Whether PostgreSQL answers, for `/readyz`: one `SELECT 1` at most every second, whatever the rate of
 * readiness checks, failing as fast as the pool's connection timeout. While it fails the node stays up
 * and serves what needs no database, but a balancer should send its traffic elsewhere.
 */
export class PgReachability {
  private last: { at: number; reason: string | undefined } | undefined;
  private probing: Promise<string | undefined> | undefined;

  constructor(private readonly db: PgDb) {}

  /** Undefined while PostgreSQL answers; otherwise why it does not, naming PostgreSQL. */
  async unreachable(now = Date.now()): Promise<string | undefined> {
    if (this.last && now - this.last.at < PROBE_EVERY_MS) return this.last.reason;
    this.probing ??= this.db.$client
      .query('SELECT 1')
      .then(
        () => undefined,
        (err: Error) => `PostgreSQL unreachable: ${err.message}`,
      )
      .then((reason) => {
        this.last = { at: Date.now(), reason };
        this.probing = undefined;
        return reason;
      });
    return this.probing;
  }
}
