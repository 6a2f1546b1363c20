import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serialiseBatch, type BatchResult } from '../../../src/platform/batch/execute.js';
import { prepareBody, type PreparedBody } from '../../../src/platform/response-cache.js';

/** A result as the executor reports it, and the operation's own body text when it travelled raw. */
const outcome = fc.record({
  id: fc.string(),
  status: fc.integer({ min: 0, max: 599 }),
  error: fc.constantFrom('', 'timeout', 'invalid_path', 'response_too_large'),
  body: fc.option(fc.jsonValue(), { nil: undefined }),
  raw: fc.boolean(),
});

describe('serialiseBatch', () => {
  it('writes exactly the bytes JSON.stringify writes for the complete answer, prepared bodies spliced in place', () => {
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 20 }), (items) => {
        const results: BatchResult[] = [];
        const raw: (PreparedBody | undefined)[] = [];
        const complete: BatchResult[] = [];
        for (const { id, status, error, body, raw: travelsRaw } of items) {
          const asText = body === undefined ? undefined : JSON.stringify(body);
          if (travelsRaw && asText !== undefined) {
            results.push({ id, status, error });
            raw.push(prepareBody(body, false));
          } else {
            results.push(body === undefined ? { id, status, error } : { id, status, body, error });
            raw.push(undefined);
          }
          complete.push(body === undefined ? { id, status, error } : { id, status, body: JSON.parse(asText!), error });
        }
        const succeeded = results.filter((r) => r.status >= 200 && r.status < 300).length;
        const text = serialiseBatch({ response: { results, succeeded, failed: results.length - succeeded }, raw }).text;
        expect(text).toBe(JSON.stringify({ results: complete, succeeded, failed: results.length - succeeded }));
      }),
    );
  });
});
