import { describe, expect, it } from 'vitest';
import { encodedBody, prepareBody, ResponseCache } from '../../src/platform/response-cache.js';

/** A body that barely compresses, so each variant costs about as much memory as the body itself. */
function noisy(seed: number, bytes: number) {
  let x = seed;
  const chars: string[] = [];
  for (let i = 0; i < bytes; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    chars.push(String.fromCharCode(33 + (x % 90)));
  }
  return prepareBody({ data: chars.join('') }, false);
}

describe('response cache memory accounting', () => {
  it('counts compressed variants made after an entry was stored', () => {
    const cache = new ResponseCache(100, 1_000_000);
    const body = noisy(1, 10_000);
    cache.set('a', 'v1', body);
    const plain = cache.bytes;
    encodedBody(body, 'gzip');
    encodedBody(body, 'br');
    expect(cache.bytes).toBe(plain + body.encoded.gzip!.length + body.encoded.br!.length);
  });

  it('stays within its byte budget when every entry grows variants', () => {
    const cache = new ResponseCache(1000, 100_000);
    for (let i = 0; i < 40; i++) {
      const body = noisy(i, 10_000);
      cache.set(`k${i}`, 'v1', body);
      encodedBody(body, 'gzip');
      encodedBody(body, 'br');
      expect(cache.bytes).toBeLessThanOrEqual(100_000);
    }
    expect(cache.size).toBeLessThan(10);
  });

  it('stops counting a body once it left the cache', () => {
    const cache = new ResponseCache(1, 1_000_000);
    const first = noisy(1, 5_000);
    cache.set('a', 'v1', first);
    cache.set('b', 'v1', noisy(2, 5_000));
    const before = cache.bytes;
    encodedBody(first, 'gzip');
    expect(cache.bytes).toBe(before);
  });
});
