import type { Config } from '../config.js';
import { ALL_DATASETS } from '../root/datasets.js';
import { datasetCatalogue } from '../platform/snapshots/catalogue.js';

/** `mds datasets`: what each dataset is and where it comes from. */
export function datasetsCommand(config: Config, args: readonly string[], out: NodeJS.WritableStream): number {
  const entries = datasetCatalogue(ALL_DATASETS, config);
  if (args.includes('--json')) {
    out.write(JSON.stringify(entries, null, 2) + '\n');
    return 0;
  }
  for (const e of entries) {
    const captured = e.sampleCapturedAt ? `sample captured ${e.sampleCapturedAt}` : 'no sample';
    const cadence = e.cadenceMinutes === null ? 'not fetched' : `every ${e.cadenceMinutes} min`;
    out.write(`${e.name}  [${e.kind}]  ${e.source}  (${captured}; ${cadence})\n`);
    for (const s of e.sources) {
      if (!s.url && !s.file && !s.requires.length) continue;
      const needs = s.requires.length ? `  needs ${s.requires.join(', ')} (${s.configured ? 'set' : 'NOT SET'})` : '';
      out.write(`    ${s.url ?? (s.file ? `${s.file} (reference table)` : '(no address)')}${needs}\n`);
    }
  }
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.kind, (counts.get(e.kind) ?? 0) + 1);
  out.write(`${entries.length} datasets: ${[...counts].map(([k, n]) => `${n} ${k}`).join(', ')}\n`);
  return 0;
}
