/**
 * Writes (`write`) or checks (`check`) the README's dataset table, generated from `mds datasets`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { testConfig } from '../src/config.js';
import { ALL_DATASETS } from '../src/root/datasets.js';
import { catalogueTable, datasetCatalogue, TABLE_END, TABLE_START } from '../src/platform/snapshots/catalogue.js';
import { PROJECT_ROOT } from '../src/paths.js';

const README = path.join(PROJECT_ROOT, 'README.md');

/** The README with its dataset table replaced by the one generated now. */
export function readmeWithTable(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start === -1 || end < start) throw new Error(`README.md has no ${TABLE_START} … ${TABLE_END} block`);
  const table = catalogueTable(datasetCatalogue(ALL_DATASETS, testConfig()));
  return readme.slice(0, start + TABLE_START.length) + '\n\n' + table + '\n' + readme.slice(end);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const mode = process.argv[2] ?? 'check';
  const current = fs.readFileSync(README, 'utf8');
  const next = readmeWithTable(current);
  if (mode === 'write') {
    fs.writeFileSync(README, next);
  } else if (current !== next) {
    console.error('README.md: the dataset table is out of date; run npm run docs:datasets');
    process.exit(1);
  }
}
