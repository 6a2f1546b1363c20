import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';

/**
 * The serialised-response cache keys a projection by its parsed expression: spelling variants of one
 * expression are evaluated once and share the entry; different expressions, and text that does not
 * parse, keep entries of their own.
 */
const EQ = '/api/seismology/v1/list-earthquakes';
const q = (expression: string) => `${EQ}?page_size=5&jmespath=${encodeURIComponent(expression)}`;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [earthquakesDataset] });
});
afterAll(() => app.close());

describe('projection cache key', () => {
  it('stores one entry for whitespace and quoting variants of one expression', async () => {
    const stored = vi.spyOn(app.deps.responses, 'set');
    const first = await app.get(q('earthquakes[*].magnitude'));
    const second = await app.get(q(' earthquakes [ * ] . "magnitude" '));
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(stored).toHaveBeenCalledTimes(1);
    stored.mockRestore();
  });

  it('keeps different expressions apart', async () => {
    const a = await app.get(q('earthquakes[*].magnitude'));
    const b = await app.get(q('earthquakes[*].place'));
    expect(a.body).not.toEqual(b.body);
  });

  it('keeps an expression that does not parse apart from every parsed one', async () => {
    const refused = await app.get(q('earthquakes[*'));
    expect(refused.status).toBe(400);
    expect((await app.get(q('earthquakes[*].magnitude'))).status).toBe(200);
  });
});
