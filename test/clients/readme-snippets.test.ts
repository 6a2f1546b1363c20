import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README's client examples are the type-checked ones, line for line: readme-snippets.ts (inside the
 * repository) and the client package consumer's calls (consumer/calls.ts, checked by package.test.ts).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const source = readFileSync(path.join(ROOT, 'test', 'clients', 'readme-snippets.ts'), 'utf8');
const consumer = readFileSync(path.join(ROOT, 'test', 'clients', 'consumer', 'calls.ts'), 'utf8');

function region(name: string, text = source): string {
  const m = new RegExp(`// #region ${name}\\n([\\s\\S]*?)// #endregion`).exec(text);
  if (!m) throw new Error(`no region ${name}`);
  return m[1].replaceAll("'../../", "'./").trimEnd();
}

const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1].trimEnd());

describe('README client examples', () => {
  it.each(['trpc', 'openapi-fetch'])('shows the type-checked %s example verbatim', (name) => {
    expect(blocks).toContain(region(name));
  });

  it('shows the client package consumer’s three calls verbatim', () => {
    expect(blocks).toContain(region('package', consumer));
  });
});
