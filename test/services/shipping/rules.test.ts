import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  disruptionEvent,
  shouldNotify,
  statusChanges,
  type StatusChange,
} from '../../../src/services/shipping/webhooks/rules.js';
import { retryDelayMs, signPayload, verifySignature } from '../../../src/platform/delivery/signing.js';
import { staticTargetRefusal } from '../../../src/platform/snapshots/fetch.js';

describe('signPayload', () => {
  it('is HMAC-SHA256 over "<timestamp>.<body>" with the secret, as sha256=<hex>', () => {
    const expected = createHmac('sha256', 'k').update('1700000000.{"a":1}').digest('hex');
    expect(signPayload('k', 1_700_000_000, '{"a":1}')).toBe(`sha256=${expected}`);
  });

  it('verifies its own signatures and nothing else (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 64 }),
        fc.nat(),
        fc.string(),
        fc.string({ minLength: 1 }),
        (secret, ts, body, extra) => {
          const sig = signPayload(secret, ts, body);
          expect(sig).toMatch(/^sha256=[0-9a-f]{64}$/);
          expect(verifySignature(secret, ts, body, sig)).toBe(true);
          expect(verifySignature(secret, ts + 1, body, sig)).toBe(false);
          expect(verifySignature(secret, ts, body + extra, sig)).toBe(false);
        },
      ),
    );
  });
});

const change = (prev: [string, number], cur: [string, number], id = 'suez'): StatusChange => ({
  chokepointId: id,
  name: 'Suez Canal',
  previous: { status: prev[0], score: prev[1] },
  current: { status: cur[0], score: cur[1] },
});

describe('statusChanges', () => {
  it('reports badge changes only, and nothing for a chokepoint seen the first time', () => {
    const previous = new Map([
      ['a', { status: 'green', score: 10 }],
      ['b', { status: 'yellow', score: 30 }],
    ]);
    const current = [
      { id: 'a', name: 'A', status: 'red', disruptionScore: 75 },
      { id: 'b', name: 'B', status: 'yellow', disruptionScore: 45 },
      { id: 'c', name: 'C', status: 'red', disruptionScore: 90 },
    ];
    expect(statusChanges(previous, current)).toEqual([
      { chokepointId: 'a', name: 'A', previous: { status: 'green', score: 10 }, current: { status: 'red', score: 75 } },
    ]);
  });
});

describe('shouldNotify', () => {
  it.each([
    ['escalation reaching the threshold', change(['green', 10], ['red', 70]), 50, true],
    ['all-clear from above the threshold', change(['red', 70], ['green', 10]), 50, true],
    ['churn below the threshold', change(['green', 15], ['yellow', 25]), 50, false],
    ['threshold 0 hears everything', change(['green', 15], ['yellow', 25]), 0, true],
    ['exactly at the threshold', change(['yellow', 49], ['red', 50]), 50, true],
  ])('%s', (_what, c, alertThreshold, expected) => {
    expect(shouldNotify(c, { chokepointIds: ['suez'], alertThreshold })).toBe(expected);
  });

  it('only for followed chokepoints; an empty list follows all', () => {
    const c = change(['green', 10], ['red', 80]);
    expect(shouldNotify(c, { chokepointIds: ['hormuz_strait'], alertThreshold: 0 })).toBe(false);
    expect(shouldNotify(c, { chokepointIds: [], alertThreshold: 0 })).toBe(true);
  });

  it('never notifies when both scores are below the threshold (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (a, b, t) => {
          const got = shouldNotify(change(['green', a], ['red', b]), { chokepointIds: [], alertThreshold: t });
          expect(got).toBe(Math.max(a, b) >= t);
        },
      ),
    );
  });
});

describe('disruptionEvent', () => {
  it('carries the contract fields', () => {
    const e = disruptionEvent('wh_1', 40, change(['green', 10], ['red', 70]), Date.UTC(2026, 10, 20));
    expect(e).toEqual({
      subscriberId: 'wh_1',
      chokepointId: 'suez',
      score: 70,
      alertThreshold: 40,
      triggeredAt: '2026-11-20T00:00:00.000Z',
      reason: 'status changed from green to red',
      details: { chokepointName: 'Suez Canal', previousStatus: 'green', status: 'red', previousScore: 10 },
    });
  });
});

describe('retryDelayMs', () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [5, 16000],
  ])('after %i failed attempts waits %i ms', (attempt, ms) => expect(retryDelayMs(attempt, 1000)).toBe(ms));
});

describe('staticTargetRefusal (fetch layer)', () => {
  it.each([
    ['https://hooks.example.com/x', undefined],
    ['http://hooks.example.com/x', /only https/],
    ['https://192.168.0.4/x', /private/],
    ['https://[fe80::1]/x', /link-local/],
    ['https://[::ffff:127.0.0.1]/x', /loopback/],
    ['https://metadata.google.internal/x', /local host name/],
    ['https://intranet/x', /local host name/],
  ])('%s', (address, expected) => {
    const refusal = staticTargetRefusal(new URL(address));
    if (expected === undefined) expect(refusal).toBeUndefined();
    else expect(refusal).toMatch(expected);
  });
});
