import { PassThrough } from 'node:stream';
import { runCli } from '../../src/cli/index.js';
import { testAppDatabaseUrl } from './engines/postgres.js';

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c) => (text += c));
  return { stream, text: () => text };
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `mds <args>` in-process with `env` added to the environment; returns exit code, stdout and
 * stderr. Calls take turns: each swaps process.env for its duration, so two overlapping calls would
 * otherwise leave one's variables (a DATABASE_URL, say) behind for every later call in the worker.
 */
export function mds(args: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  const turn = queue.then(() => runOnce(args, env));
  queue = turn.catch(() => undefined);
  return turn;
}

async function runOnce(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string; err: string }> {
  // Under MDS_TEST_POSTGRES=1 a command on a test's SQLite file also gets that file's PostgreSQL
  // database, so it reads and writes what the test's app does.
  if (env.DATABASE_PATH && env.DATABASE_URL === undefined) {
    const url = await testAppDatabaseUrl(env.DATABASE_PATH);
    if (url) env = { ...env, DATABASE_URL: url };
  }
  const saved = { ...process.env };
  Object.assign(process.env, env, { LOG_LEVEL: 'silent' });
  const out = capture();
  const err = capture();
  try {
    const code = await runCli(args, out.stream, err.stream);
    return { code, out: out.text(), err: err.text() };
  } finally {
    process.env = saved;
  }
}
