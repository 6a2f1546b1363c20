import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Bundled upstream payloads, one folder per service, in each upstream's own format. */
export const SAMPLES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'db', 'samples');
