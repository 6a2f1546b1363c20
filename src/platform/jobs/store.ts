import type Database from 'better-sqlite3';

export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** A job as its owner sees it. `input` and `result` are the JSON values the caller and handler gave. */
export interface Job {
  id: string;
  kind: string;
  accountId: string;
  state: JobState;
  input: unknown;
  /** The handler's answer once `done`; null before and on failure. */
  result: unknown;
  /** Why it failed; null otherwise. */
  error: string | null;
  /** How many times a worker started it. */
  attempts: number;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

export interface JobRow {
  id: string;
  account_id: string;
  kind: string;
  input: string;
  input_digest: string;
  idempotency_key: string | null;
  state: JobState;
  result: string | null;
  error: string | null;
  attempts: number;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

export function toJob(r: JobRow): Job {
  return {
    id: r.id,
    kind: r.kind,
    accountId: r.account_id,
    state: r.state,
    input: JSON.parse(r.input),
    result: r.result === null ? null : JSON.parse(r.result),
    error: r.error,
    attempts: r.attempts,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  };
}

/** The `jobs` table: every statement SqliteJobBackend uses, prepared once. */
export class JobStore {
  readonly byId: Database.Statement<[string, string], JobRow>;
  readonly byKey: Database.Statement<[string, string, string], JobRow>;
  readonly byInput: Database.Statement<[string, string, string], JobRow>;
  readonly insert: Database.Statement;
  readonly claim: Database.Statement<[number, string, number], JobRow>;
  readonly finish: Database.Statement<[JobState, string | null, string | null, number, string]>;
  /** Back to the queue without counting the attempt (a clean shutdown interrupted it). */
  readonly release: Database.Statement<[string]>;
  readonly failAbandoned: Database.Statement<[string, number, number]>;
  readonly requeueAbandoned: Database.Statement<[]>;
  readonly sweep: Database.Statement<[number]>;
  readonly countQueued: Database.Statement<[string], { n: number }>;

  constructor(readonly sqlite: Database.Database) {
    const cols =
      'id, account_id, kind, input, input_digest, idempotency_key, state, result, error, attempts, created_at, started_at, finished_at';
    this.byId = sqlite.prepare(`SELECT ${cols} FROM jobs WHERE id = ? AND account_id = ?`);
    this.byKey = sqlite.prepare(`SELECT ${cols} FROM jobs WHERE account_id = ? AND kind = ? AND idempotency_key = ?`);
    // A failed job is not reused for the same input: asking again is a retry.
    this.byInput = sqlite.prepare(
      `SELECT ${cols} FROM jobs WHERE account_id = ? AND kind = ? AND input_digest = ? AND state != 'failed' ORDER BY created_at DESC, rowid DESC LIMIT 1`,
    );
    this.insert = sqlite.prepare(
      `INSERT INTO jobs (id, account_id, kind, input, input_digest, idempotency_key, state, attempts, created_at) VALUES (?, ?, ?, ?, ?, ?, 'queued', 0, ?)`,
    );
    this.claim = sqlite.prepare(
      `UPDATE jobs SET state = 'running', started_at = ?, attempts = attempts + 1
       WHERE id IN (SELECT id FROM jobs WHERE state = 'queued' AND kind IN (SELECT value FROM json_each(?)) ORDER BY created_at, rowid LIMIT ?)
       RETURNING ${cols}`,
    );
    this.finish = sqlite.prepare(
      `UPDATE jobs SET state = ?, result = ?, error = ?, finished_at = ? WHERE id = ? AND state = 'running'`,
    );
    this.release = sqlite.prepare(
      `UPDATE jobs SET state = 'queued', started_at = NULL, attempts = attempts - 1 WHERE id = ? AND state = 'running'`,
    );
    this.failAbandoned = sqlite.prepare(
      `UPDATE jobs SET state = 'failed', error = ?, finished_at = ? WHERE state = 'running' AND attempts >= ?`,
    );
    this.requeueAbandoned = sqlite.prepare(
      `UPDATE jobs SET state = 'queued', started_at = NULL WHERE state = 'running'`,
    );
    this.sweep = sqlite.prepare(`DELETE FROM jobs WHERE state IN ('done', 'failed') AND finished_at < ?`);
    this.countQueued = sqlite.prepare(`SELECT COUNT(*) AS n FROM jobs WHERE state = 'queued' AND kind = ?`);
  }
}
