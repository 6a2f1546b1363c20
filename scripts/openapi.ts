/**
 * `npm run openapi` writes openapi.gen.yaml from the procedures; `npm run openapi:check` fails when
 * the committed file differs from what they emit now, and validates the document either way.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { appRouter } from '../src/trpc/app-router.js';
import { buildOpenApiDocument, toYaml } from '../src/http/openapi.js';
import { VERSION } from '../src/version.js';

export const OPENAPI_FILE = new URL('../openapi.gen.yaml', import.meta.url);

export function emit(): { doc: Record<string, unknown>; yaml: string } {
  const doc = buildOpenApiDocument(appRouter, VERSION);
  return { doc, yaml: toYaml(doc) };
}

async function main(mode: string): Promise<number> {
  const { doc, yaml } = emit();
  await SwaggerParser.validate(structuredClone(doc) as never);
  if (mode === 'write') {
    writeFileSync(OPENAPI_FILE, yaml);
    console.log(`openapi.gen.yaml written: ${Object.keys(doc.paths as object).length} paths, valid OpenAPI ${String(doc.openapi)}`);
    return 0;
  }
  const committed = existsSync(OPENAPI_FILE) ? readFileSync(OPENAPI_FILE, 'utf8') : '';
  if (committed !== yaml) {
    console.error('openapi.gen.yaml is out of date: run `npm run openapi` and commit the result');
    return 1;
  }
  console.log('openapi.gen.yaml is current and valid');
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv[2] ?? 'check');
}
