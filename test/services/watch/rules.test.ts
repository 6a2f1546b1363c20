import { describe, expect, it } from 'vitest';
import { decide, isTruthy, operationUrl, type RuleState } from '../../../src/services/watch/rules.js';

describe('isTruthy (JMESPath truthiness)', () => {
  it.each([
    [null, false],
    [false, false],
    ['', false],
    [[], false],
    [{}, false],
    [0, true],
    ['no', true],
    [[0], true],
    [{ a: null }, true],
    [true, true],
  ])('%j is %s', (value, truthy) => expect(isTruthy(value)).toBe(truthy));
});

describe('operationUrl', () => {
  it.each([
    ['/api/x', {}, '/api/x'],
    ['/api/x', { b: 2, a: 'q r' }, '/api/x?a=q+r&b=2'],
    ['/api/x', { tag: ['b', 'a'], on: true }, '/api/x?on=true&tag=b&tag=a'],
  ])('%s with %j asks %s (names sorted, arrays repeated)', (op, params, url) =>
    expect(operationUrl(op, params)).toBe(url),
  );
});

describe('decide', () => {
  const T0 = Date.UTC(2026, 10, 20, 12);
  const state = (over: Partial<RuleState> = {}): RuleState => ({
    lastEtag: '"a"',
    lastTruthy: false,
    lastFiredAt: null,
    ...over,
  });
  const cond = { condition: 'x', cooldownSeconds: 60 };
  const every = { condition: '', cooldownSeconds: 0 };

  it.each([
    ['the same answer: nothing to decide', cond, state(), { etag: '"a"', truthy: true }, T0, undefined],
    ['false -> true fires', cond, state(), { etag: '"b"', truthy: true }, T0, true],
    [
      'true -> true (a new answer) does not fire',
      cond,
      state({ lastTruthy: true }),
      { etag: '"b"', truthy: true },
      T0,
      false,
    ],
    ['true -> false does not fire', cond, state({ lastTruthy: true }), { etag: '"b"', truthy: false }, T0, false],
    ['the first evaluation only records', cond, state({ lastEtag: null }), { etag: '"b"', truthy: true }, T0, false],
    [
      'inside the cooldown: swallowed',
      cond,
      state({ lastFiredAt: T0 - 59_000 }),
      { etag: '"b"', truthy: true },
      T0,
      false,
    ],
    [
      'at the cooldown’s end: fires',
      cond,
      state({ lastFiredAt: T0 - 60_000 }),
      { etag: '"b"', truthy: true },
      T0,
      true,
    ],
    ['no condition: every change fires', every, state({ lastTruthy: true }), { etag: '"b"', truthy: false }, T0, true],
  ] as const)('%s', (_what, rule, s, answer, now, fire) => {
    const d = decide(rule, s, answer, now);
    if (fire === undefined) return expect(d).toBeUndefined();
    expect(d!.fire).toBe(fire);
    expect(d!.next.lastEtag).toBe(answer.etag);
    expect(d!.next.lastFiredAt).toBe(fire ? now : s.lastFiredAt);
  });

  it('records the condition as true even when the cooldown swallows the firing, so it waits for the next turn', () => {
    const d = decide(cond, state({ lastFiredAt: T0 - 1000 }), { etag: '"b"', truthy: true }, T0)!;
    expect(d).toMatchObject({ fire: false, quiet: 'cooldown', next: { lastTruthy: true, lastFiredAt: T0 - 1000 } });
    // Still true on the next answer, after the cooldown: no firing (it never turned false).
    expect(decide(cond, d.next, { etag: '"c"', truthy: true }, T0 + 120_000)!.fire).toBe(false);
  });
});
