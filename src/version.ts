import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/** The package version, which is also the OpenAPI document's `info.version`. */
export const VERSION: string = pkg.version;
