import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The README's configuration table is the operators' reference: every setting config.ts reads is in it. */
describe('README configuration table', () => {
  it('documents every environment variable the configuration schema declares', () => {
    const config = readFileSync(new URL('../../src/config.ts', import.meta.url), 'utf8');
    const schema = config.slice(config.indexOf('const ConfigSchema'), config.indexOf('export type Config'));
    const declared = [...schema.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
    expect(declared.length).toBeGreaterThan(10);
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const documented = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]));
    expect(declared.filter((name) => !documented.has(name))).toEqual([]);
    expect([...documented].filter((name) => !declared.includes(name))).toEqual([]);
  });
});
