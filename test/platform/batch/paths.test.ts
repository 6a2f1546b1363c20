import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { classifyPath } from '../../../src/platform/batch/paths.js';
import { assignIds } from '../../../src/platform/batch/execute.js';
import { ServiceError } from '../../../src/platform/errors.js';

describe('classifyPath', () => {
  it.each([
    ['/api/seismology/v1/list-earthquakes', '/api/seismology/v1/list-earthquakes'],
    [
      '/api/seismology/v1/list-earthquakes?page_size=2&jmespath=earthquakes[0].id',
      '/api/seismology/v1/list-earthquakes?page_size=2&jmespath=earthquakes[0].id',
    ],
    ['/api/supply-chain/v1/get-chokepoint-status', '/api/supply-chain/v1/get-chokepoint-status'],
    ['/api/seismology/v1/no-such-rpc', '/api/seismology/v1/no-such-rpc'],
  ])('dispatches %s', (path, url) => {
    expect(classifyPath(path)).toEqual({ ok: true, pathname: url.split('?')[0], url });
  });

  it.each([
    ['https://evil.example/api/seismology/v1/list-earthquakes', 'invalid_path'],
    ['//evil.example/api/seismology/v1/list-earthquakes', 'invalid_path'],
    ['/\\evil.example/api/x/v1/y', 'invalid_path'],
    ['api/seismology/v1/list-earthquakes', 'invalid_path'],
    ['/API/SEISMOLOGY/V1/LIST-EARTHQUAKES', 'invalid_path'],
    ['/api/seismology/list-earthquakes', 'invalid_path'],
    ['/api/health', 'invalid_path'],
    ['/openapi.yaml', 'invalid_path'],
    ['/api/seismology/v1/list-earthquakes#x', 'invalid_path'],
    ['/api/seismology/v1/list earthquakes', 'invalid_path'],
    ['/api/seismology/v1/../../batch/v1/execute', 'nested_batch'],
    ['/api/batch/v1/execute', 'nested_batch'],
    ['/api/batch/v1/execute?x=1', 'nested_batch'],
  ])('refuses %s as %s', (path, error) => {
    expect(classifyPath(path)).toEqual({ ok: false, error });
  });

  it('never lets a path leave the service or reach the batch endpoint', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (path) => {
        const v = classifyPath(path);
        if (v.ok) {
          expect(v.pathname).toMatch(/^\/api\/[a-z][a-z0-9-]*\/v\d+\/[a-z][a-z0-9-]*$/);
          expect(v.pathname.startsWith('/api/batch/')).toBe(false);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('assignIds', () => {
  it('trims ids and numbers blank ones by position', () => {
    expect(assignIds([{ id: ' a ', path: '/' }, { path: '/' }, { id: '   ', path: '/' }])).toEqual(['a', '1', '2']);
  });

  it('refuses duplicates, naming the later occurrence', () => {
    const err = (() => {
      try {
        assignIds([
          { id: 'x', path: '/' },
          { id: 'y', path: '/' },
          { id: 'x ', path: '/' },
        ]);
      } catch (e) {
        return e as ServiceError;
      }
    })();
    expect(err?.status).toBe(400);
    expect(err?.body).toEqual({
      violations: [{ field: 'operations[2].id', description: expect.stringContaining('duplicate id "x"') }],
    });
  });

  it('treats an explicit id equal to another operation’s index as a duplicate', () => {
    expect(() => assignIds([{ id: '1', path: '/' }, { path: '/' }])).toThrow(ServiceError);
  });
});
