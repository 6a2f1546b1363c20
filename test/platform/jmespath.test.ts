import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonSizeWithin, MAX_PROJECTION_BYTES, originalKeys, project } from '../../src/platform/jmespath.js';

const body = {
  earthquakes: [
    { id: 'a', magnitude: 5.1 },
    { id: 'b', magnitude: 4.6 },
  ],
  pagination: { nextCursor: '', totalCount: 2 },
};

describe('project', () => {
  it('projects a path', () => {
    expect(project(body, 'earthquakes[].id')).toEqual({ ok: true, value: ['a', 'b'] });
  });

  it('returns null for a path that misses', () => {
    expect(project(body, 'nothing.here')).toEqual({ ok: true, value: null });
  });

  it('accepts exactly 1024 UTF-8 bytes and refuses 1025, counting bytes not characters', () => {
    // 'é' is two bytes in UTF-8: 512 of them are 1024 bytes.
    const at = `'${'é'.repeat(511)}'`; // 2 quotes + 1022 bytes = 1024
    expect(Buffer.byteLength(at)).toBe(1024);
    expect(project(body, at).ok).toBe(true);
    const over = `'${'é'.repeat(511)}a'`;
    expect(Buffer.byteLength(over)).toBe(1025);
    const r = project(body, over);
    expect(r).toEqual({
      ok: false,
      body: { _jmespath_error: 'expression_too_long: 1025 > 1024', original_keys: ['earthquakes', 'pagination'] },
    });
  });

  it('reports syntax errors as invalid_expression with the library message', () => {
    const r = project(body, 'earthquakes[');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.body._jmespath_error).toMatch(/^invalid_expression: /);
  });

  it('reports runtime errors as invalid_expression', () => {
    const r = project(body, 'no_such_function(@)');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.body._jmespath_error).toMatch(/^invalid_expression: .*no_such_function/i);
  });

  it('refuses an amplifying expression quickly, without building its output', () => {
    const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: `item-${i}`, text: 'x'.repeat(100) })) };
    const expression = Array.from({ length: 20 }, () => '{a:@,b:@}').join(' | ');
    const started = performance.now();
    const r = project(big, expression);
    const ms = performance.now() - started;
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.body._jmespath_error).toMatch(/^projection_too_large: /);
    // Generous bound: the point is "milliseconds, not minutes" (2^20 copies of 20 KB would be 20 GB).
    expect(ms).toBeLessThan(1000);
  });

  it.each([
    ['to_string of the amplified value', ' | to_string(@)'],
    ['projections walking every shared branch', ' | *.*.*.*.*.*.*.*.*.*.*.*.*.*.*.*.*.*.*.* | length(@)'],
    ['a sort over the amplified value', ' | [@] | sort_by(@, &to_string(@))'],
  ])('stops %s within its time budget instead of hanging', (_label, tail) => {
    const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: `item-${i}`, text: 'x'.repeat(100) })) };
    const expression = Array.from({ length: 20 }, () => '{a:@,b:@}').join(' | ') + tail;
    const started = performance.now();
    const r = project(big, expression);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.body._jmespath_error).toMatch(/^projection_too_large: evaluation exceeded \d+ steps$/);
  });

  it('still projects normally after an evaluation was stopped', () => {
    expect(project(body, 'earthquakes[1].id')).toEqual({ ok: true, value: 'b' });
    expect(project(body, 'earthquakes[?magnitude > `5`].id')).toEqual({ ok: true, value: ['a'] });
  });

  it('refuses a projection over 256 KiB and allows one just under', () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({ id: i, text: 'y'.repeat(1000) }));
    expect(project({ rows }, 'rows').ok).toBe(false);
    expect(project({ rows: rows.slice(0, 200) }, 'rows').ok).toBe(true);
  });

  it('handles deep nesting within the limit', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 500; i++) deep = { n: deep };
    const r = project({ deep }, 'deep.n.n.n');
    expect(r.ok).toBe(true);
  });
});

describe('originalKeys', () => {
  it.each([
    [{ a: 1, b: 2 }, ['a', 'b']],
    [[1, 2, 3], ['<array length=3>']],
    [null, ['<object>']],
    [42, ['<number>']],
    ['s', ['<string>']],
  ])('names the top level of %j', (value, expected) => {
    expect(originalKeys(value)).toEqual(expected);
  });

  it('caps at 50 keys and says how many more there were', () => {
    const wide = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i]));
    const keys = originalKeys(wide);
    expect(keys).toHaveLength(51);
    expect(keys[50]).toBe('...<10 more>');
  });
});

describe('jsonSizeWithin', () => {
  it('equals the UTF-8 length of JSON.stringify for any JSON value under the limit', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const exact = Buffer.byteLength(JSON.stringify(value) ?? 'null');
        expect(jsonSizeWithin(value, 10_000_000)).toBe(exact);
      }),
      { numRuns: 500 },
    );
  });

  it('gives up once past the limit', () => {
    expect(jsonSizeWithin('x'.repeat(MAX_PROJECTION_BYTES), MAX_PROJECTION_BYTES)).toBeUndefined();
  });
});

describe('the evaluation bound', () => {
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: `item-${i}`, text: 'x'.repeat(100) })) };
  const amplified = Array.from({ length: 20 }, () => '{a:@,b:@}').join(' | ');
  const costly = [
    amplified + ' | to_string(@)',
    amplified + ' | *.*.*.*.*.*.*.*.*.*.*.*.*.*.*.*.*.*.*.* | length(@)',
    amplified + ' | [@] | sort_by(@, &to_string(@))',
    amplified + ' | @ == @',
    Array.from({ length: 20 }, () => '[@,@,@,@,@,@,@,@,@,@]').join(' | ') + ' | [][][][][][][][] | length(@)',
  ];

  it.each(costly)('refuses %s in well under 50 ms of CPU', (expression) => {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const before = process.cpuUsage();
      const r = project(big, expression);
      const used = process.cpuUsage(before);
      best = Math.min(best, (used.user + used.system) / 1000);
      expect(r.ok).toBe(false);
    }
    expect(best).toBeLessThan(50);
  });

  it('is counted, not timed: the same expression on the same body always gets the same answer', () => {
    const body = { items: Array.from({ length: 20_000 }, (_, i) => ({ id: i, mag: i % 10 })) };
    const nearLimit = 'items[?mag > `4`].id | length(@)';
    const first = project(body, nearLimit);
    for (let i = 0; i < 5; i++) expect(project(body, nearLimit)).toEqual(first);
    for (const expression of costly) {
      const r = project(big, expression);
      expect(r).toEqual(project(big, expression));
      if (!r.ok) expect(r.body._jmespath_error).not.toMatch(/ ms$/);
    }
  });
});
