import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import jmespath from 'jmespath';
import {
  canonicalExpression,
  evaluateExpression,
  MAX_COMPILED_EXPRESSIONS,
  MAX_EVALUATION_BYTES,
  MAX_EVALUATION_STEPS,
  MAX_EXPRESSION_BYTES,
  project,
  type Evaluation,
} from '../../src/platform/jmespath.js';
import { compileExpression } from '../../src/platform/jmespath/ast.js';
import { BudgetExceeded } from '../../src/platform/jmespath/budget.js';
import { compareStrings, containsSubstring } from '../../src/platform/jmespath/values.js';

const doc = {
  a: { b: 1, c: [1, 2, 3] },
  s: 'hello',
  arr: [3, 1, 2],
  objs: [{ n: 1, s: 'x', t: [1, 2] }, { n: 2, s: 'y', t: [3] }, { n: 3 }],
  nested: [[1, 2], [3, [4]], 5],
  m: { x: { v: 1 }, y: { v: 2 }, z: 3 },
  mixed: [1, 'a', null, true, [2], { k: 1 }],
  people: [
    { name: 'b', age: 30 },
    { name: 'a', age: 25 },
    { name: 'c', age: 30 },
  ],
  astral: '😀ab',
  n: null,
  t: true,
  f: false,
  e: '',
  ea: [],
  eo: {},
  zero: 0,
};

function value(expression: string, body: unknown = doc): unknown {
  const r = evaluateExpression(body, expression);
  if (!r.ok) throw r.error;
  return r.value;
}

function error(expression: string, body: unknown = doc): Error {
  const r = evaluateExpression(body, expression);
  if (r.ok) throw new Error(`${expression} evaluated to ${JSON.stringify(r.value)}`);
  return r.error;
}

describe('every node type the parser produces', () => {
  it.each<[string, string, unknown]>([
    ['Field', 's', 'hello'],
    ['Field that misses', 'nope', null],
    ['Field of a non-object', 's.length', null],
    ['Field of an array', 'arr.a', null],
    ['Field reads own keys only', 'constructor', null],
    ['Field reads own keys only, nested', 'a.toString', null],
    ['Field reads own keys only, __proto__', '"__proto__"', null],
    ['quoted Field', '"s"', 'hello'],
    ['Subexpression', 'a.b', 1],
    ['Subexpression through null', 'n.a.b', null],
    ['Subexpression feeds null to a function', 'n.to_string(@)', 'null'],
    ['Index', 'arr[0]', 3],
    ['negative Index', 'arr[-1]', 2],
    ['negative Index past the start', 'arr[-4]', null],
    ['Index past the end', 'arr[3]', null],
    ['Index of a non-array', 'a[0]', null],
    ['Index of an object', 's[0]', null],
    ['chained IndexExpression', 'nested[1][1][0]', 4],
    ['Index on the current value', '[0]', null],
    ['Slice', 'arr[0:2]', [3, 1]],
    ['Slice with defaults', 'arr[:]', [3, 1, 2]],
    ['Slice with a step', 'a.c[::2]', [1, 3]],
    ['Slice with a negative step', 'arr[::-1]', [2, 1, 3]],
    ['Slice with a negative step and bounds', 'a.c[-1:0:-1]', [3, 2]],
    ['Slice with negative bounds', 'a.c[-2:]', [2, 3]],
    ['Slice clamped past both ends', 'a.c[-10:10]', [1, 2, 3]],
    ['Slice clamped with a negative step', 'a.c[10:-10:-2]', [3, 1]],
    ['empty Slice', 'a.c[2:1]', []],
    ['Slice of a string is null', 's[0:2]', null],
    ['Slice of an object is null', 'a[0:1]', null],
    ['Slice then a field projects', 'objs[0:2].n', [1, 2]],
    ['Projection', 'objs[*].n', [1, 2, 3]],
    ['Projection drops nulls', 'objs[*].s', ['x', 'y']],
    ['Projection of a non-array is null', 'a[*].b', null],
    ['Projection keeps projecting', 'objs[*].t[0]', [1, 3]],
    ['Projection stopped by a pipe', 'objs[*].n | [0]', 1],
    ['nested Projection', 'nested[*][0]', [1, 3]],
    ['ValueProjection', 'm.*.v', [1, 2]],
    ['ValueProjection of the current value', '*.b', [1]],
    ['ValueProjection of an array is null', 'arr.*', null],
    ['FilterProjection', 'objs[?n > `1`].n', [2, 3]],
    ['FilterProjection by truthiness', 'objs[?s].n', [1, 2]],
    ['FilterProjection on the element itself', 'arr[?@ > `1`]', [3, 2]],
    ['FilterProjection of a non-array is null', 'a[?b]', null],
    ['FilterProjection with a literal condition', 'arr[?`0`]', [3, 1, 2]],
    ['FilterProjection on empty values', 'mixed[?@]', [1, 'a', true, [2], { k: 1 }]],
    ['Flatten', 'nested[]', [1, 2, 3, [4], 5]],
    ['Flatten twice', 'nested[][]', [1, 2, 3, 4, 5]],
    ['Flatten of a non-array is null', 's[]', null],
    ['Flatten of an object is null', 'a[]', null],
    ['Flatten then project', 'objs[].t[]', [1, 2, 3]],
    ['Identity via projection', 'arr[*]', [3, 1, 2]],
    ['Current', '@.a.b', 1],
    ['Literal JSON', '`{"k": [1, 2]}`', { k: [1, 2] }],
    ['raw string Literal', "'raw'", 'raw'],
    ['MultiSelectList', '[a.b, s]', [1, 'hello']],
    ['MultiSelectList keeps nulls', '[a.b, nope]', [1, null]],
    ['MultiSelectList on null is null', 'n.[a]', null],
    [
      'MultiSelectList in a projection',
      'objs[*].[n, s]',
      [
        [1, 'x'],
        [2, 'y'],
        [3, null],
      ],
    ],
    ['MultiSelectHash', '{x: a.b, y: s}', { x: 1, y: 'hello' }],
    ['MultiSelectHash on null is null', 'n.{x: a}', null],
    ['MultiSelectHash keeps a __proto__ key as a key', '{"__proto__": s}', JSON.parse('{"__proto__":"hello"}')],
    ['OrExpression takes the left when truthy', 'a || s', { b: 1, c: [1, 2, 3] }],
    ['OrExpression skips null', 'n || s', 'hello'],
    ['OrExpression skips an empty array', 'ea || s', 'hello'],
    ['OrExpression skips an empty object', 'eo || s', 'hello'],
    ['OrExpression skips an empty string', 'e || s', 'hello'],
    ['OrExpression gives the right when both are false', 'n || f', false],
    ['AndExpression gives the right when the left is truthy', 't && s', 'hello'],
    ['AndExpression: zero is truthy', 'zero && s', 'hello'],
    ['AndExpression gives the falsy left', 'f && s', false],
    ['AndExpression gives the falsy left, empty array', 'ea && s', []],
    ['NotExpression', '!s', false],
    ['NotExpression of an empty array', '!ea', true],
    ['NotExpression of null', '!n', true],
    ['NotExpression of zero', '!zero', false],
    ['Pipe', 'objs | [1].s', 'y'],
    ['Comparator EQ in depth', 'a == `{"c": [1, 2, 3], "b": 1}`', true],
    ['Comparator EQ of numbers', '`1` == `1.0`', true],
    ['Comparator EQ across types', '`1` == `"1"`', false],
    ['Comparator EQ of nulls', 'n == nope', true],
    ['Comparator NE', 'a.b != `2`', true],
    ['Comparator LT', '`1` < `2`', true],
    ['Comparator LTE', '`2` <= `2`', true],
    ['Comparator GT', '`1` > `2`', false],
    ['Comparator GTE', '`2` >= `3`', false],
    ['ordering strings by code unit', "'a' < 'b'", true],
    ['ordering ISO dates as strings', "'2026-11-20' >= '2026-01-01'", true],
    ['ordering a string and a number is null', "'1' < `2`", null],
    ['ordering arrays is null', '`[1]` < `[2]`', null],
    ['ordering null is null', 'n < `1`', null],
    ['ordering a number and a string is null', "`1` >= '0'", null],
    ['ordering booleans is null', 't > f', null],
    ['filter by an ordering keeps only the numbers that pass', 'mixed[?@ > `0`]', [1]],
    ['ExpressionReference outside a function serialises as null', 'to_string([&a])', '[null]'],
    ['Function', 'length(arr)', 3],
  ])('%s: %s', (_label, expression, expected) => {
    expect(value(expression)).toEqual(expected);
  });

  it('refuses a slice step of 0', () => {
    expect(error('arr[::0]').message).toBe('Invalid slice, step cannot be 0');
  });

  it('returns a literal that cannot be changed by whoever receives it (the parse is shared)', () => {
    const literal = value('`{"k": [1]}`') as { k: number[] };
    expect(Object.isFrozen(literal) && Object.isFrozen(literal.k)).toBe(true);
    expect(() => literal.k.push(2)).toThrow();
    expect(value('`{"k": [1]}`')).toEqual({ k: [1] });
  });
});

describe('every built-in function of the spec', () => {
  it.each<[string, unknown]>([
    ['abs(`-2.5`)', 2.5],
    ['abs(`3`)', 3],
    ['avg(arr)', 2],
    ['avg(ea)', null],
    ['ceil(`1.2`)', 2],
    ['ceil(`-1.2`)', -1],
    ['contains(arr, `1`)', true],
    ['contains(arr, `4`)', false],
    ['contains(mixed, `{"k": 1}`)', true],
    ['contains(mixed, `[2]`)', true],
    ['contains(mixed, `null`)', true],
    ["contains(s, 'ell')", true],
    ["contains(s, '')", true],
    ['contains(s, `1`)', false],
    ["ends_with(s, 'llo')", true],
    ["ends_with(s, 'he')", false],
    ['floor(`1.8`)', 1],
    ['floor(`-1.2`)', -2],
    ["join(', ', ['a', 'b', 'c'])", 'a, b, c'],
    ["join(', ', ea)", ''],
    ["join('', ['a'])", 'a'],
    ['keys(a)', ['b', 'c']],
    ['keys(eo)', []],
    ['length(s)', 5],
    ['length(astral)', 3],
    ['length(arr)', 3],
    ['length(a)', 2],
    ['length(e)', 0],
    ['map(&n, objs)', [1, 2, 3]],
    ['map(&s, objs)', ['x', 'y', null]],
    ['map(&[n], objs)', [[1], [2], [3]]],
    ['map(&@, ea)', []],
    ['max(arr)', 3],
    ["max(['a', 'c', 'b'])", 'c'],
    ['max(ea)', null],
    ['max_by(people, &age)', { name: 'b', age: 30 }],
    ['max_by(people, &name)', { name: 'c', age: 30 }],
    ['max_by(ea, &age)', null],
    ['merge(a, `{"b": 2, "d": 3}`)', { b: 2, c: [1, 2, 3], d: 3 }],
    ['merge(eo)', {}],
    ['merge(`{"a": 1}`, `{"b": 2}`, `{"a": 3}`)', { a: 3, b: 2 }],
    ['min(arr)', 1],
    ["min(['b', 'a'])", 'a'],
    ['min(ea)', null],
    ['min_by(people, &age)', { name: 'a', age: 25 }],
    ['min_by(people, &name)', { name: 'a', age: 25 }],
    ['not_null(n, nope, s)', 'hello'],
    ['not_null(n, f)', false],
    ['not_null(n)', null],
    ['reverse(arr)', [2, 1, 3]],
    ['reverse(s)', 'olleh'],
    ['reverse(astral)', 'ba😀'],
    ['reverse(ea)', []],
    ['sort(arr)', [1, 2, 3]],
    ["sort(['b', 'a', 'c'])", ['a', 'b', 'c']],
    ['sort(ea)', []],
    ['sort_by(people, &age)[*].name', ['a', 'b', 'c']],
    ['sort_by(people, &name)[*].age', [25, 30, 30]],
    ['sort_by(ea, &x)', []],
    ["starts_with(s, 'he')", true],
    ["starts_with(s, 'lo')", false],
    ['sum(arr)', 6],
    ['sum(ea)', 0],
    ['to_array(s)', ['hello']],
    ['to_array(arr)', [3, 1, 2]],
    ['to_array(n)', [null]],
    ['to_number(`5`)', 5],
    ["to_number('12')", 12],
    ["to_number('-1.5e3')", -1500],
    ["to_number('abc')", null],
    ["to_number('')", null],
    ["to_number(' 12')", null],
    ["to_number('0x10')", null],
    ['to_number(t)', null],
    ['to_number(arr)', null],
    ['to_string(s)', 'hello'],
    ['to_string(a)', '{"b":1,"c":[1,2,3]}'],
    ['to_string(`1.5`)', '1.5'],
    ['to_string(n)', 'null'],
    ['type(n)', 'null'],
    ['type(t)', 'boolean'],
    ['type(`1`)', 'number'],
    ['type(s)', 'string'],
    ['type(arr)', 'array'],
    ['type(a)', 'object'],
    ['type(&a)', 'expref'],
    ['values(a)', [1, [1, 2, 3]]],
    ['values(eo)', []],
  ])('%s', (expression, expected) => {
    expect(value(expression)).toEqual(expected);
  });

  it('sorts strings by code point, not by UTF-16 unit', () => {
    // U+FF5E is a BMP character after every surrogate in UTF-16, but before U+1F600 as a code point.
    expect(value("sort(['😀', '～', 'a'])")).toEqual(['a', '～', '😀']);
    expect(compareStrings('～', '😀')).toBeLessThan(0);
  });

  it('sorts stably: equal keys keep their order', () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ k: i % 3, i }));
    const sorted = value('sort_by(@, &k)', rows) as { k: number; i: number }[];
    expect(sorted).toEqual([...rows].sort((x, y) => x.k - y.k || x.i - y.i));
  });

  it.each<[string, string]>([
    ['no_such_function(@)', 'Unknown function: no_such_function()'],
    ['toString(@)', 'Unknown function: toString()'],
    ['constructor(@)', 'Unknown function: constructor()'],
    ['abs()', 'ArgumentError: abs() takes 1 argument but received 0'],
    ['abs(`1`, `2`)', 'ArgumentError: abs() takes 1 argument but received 2'],
    ['contains(s)', 'ArgumentError: contains() takes 2 arguments but received 1'],
    ['merge()', 'ArgumentError: merge() takes at least 1 argument but received 0'],
    ['not_null()', 'ArgumentError: not_null() takes at least 1 argument but received 0'],
    ['abs(s)', 'TypeError: abs() expected argument 1 to be type number but received type string instead.'],
    ['abs(n)', 'TypeError: abs() expected argument 1 to be type number but received type null instead.'],
    ['abs(&a)', 'TypeError: abs() expected argument 1 to be type number but received type expression instead.'],
    ['avg(mixed)', 'TypeError: avg() expected argument 1 to be type Array<number> but received type array instead.'],
    [
      "join(',', arr)",
      'TypeError: join() expected argument 2 to be type Array<string> but received type array instead.',
    ],
    ['join(`1`, ea)', 'TypeError: join() expected argument 1 to be type string but received type number instead.'],
    ['keys(arr)', 'TypeError: keys() expected argument 1 to be type object but received type array instead.'],
    [
      'length(`1`)',
      'TypeError: length() expected argument 1 to be type string,array,object but received type number instead.',
    ],
    ['map(s, objs)', 'TypeError: map() expected argument 1 to be type expression but received type string instead.'],
    ['map(&n, s)', 'TypeError: map() expected argument 2 to be type array but received type string instead.'],
    [
      'max(mixed)',
      'TypeError: max() expected argument 1 to be type Array<number>,Array<string> but received type array instead.',
    ],
    [
      'sort(`[1, "a"]`)',
      'TypeError: sort() expected argument 1 to be type Array<string>,Array<number> but received type array instead.',
    ],
    ['merge(a, s)', 'TypeError: merge() expected argument 2 to be type object but received type string instead.'],
    ['values(s)', 'TypeError: values() expected argument 1 to be type object but received type string instead.'],
    [
      'starts_with(s, `1`)',
      'TypeError: starts_with() expected argument 2 to be type string but received type number instead.',
    ],
    [
      'contains(`1`, `1`)',
      'TypeError: contains() expected argument 1 to be type string,array but received type number instead.',
    ],
  ])('%s is refused: %s', (expression, message) => {
    expect(error(expression).message).toBe(message);
  });

  it.each([
    ['sort_by with mixed key types', 'sort_by(objs, &s)'],
    ['sort_by with a number and a string', 'sort_by(`[{"k": 1}, {"k": "a"}]`, &k)'],
    ['sort_by with keys that are neither numbers nor strings', 'sort_by(people, &[age])'],
    ['max_by with a boolean key', 'max_by(`[{"k": true}]`, &k)'],
    ['min_by with a missing key', 'min_by(people, &nope)'],
  ])('%s is a type error', (_label, expression) => {
    expect(error(expression).message).toMatch(
      /^TypeError: (sort_by|max_by|min_by)\(\) expected the expression to return one type, number or string/,
    );
  });
});

describe('agreement with the package', () => {
  // Small values over three keys, so paths hit; ASCII strings (the package counts UTF-16 units
  // where the spec counts code points) and no non-finite numbers.
  const key = fc.constantFrom('a', 'b', 'c');
  const { json } = fc.letrec((tie) => ({
    json: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant(null),
      fc.boolean(),
      fc.integer({ min: -3, max: 3 }),
      fc.constantFrom(0.5, -2.25, 10),
      fc.string({ unit: fc.constantFrom('a', 'b', 'x', ','), maxLength: 3 }),
      fc.array(tie('json'), { maxLength: 4 }),
      fc.dictionary(key, tie('json'), { maxKeys: 3, noNullPrototype: true }),
    ),
  }));
  const path = fc.constantFrom(
    'a',
    'b',
    'c',
    'a.b',
    'b.c',
    'a[0]',
    'c[-1]',
    'b[1:]',
    'a[*]',
    'a[*].b',
    'c[]',
    '@',
    '*',
    'a[?b]',
    '[a, b]',
  );
  const literal = fc.constantFrom('`1`', '`0.5`', "'a'", '`null`', '`true`', '`[1, 2]`', '`{"a": 1}`');
  const primitive = fc.constantFrom('`1`', "'a'", '`null`', '`true`', "'x,'");
  // Comparisons that order values are guarded to numbers: on other types the spec answers null
  // where the package compares as JavaScript does.
  const template = fc.oneof(
    path,
    fc.tuple(path, path).map(([p, q]) => `${p}.${q}`),
    fc.tuple(path, path).map(([p, q]) => `${p} | ${q}`),
    fc.tuple(path, path).map(([p, q]) => `${p} || ${q}`),
    fc.tuple(path, path).map(([p, q]) => `${p} && ${q}`),
    path.map((p) => `!${p}`),
    fc.tuple(path, path).map(([p, q]) => `{x: ${p}, y: ${q}}`),
    fc.tuple(path, literal).map(([p, l]) => `${p} == ${l}`),
    fc.tuple(path, path).map(([p, q]) => `${p} != ${q}`),
    fc
      .tuple(path, key, fc.constantFrom('<', '<=', '>', '>='), fc.integer({ min: -2, max: 2 }))
      .map(([p, k, op, n]) => `${p}[?type(${k}) == 'number' && ${k} ${op} \`${n}\`]`),
    fc.tuple(path, key, literal).map(([p, k, l]) => `${p}[?${k} == ${l}].${k}`),
    fc.tuple(path, key).map(([p, k]) => `${p}[*].${k}`),
    fc.tuple(path, key).map(([p, k]) => `${p}.*.${k}`),
    fc
      .tuple(
        fc.constantFrom(
          'abs',
          'avg',
          'ceil',
          'floor',
          'keys',
          'length',
          'max',
          'min',
          'reverse',
          'sort',
          'sum',
          'to_array',
          'to_string',
          'type',
          'values',
        ),
        path,
      )
      .map(([f, p]) => `${f}(${p})`),
    fc.tuple(path, path).map(([p, q]) => `not_null(${p}, ${q})`),
    fc.tuple(path, path).map(([p, q]) => `starts_with(${p}, ${q})`),
    fc.tuple(path, path).map(([p, q]) => `ends_with(${p}, ${q})`),
    fc.tuple(path, primitive).map(([p, l]) => `contains(${p}, ${l})`),
    fc.tuple(path, path).map(([p, q]) => `join(${q}, ${p})`),
    fc.tuple(key, path).map(([k, p]) => `map(&${k}, ${p})`),
    fc.tuple(path, key).map(([p, k]) => `sort_by(${p}, &${k})`),
  );

  it('evaluates like the package (results, or both refuse)', () => {
    fc.assert(
      fc.property(json, template, (body, expression) => {
        let expected: { value: unknown } | { error: true };
        try {
          const value = jmespath.search(body, expression) ?? null;
          // The package's avg([]) is NaN (0 / 0); the spec's, and JSON's rendering of NaN, is null.
          expected = { value: Number.isNaN(value) ? null : value };
        } catch {
          expected = { error: true };
        }
        let ours: Evaluation;
        try {
          ours = evaluateExpression(body, expression);
        } catch (err) {
          // A template that does not parse (`a.@`) is refused by the package's parser in both.
          ours = { ok: false, error: err as Error, steps: 0, bytes: 0 };
        }
        if ('error' in expected) expect(ours.ok, `${expression} on ${JSON.stringify(body)}`).toBe(false);
        else {
          expect(ours.ok, `${expression} on ${JSON.stringify(body)}: ${ours.ok ? '' : ours.error.message}`).toBe(true);
          if (ours.ok) expect(ours.value, `${expression} on ${JSON.stringify(body)}`).toEqual(expected.value);
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the evaluation budget', () => {
  /** A body whose serialisation is exactly `size` ASCII characters. */
  const sized = (size: number) => ({ text: 'x'.repeat(size - '{"text":""}'.length) });
  const copies = (n: number, expression: string) => Array.from({ length: n }, () => expression).join(', ');
  const refusal = (expression: string, body: unknown) => {
    const r = evaluateExpression(body, expression);
    expect(r.ok, expression).toBe(false);
    if (r.ok) throw new Error('answered');
    expect(r.error).toBeInstanceOf(BudgetExceeded);
    return { resource: (r.error as BudgetExceeded).resource, steps: r.steps, bytes: r.bytes };
  };

  it('charges to_string and join by the characters they build', () => {
    const body = sized(10_000);
    const once = evaluateExpression(body, 'to_string(@)');
    expect(once).toMatchObject({ ok: true, bytes: 10_000 });
    // Eight strings of 10 000, then their join of 80 000.
    const joined = evaluateExpression(body, `join('', [${copies(8, 'to_string(@)')}])`);
    expect(joined).toMatchObject({ ok: true, bytes: 160_000 });
    if (joined.ok) expect((joined.value as string).length).toBe(80_000);
  });

  it('refuses nested join/to_string amplification when the next string would pass the byte budget', () => {
    const body = sized(10_000);
    const inner = `join('', [${copies(8, 'to_string(@)')}])`;
    const expression = `join('', [${copies(8, inner)}])`;
    expect(Buffer.byteLength(expression)).toBeLessThanOrEqual(MAX_EXPRESSION_BYTES);
    // Six inner joins (160 000 each) fit, the seventh's strings too (1 040 000), its join does not.
    expect(refusal(expression, body)).toEqual({ resource: 'bytes', steps: expect.any(Number), bytes: 1_120_000 });
    expect(project(body, expression)).toEqual({
      ok: false,
      body: {
        _jmespath_error: `projection_too_large: evaluation exceeded ${MAX_EVALUATION_BYTES} bytes`,
        original_keys: ['text'],
      },
    });
  });

  it('refuses a pipeline of joins that multiplies one string', () => {
    const body = sized(1_000);
    const times8 = `[${copies(8, '@')}] | join('', @)`;
    const expression = `to_string(@) | ${times8} | ${times8} | ${times8} | ${times8}`;
    // 1 000, then 8 000, 64 000 and 512 000 are built; the next 4 096 000 is refused before it is.
    expect(refusal(expression, body)).toMatchObject({
      resource: 'bytes',
      bytes: 1_000 + 8_000 + 64_000 + 512_000 + 4_096_000,
    });
  });

  it('answers a to_string chain for the price of one string: a string is its own string', () => {
    const body = sized(10_000);
    expect(evaluateExpression(body, 'to_string(to_string(to_string(@)))')).toMatchObject({ ok: true, bytes: 10_000 });
  });

  it('charges escaping: to_string of a string inside a structure is paid for by its escaped size', () => {
    const body = { q: '"'.repeat(2_000) };
    // Each level wraps the last string in an array and serialises it again, doubling its backslashes.
    const levels = [{ expression: 'to_string(@)', size: JSON.stringify(body).length }];
    while (levels.reduce((total, l) => total + l.size, 0) <= MAX_EVALUATION_BYTES) {
      const last = levels[levels.length - 1];
      levels.push({
        expression: `to_string([${last.expression}])`,
        size: JSON.stringify([value(last.expression, body)]).length,
      });
    }
    expect(levels.length).toBeGreaterThan(4);
    const fits = levels[levels.length - 2];
    const paid = levels.slice(0, -1).reduce((total, l) => total + l.size, 0);
    expect(evaluateExpression(body, fits.expression)).toMatchObject({ ok: true, bytes: paid });
    // The next level is measured only as far as the budget allows: charged one past it, never built.
    expect(refusal(levels[levels.length - 1].expression, body)).toMatchObject({
      resource: 'bytes',
      bytes: MAX_EVALUATION_BYTES + 1,
    });
  });

  it('refuses merge blow-ups by the entries they would build', () => {
    const m = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i]));
    const expression = `merge(${copies(12, 'm')})`;
    // The call (1), its twelve arguments (12), their sizes as arguments (60 000), then the merge's 60 000 entries.
    expect(refusal(expression, { m })).toEqual({ resource: 'steps', steps: 1 + 12 + 60_000 + 60_000, bytes: 0 });
    expect(project({ m }, `merge(${copies(9, 'm')})`).ok).toBe(true);
  });

  it('refuses values/keys blow-ups by the elements they would build', () => {
    const m = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i]));
    expect(refusal(`[${copies(10, 'values(m)')}]`, { m })).toMatchObject({ resource: 'steps' });
    expect(refusal(`[${copies(10, 'keys(m)')}]`, { m })).toMatchObject({ resource: 'steps' });
    expect(evaluateExpression({ m }, 'length(values(m))')).toMatchObject({
      ok: true,
      value: 5_000,
      steps: 3 + 5_000 + 5_000 + 5_000,
    });
  });

  it('charges sorting long strings that share long prefixes by the characters compared', () => {
    const body = { a: `${'x'.repeat(100_000)}a`, b: `${'x'.repeat(100_000)}b` };
    const expression = `sort([${copies(40, 'a, b')}])`;
    expect(refusal(expression, body)).toMatchObject({ resource: 'steps' });
    expect(evaluateExpression(body, 'sort([b, a])')).toMatchObject({ ok: true, value: [body.a, body.b] });
  });

  it('charges equality by the values it walks', () => {
    const body = { items: Array.from({ length: 200 }, (_, i) => ({ id: `item-${i}` })) };
    // The comparator (1), its two sides (2), then each side walked: the array, its 200 objects, their 200 ids.
    expect(evaluateExpression(body, 'items == items')).toMatchObject({
      ok: true,
      value: true,
      steps: 3 + 2 * (1 + 200 + 200),
    });
  });

  it('searches strings in linear time, so a repetitive search costs what its sizes pay for', () => {
    const body = { text: `${'a'.repeat(999)}b`.repeat(500), pattern: 'a'.repeat(5_000) };
    const r = evaluateExpression(body, 'contains(text, pattern)');
    // The call, its two arguments, and one step per 64 characters of each.
    expect(r).toMatchObject({ ok: true, value: false, steps: 3 + (500_000 >> 6) + (5_000 >> 6) });
  });

  it('finds substrings like the native search', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b'), maxLength: 30 });
    fc.assert(
      fc.property(text, text, (t, p) => containsSubstring(t, p) === t.includes(p)),
      { numRuns: 2000 },
    );
  });

  it('keeps every accepted string under the byte budget and every accepted walk under the step budget', () => {
    const body = sized(50_000);
    for (let n = 1; n <= 30; n++) {
      const r = evaluateExpression(body, `join('', [${copies(n, 'to_string(@)')}])`);
      if (r.ok) expect(r.bytes).toBeLessThanOrEqual(MAX_EVALUATION_BYTES);
      else expect(r.error).toMatchObject({ resource: 'bytes' });
      expect(r.steps).toBeLessThanOrEqual(MAX_EVALUATION_STEPS);
      expect(r.ok).toBe(2 * n * 50_000 <= MAX_EVALUATION_BYTES);
    }
  });
});

describe('canonicalExpression', () => {
  it('gives whitespace and quoting variants one key', () => {
    expect(canonicalExpression(' a . b ')).toBe(canonicalExpression('a.b'));
    expect(canonicalExpression('"a".b')).toBe(canonicalExpression('a.b'));
    expect(canonicalExpression('items[? mag >  `4` ].id')).toBe(canonicalExpression('items[?mag>`4`].id'));
    expect(canonicalExpression('`[1, 2]`')).toBe(canonicalExpression('`[1,2]`'));
  });

  it('gives different expressions different keys', () => {
    const expressions = [
      'a.b',
      'a.c',
      'b.a',
      'a[0]',
      'a[-1]',
      'a[*]',
      'a[]',
      "'a'",
      '`"a"`',
      'a',
      '`null`',
      '`1e400`',
      '`0`',
      '`-0`',
      '`{"a":1,"b":2}`',
      '`{"b":2,"a":1}`',
      'a || b',
      'a && b',
      'length(a)',
      'a | b',
    ];
    const keys = expressions.map(canonicalExpression);
    expect(keys.every((k) => typeof k === 'string')).toBe(true);
    // `'a'` and `` `"a"` `` are the same literal string; every other pair differs.
    expect(keys[7]).toBe(keys[8]);
    expect(new Set(keys).size).toBe(expressions.length - 1);
  });

  it('has no key for an expression that does not parse or is too long', () => {
    expect(canonicalExpression('a[')).toBeUndefined();
    expect(canonicalExpression(`'${'x'.repeat(MAX_EXPRESSION_BYTES)}'`)).toBeUndefined();
  });
});

describe('the parse cache', () => {
  it('parses each distinct expression once', () => {
    expect(compileExpression('cache.test.one')).toBe(compileExpression('cache.test.one'));
  });

  it('keeps at most MAX_COMPILED_EXPRESSIONS parses, dropping the least recently used', () => {
    const first = compileExpression('cache.eviction.first');
    for (let i = 0; i < MAX_COMPILED_EXPRESSIONS; i++) compileExpression(`cache.eviction.n${i}`);
    expect(compileExpression('cache.eviction.first')).not.toBe(first);
    expect(compileExpression('cache.eviction.first')).toEqual(first);
  });

  it('remembers a parse error as the same error', () => {
    expect(() => compileExpression('a[')).toThrow();
    const messages = [0, 1].map(
      () => (project({}, 'a[') as { ok: false; body: { _jmespath_error: string } }).body._jmespath_error,
    );
    expect(messages[0]).toMatch(/^invalid_expression: /);
    expect(messages[1]).toBe(messages[0]);
  });
});

describe('the evaluator source', () => {
  it('runs no generated code and reads no package source: no new Function, eval, createRequire or file reads', () => {
    const root = new URL('../../src/platform/', import.meta.url);
    const files = ['jmespath.ts', ...readdirSync(new URL('jmespath/', root)).map((f) => `jmespath/${f}`)];
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const source = readFileSync(new URL(file, root), 'utf8');
      expect(source, file).not.toMatch(/\bnew Function\s*\(|\beval\s*\(|createRequire|readFileSync|node:fs/);
    }
  });
});
