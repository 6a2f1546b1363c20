import { ConfigSchema } from '../config.js';

/*
 * The configuration schema is the one description of every variable: its `.describe()` text is the
 * meaning, its default is what parsing an unset variable gives. `.env.example` and the README's
 * configuration table are both generated from it (`npm run docs:env`), and tests keep them current.
 */

export interface ConfigVariable {
  name: string;
  meaning: string;
  /** The value an unset variable takes, as it would be written; undefined when there is none (or it is a parsed list). */
  default?: string;
}

export function configVariables(): ConfigVariable[] {
  return Object.entries(ConfigSchema.shape).map(([name, schema]) => {
    const meaning = schema.description;
    if (!meaning) throw new Error(`config.ts: ${name} has no .describe() text`);
    const unset = schema.safeParse(undefined);
    const value = unset.success ? unset.data : undefined;
    const primitive = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    return { name, meaning, default: primitive ? String(value) : undefined };
  });
}

export const ENV_EXAMPLE_HEADER = `# Every environment variable the Monitoring Data Service reads, with its meaning and default.
# Generated from the configuration schema (src/config.ts) by \`npm run docs:env\`: do not edit by hand.
# Copy it to .env and uncomment what you set: \`mds\` reads .env from the working directory when it is
# there, and a variable already set in the environment wins over the file. Empty values count as unset.
`;

/** Breaks a comment into lines of at most `width` characters (a longer word keeps its own line). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** The text of `.env.example`: each variable commented out, at its default, under its meaning. */
export function envExample(variables = configVariables()): string {
  const blocks = variables.map((v) =>
    [...wrap(v.meaning, 98).map((l) => `# ${l}`), `# ${v.name}=${v.default ?? ''}`].join('\n'),
  );
  return `${ENV_EXAMPLE_HEADER}\n${blocks.join('\n\n')}\n`;
}

export const CONFIG_TABLE_START =
  '<!-- config:start (generated from src/config.ts by `npm run docs:env`; do not edit) -->';
export const CONFIG_TABLE_END = '<!-- config:end -->';

/** The README's configuration table (markdown), one row per variable in the schema's order. */
export function configTable(variables = configVariables()): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const rows = variables.map(
    (v) => `| \`${v.name}\` | ${v.default === undefined ? '–' : `\`${v.default}\``} | ${cell(v.meaning)} |`,
  );
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** `readme` with the text between the configuration table's markers replaced by the generated table. */
export function readmeWithConfigTable(readme: string): string {
  const start = readme.indexOf(CONFIG_TABLE_START);
  const end = readme.indexOf(CONFIG_TABLE_END);
  if (start === -1 || end < start)
    throw new Error(`README.md has no ${CONFIG_TABLE_START} … ${CONFIG_TABLE_END} block`);
  return `${readme.slice(0, start + CONFIG_TABLE_START.length)}\n\n${configTable()}\n\n${readme.slice(end)}`;
}
