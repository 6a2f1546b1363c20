import { describe, expect, it } from 'vitest';
import { prepareBody } from '../../src/platform/response-cache.js';

/** A prepared body inside a larger answer (a batch result's body) travels as its bytes. */
describe('prepared bodies embedded in an answer', () => {
  it('are spliced in as their bytes, giving exactly what JSON.stringify gives for the values', () => {
    const a = prepareBody({ earthquakes: [{ id: 'x', m: 5.1 }], note: 'é "quoted"' }, false);
    const b = prepareBody([1, null, 'two'], false);
    const answer = {
      results: [
        { id: '0', body: a },
        { id: '1', body: b },
        { id: '2', body: { plain: true } },
      ],
      failed: 0,
    };
    const prepared = prepareBody(answer, false);
    expect(prepared.text).toBe(
      JSON.stringify({
        results: [
          { id: '0', body: JSON.parse(a.text) },
          { id: '1', body: JSON.parse(b.text) },
          { id: '2', body: { plain: true } },
        ],
        failed: 0,
      }),
    );
    // Assembled from parts: the embedded bodies' bytes are copied, not serialised again.
    expect(prepared.chunks?.some((c) => c.equals(a.bytes))).toBe(true);
  });

  it('serialise as their value anywhere else, and leave nothing behind for the next answer', () => {
    const a = prepareBody({ k: 1 }, false);
    expect(JSON.stringify({ body: a })).toBe('{"body":{"k":1}}');
    expect(() => prepareBody({ body: a, bad: 1n }, false)).toThrow();
    expect(prepareBody({ plain: 1 }, false).text).toBe('{"plain":1}');
    expect(prepareBody({ plain: 1 }, false).chunks).toBeUndefined();
  });
});
