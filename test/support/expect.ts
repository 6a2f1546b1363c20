import { expect } from 'vitest';
import type { TestResponse } from './app.js';

/**
 * The answer is the spec's 400 ValidationError and names `field` (the only one with `only`):
 * nothing but `{violations}`, each violation exactly `{field, description}`.
 */
export function expectViolation(res: TestResponse, field: string, opts: { only?: boolean } = {}): void {
  expect(res.status, res.text).toBe(400);
  expect(Object.keys(res.body)).toEqual(['violations']);
  const fields = res.body.violations.map((v: { field: string }) => v.field);
  if (opts.only) expect(fields).toEqual([field]);
  else expect(fields).toContain(field);
  for (const v of res.body.violations) expect(Object.keys(v).sort()).toEqual(['description', 'field']);
}
