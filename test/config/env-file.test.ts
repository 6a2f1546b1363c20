import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, readDotEnv } from '../../src/config.js';
import { configVariables, envExample, readmeWithConfigTable } from '../../src/config/env-docs.js';

const root = (file: string) => new URL(`../../${file}`, import.meta.url);

describe('.env in the working directory', () => {
  const dirWith = (text?: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mds-dotenv-'));
    if (text !== undefined) fs.writeFileSync(path.join(dir, '.env'), text);
    return dir;
  };

  it('fills the variables the environment does not set, and never overrides one it does', () => {
    const env: NodeJS.ProcessEnv = { PORT: '9000', LOG_FORMAT: '' };
    const file = readDotEnv(
      dirWith('# a comment\nPORT=7000\nLOG_LEVEL=debug\nLOG_FORMAT=pretty\nFINNHUB_API_KEY="quoted value"\n'),
      env,
    );
    expect(file).toMatch(/\.env$/);
    // PORT is set by the environment and wins; an empty variable is set too (config treats it as unset).
    expect(env).toEqual({ PORT: '9000', LOG_FORMAT: '', LOG_LEVEL: 'debug', FINNHUB_API_KEY: 'quoted value' });
  });

  it('is optional: no file, nothing read', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(readDotEnv(dirWith(), env)).toBeUndefined();
    expect(env).toEqual({});
  });

  it('is git-ignored (it holds credentials)', () => {
    expect(fs.readFileSync(root('.gitignore'), 'utf8').split('\n')).toContain('.env');
  });
});

describe('.env.example and the README configuration table (npm run docs:env)', () => {
  it('every variable of the schema has a meaning (its .describe() text)', () => {
    const variables = configVariables();
    expect(variables.map((v) => v.name)).toEqual(CONFIG_VARIABLES);
    for (const v of variables) expect(v.meaning.length, v.name).toBeGreaterThan(10);
  });

  it('defaults are what an unset variable parses to', () => {
    const byName = new Map(configVariables().map((v) => [v.name, v]));
    expect(byName.get('PORT')?.default).toBe('8080');
    expect(byName.get('LOG_FORMAT')?.default).toBe('json');
    expect(byName.get('DATABASE_PATH')?.default).toBe(path.join('data', 'mds.db'));
    // No default: an optional credential, and a list parsed into another shape.
    expect(byName.get('FINNHUB_API_KEY')?.default).toBeUndefined();
    expect(byName.get('OPERATOR_KEYS')?.default).toBeUndefined();
  });

  it('.env.example is the one generated from the schema, every variable commented out at its default', () => {
    const example = fs.readFileSync(root('.env.example'), 'utf8');
    expect(example).toBe(envExample());
    for (const name of CONFIG_VARIABLES) expect(example).toMatch(new RegExp(`^# ${name}=`, 'm'));
    expect(example).toMatch(/^# PORT=8080$/m);
    // Copied as it is, it sets nothing.
    expect(example.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual([]);
  });

  it("the README's configuration table is the one generated from the schema", () => {
    const readme = fs.readFileSync(root('README.md'), 'utf8');
    expect(readme).toBe(readmeWithConfigTable(readme));
  });
});
