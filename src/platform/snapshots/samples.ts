import path from 'node:path';
import { PROJECT_ROOT } from '../../paths.js';

/** Bundled upstream payloads, one folder per service, in each upstream's own format. */
export const SAMPLES_DIR = path.join(PROJECT_ROOT, 'db', 'samples');

/** Curated reference tables (kind `reference`), one folder per service, each with its provenance. */
export const REFERENCE_DIR = path.join(PROJECT_ROOT, 'db', 'reference');

/** The bundled file of a source: a reference table under db/reference/, any other sample under db/samples/. */
export function bundledFile(source: { sample: string; reference?: true }): string {
  return path.join(source.reference ? REFERENCE_DIR : SAMPLES_DIR, source.sample);
}
