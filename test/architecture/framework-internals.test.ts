import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');
const ADAPTER = 'http/procedure-table.ts';

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(full, out);
    else if (entry.name.endsWith('.ts')) out.push(full);
  }
  return out;
}

/**
 * tRPC is used through its public API; the one unavoidable read of its procedure table has one home;
 * no library is patched and run as generated code.
 */
describe('framework internals', () => {
  const files = sources(SRC).map((f) => ({ rel: path.relative(SRC, f), text: readFileSync(f, 'utf8') }));

  it('no source imports @trpc/server/unstable-core-do-not-import', () => {
    expect(files.filter((f) => f.text.includes('unstable-core-do-not-import')).map((f) => f.rel)).toEqual([]);
  });

  it.each([
    ['new Function', /new Function\s*\(/],
    ['eval', /(?<![.\w])eval\s*\(/],
  ])('no source runs generated code through %s', (_name, pattern) => {
    expect(files.filter((f) => pattern.test(f.text)).map((f) => f.rel)).toEqual([]);
  });

  it(`only ${ADAPTER} reads a router's or procedure's _def`, () => {
    expect(files.filter((f) => f.rel !== ADAPTER && /\b_def\b/.test(f.text)).map((f) => f.rel)).toEqual([]);
  });
});
