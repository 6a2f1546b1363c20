import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { logLine, prettyLine } from '../../src/platform/logger.js';
import { mds } from '../support/cli.js';
import { serveNode } from '../support/cluster.js';

/** `mds serve` writes nothing but log lines: JSON by default, readable lines with LOG_FORMAT=pretty. */

const OPERATOR = 'operator-key-for-log-tests-0001';

/** Starts `mds serve`, makes one request, stops it with SIGTERM; returns everything it wrote (stdout and stderr). */
async function serveOnce(dbFile: string, env: Record<string, string> = {}): Promise<string> {
  const node = await serveNode({ DATABASE_PATH: dbFile, DEV_KEY: 'auto', OPERATOR_KEYS: OPERATOR, ...env });
  const exit = once(node.proc, 'exit');
  try {
    expect((await node.get('/healthz')).status).toBe(200);
  } finally {
    node.proc.kill('SIGTERM');
  }
  expect((await exit)[0]).toBe(0);
  return node.out();
}

const linesOf = (text: string) => text.split('\n').filter((l) => l !== '');

describe('mds serve logs', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mds-logs-'));
  const dbFile = path.join(dir, 'mds.db');
  const keyFile = path.join(dir, '.dev-key');

  it('every line is one JSON object; the first development start names the key file, never the key', async () => {
    const out = await serveOnce(dbFile);
    const entries = linesOf(out).map((line) => {
      expect(() => JSON.parse(line), line).not.toThrow();
      return JSON.parse(line) as { level: number; time: number; msg: string; route?: string };
    });
    expect(entries.map((e) => e.msg)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^monitoring-data-service listening on/), 'stopped']),
    );
    expect(entries.some((e) => e.route === '/healthz')).toBe(true);
    for (const e of entries) expect(typeof e.time).toBe('number');
    const key = fs.readFileSync(keyFile, 'utf8').trim();
    expect(out).toContain(`created a local development key (enterprise plan) in ${keyFile}`);
    expect(out).not.toContain(key);
  }, 120_000);

  it('LOG_FORMAT=pretty writes readable lines; a later development start names the key file again', async () => {
    const out = await serveOnce(dbFile, { LOG_FORMAT: 'pretty' });
    const lines = linesOf(out);
    for (const line of lines) expect(line).toMatch(/^\d\d:\d\d:\d\d\.\d{3} (TRACE|DEBUG|INFO |WARN |ERROR|FATAL) \S/);
    expect(
      lines.some((l) => l.includes(`local development key: send the content of ${keyFile} as X-Service-Key`)),
    ).toBe(true);
    expect(lines.some((l) => / INFO {2}stopped reason=SIGTERM$/.test(l))).toBe(true);
  }, 120_000);

  it('a start that fails (a bad setting) writes its reason as a log line too', async () => {
    const { code, err } = await mds(['serve'], { PORT: 'not-a-port', LOG_FORMAT: '' });
    expect(code).toBe(1);
    const entry = JSON.parse(err) as { level: number; msg: string };
    expect(entry.level).toBe(60);
    expect(entry.msg).toMatch(/^mds: invalid configuration:\n {2}PORT: /);
  });
});

describe('the pretty form of a log line', () => {
  const at = Date.UTC(2026, 10, 27, 23, 14, 5, 120);
  it.each([
    [
      { level: 30, time: at, msg: 'request', route: '/healthz', status: 200 },
      '23:14:05.120 INFO  request route=/healthz status=200',
    ],
    [
      { level: 50, time: at, msg: 'failed', err: { message: 'boom' } },
      '23:14:05.120 ERROR failed err={"message":"boom"}',
    ],
    [
      { level: 40, time: at, msg: 'odd', note: 'two words', empty: '' },
      '23:14:05.120 WARN  odd note="two words" empty=""',
    ],
  ])('%j -> %s', (entry, line) => {
    expect(prettyLine(JSON.stringify(entry))).toBe(`${line}\n`);
  });

  it('passes a line that is not JSON through unchanged', () => {
    expect(prettyLine('plain\n')).toBe('plain\n');
  });

  it('a line written before any logger exists has the logger shape', () => {
    expect(JSON.parse(logLine('fatal', 'mds: cannot open database', 'json', at))).toEqual({
      level: 60,
      time: at,
      msg: 'mds: cannot open database',
    });
    expect(logLine('fatal', 'mds: x', 'pretty', at)).toBe('23:14:05.120 FATAL mds: x\n');
  });
});
