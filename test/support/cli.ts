import { PassThrough } from 'node:stream';
import { runCli } from '../../src/cli/index.js';

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c) => (text += c));
  return { stream, text: () => text };
}

/** Runs `mds <args>` in-process with `env` added to the environment; returns exit code, stdout and stderr. */
export async function mds(args: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
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
