import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './paths.js';

const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };

/** The package version, which is also the OpenAPI document's `info.version`. */
export const VERSION: string = pkg.version;
