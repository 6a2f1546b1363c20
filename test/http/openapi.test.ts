import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { parse } from 'yaml';
import { emit, emitTypes, OPENAPI_FILE, TYPES_FILE } from '../../scripts/openapi.js';
import { collectOperations } from '../../src/http/operations.js';
import { documentServices, serviceDocument } from '../../src/http/openapi.js';
import { appRouter } from '../../src/root/app-router.js';
import { startTestApp, type TestApp } from '../support/app.js';

describe('openapi.gen.yaml', () => {
  const { doc, yaml } = emit();

  it('is what the procedures emit now (run `npm run openapi` after changing a procedure)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(yaml);
  });

  it('has current generated client types in packages/client/src/openapi.d.ts (run `npm run openapi`)', async () => {
    const types = await emitTypes(doc);
    expect(
      readFileSync(TYPES_FILE, 'utf8') === types,
      'packages/client/src/openapi.d.ts is out of date: run `npm run openapi`',
    ).toBe(true);
    expect(types).toContain('"/api/seismology/v1/list-earthquakes"');
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const api = await SwaggerParser.validate(structuredClone(doc) as never);
    expect((api as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('documents every REST operation with jmespath, error shapes and security schemes', () => {
    const paths = doc.paths as Record<string, Record<string, any>>;
    const schemes = (doc.components as any).securitySchemes;
    expect(schemes.ServiceKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Service-Key' });
    expect(schemes.ApiKeyHeader).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    for (const op of collectOperations(appRouter).values()) {
      const entry = paths[op.path]?.[op.method.toLowerCase()];
      expect(entry, op.path).toBeDefined();
      expect(entry.summary, op.path).toBeTruthy();
      const ok = entry.responses[op.meta.successStatus ?? '200'];
      expect(ok.content['application/json'].schema.$ref, op.path).toMatch(/^#\/components\/schemas\/[a-z_-]+_v\d+_/);
      const badRequest = entry.responses['400'].content['application/json'].schema.oneOf;
      // One error family: malformed JSON and unknown body fields are violations too, on every method.
      expect(badRequest).toEqual([
        { $ref: '#/components/schemas/ValidationError' },
        { $ref: '#/components/schemas/JmespathProjectionError' },
      ]);
      for (const status of ['429', '500', '503']) expect(entry.responses[status], `${op.path} ${status}`).toBeDefined();
      if (op.method === 'GET') {
        expect(entry.parameters).toContainEqual({ $ref: '#/components/parameters/Jmespath' });
        // Every GET can be asked as of a past instant (src/http/as-of.ts).
        expect(entry.parameters).toContainEqual({ $ref: '#/components/parameters/AsOf' });
        expect(ok.headers['Memento-Datetime'], op.path).toBeDefined();
      }
    }
  });

  it('uses the contract’s wire names for list-earthquakes', () => {
    const params = (doc.paths as any)['/api/seismology/v1/list-earthquakes'].get.parameters.map(
      (p: any) => p.name ?? p.$ref,
    );
    expect(params).toEqual([
      'start',
      'end',
      'page_size',
      'cursor',
      'min_magnitude',
      '#/components/parameters/Jmespath',
      '#/components/parameters/AsOf',
      // A list operation: its rows also as CSV or NDJSON.
      '#/components/parameters/Format',
    ]);
  });
});

describe('served document', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: 'none' });
  });
  afterAll(() => app.close());

  it('is served as YAML and JSON, identical to the committed file', async () => {
    const y = await app.get('/openapi.yaml');
    expect(y.status).toBe(200);
    expect(y.headers.get('content-type')).toMatch(/yaml/);
    expect(y.text).toBe(readFileSync(OPENAPI_FILE, 'utf8'));
    const j = await app.get('/openapi.json');
    expect(j.body).toEqual(parse(y.text));
  });

  it('is served per service at /openapi/<service>.json, cut from the whole document; an unknown service is a JSON 404', async () => {
    const whole = parse(readFileSync(OPENAPI_FILE, 'utf8'));
    const one = await app.get('/openapi/seismology.json');
    expect(one.status).toBe(200);
    expect(one.body).toEqual(JSON.parse(JSON.stringify(serviceDocument(whole, 'seismology'))));
    expect(Object.keys(one.body.paths)).toContain('/api/seismology/v1/list-earthquakes');
    const missing = await app.get('/openapi/no-such-service.json');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: expect.stringMatching(/no operation/) });
  });
});

describe('per-service documents', () => {
  const whole = parse(readFileSync(OPENAPI_FILE, 'utf8'));
  const services = documentServices(whole);

  it('are one per service the procedures declare (and the session and event-stream endpoints), in alphabetical order', () => {
    const declared = new Set([...collectOperations(appRouter).values()].flatMap((op) => op.meta.openapi?.tags ?? []));
    expect(services).toEqual([...declared, 'session', 'stream'].sort());
    expect(services).toEqual(expect.arrayContaining(['seismology', 'supply-chain', 'market', 'batch']));
  });

  it('between them carry every operation of the whole document exactly once, unchanged', () => {
    const seen = new Map<string, unknown>();
    for (const service of services) {
      for (const [path, item] of Object.entries(
        serviceDocument(whole, service)!.paths as Record<string, Record<string, unknown>>,
      )) {
        for (const [method, op] of Object.entries(item)) {
          const key = `${method} ${path}`;
          expect(seen.has(key), key).toBe(false);
          seen.set(key, op);
        }
      }
    }
    const all = Object.entries(whole.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => [`${method} ${path}`, op] as const),
    );
    expect(seen.size).toBe(all.length);
    for (const [key, op] of all) expect(seen.get(key), key).toEqual(op);
  });

  it('are each a valid OpenAPI 3.1 document whose every reference resolves inside it, with no unused components', async () => {
    for (const service of services) {
      const doc = serviceDocument(whole, service)!;
      await expect(SwaggerParser.validate(structuredClone(doc) as never), service).resolves.toBeDefined();
      const refs = new Set(JSON.stringify(doc).match(/"#\/components\/[^"]+"/g) ?? []);
      const defined = Object.entries(doc.components as Record<string, Record<string, unknown>>)
        .filter(([kind]) => kind !== 'securitySchemes')
        .flatMap(([kind, entries]) => Object.keys(entries).map((name) => `"#/components/${kind}/${name}"`));
      expect(new Set(defined), service).toEqual(refs);
    }
  });

  it('point their operations at the server they are served from', () => {
    expect(serviceDocument(whole, 'seismology')!.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(serviceDocument(whole, 'no-such-service')).toBeUndefined();
  });
});
