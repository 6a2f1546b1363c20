import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../src/http/openapi.js';
import { collectOperations } from '../../../src/http/operations.js';
import { appRouter } from '../../../src/root/app-router.js';
import { isPublicOperation } from '../../../src/platform/auth/public-paths.js';

const doc = buildOpenApiDocument(appRouter, 'test');
const ops = [...collectOperations(appRouter).values()];

describe('OpenAPI: access control on every operation', () => {
  it('declares the key headers and the session cookie as security schemes', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      ServiceKey: { type: 'apiKey', in: 'header', name: 'X-Service-Key' },
      ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      SessionCookie: { type: 'apiKey', in: 'cookie', name: 'mds_session' },
    });
  });

  it.each(ops.map((o) => [o.path, o] as const))('%s shows security and the 401/403/429/503 responses', (_p, op) => {
    expect(isPublicOperation(op.meta)).toBe(false); // a `public` flag under /api/<service>/v1 is ignored
    const entry = doc.paths[op.path][op.method.toLowerCase()];
    expect(entry.security).toContainEqual({ ServiceKey: [] });
    expect(entry.security).toContainEqual({ ApiKeyHeader: [] });
    if (op.meta.requiredTier) {
      expect(entry.security).not.toContainEqual({ SessionCookie: [] });
      expect(entry['x-required-tier']).toBe(op.meta.requiredTier);
    } else expect(entry.security).toContainEqual({ SessionCookie: [] });
    expect(entry.responses['401'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/UnauthorizedError',
    });
    expect(entry.responses['403'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ForbiddenError',
    });
    expect(entry.responses['403'].headers).toHaveProperty('X-Billing-Verification');
    expect(Object.keys(entry.responses['429'].headers)).toEqual(
      expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After']),
    );
    expect(Object.keys(entry.responses['503'].headers)).toEqual(
      expect.arrayContaining(['Retry-After', 'X-Billing-Verification', 'X-RateLimit-Mode']),
    );
    expect(entry.responses['503'].content['application/json'].schema.anyOf).toContainEqual({
      $ref: '#/components/schemas/BillingVerificationError',
    });
    expect(Object.keys(entry.responses[op.meta.successStatus ?? '200'].headers ?? {})).toEqual(
      expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
    );
  });

  it('documents POST /api/session', () => {
    expect(doc.paths['/api/session'].post.security).toEqual([{ ServiceKey: [] }, { ApiKeyHeader: [] }]);
    expect(doc.paths['/api/session'].post.responses).toHaveProperty('401');
  });
});
