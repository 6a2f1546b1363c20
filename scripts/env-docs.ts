/**
 * Writes (`write`) or checks (`check`) `.env.example` and the README's configuration table, both
 * generated from the configuration schema (src/config.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { envExample, readmeWithConfigTable } from '../src/config/env-docs.js';
import { PROJECT_ROOT } from '../src/paths.js';

const README = path.join(PROJECT_ROOT, 'README.md');
const ENV_EXAMPLE = path.join(PROJECT_ROOT, '.env.example');

if (import.meta.url === `file://${process.argv[1]}`) {
  const mode = process.argv[2] ?? 'check';
  const files: [string, string][] = [
    [ENV_EXAMPLE, envExample()],
    [README, readmeWithConfigTable(fs.readFileSync(README, 'utf8'))],
  ];
  let stale = false;
  for (const [file, next] of files) {
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (current === next) continue;
    if (mode === 'write') fs.writeFileSync(file, next);
    else {
      console.error(`${path.basename(file)} is out of date; run npm run docs:env`);
      stale = true;
    }
  }
  if (stale) process.exit(1);
}
