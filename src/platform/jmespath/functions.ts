import type { Budget } from './budget.js';
import { jsonSizeWithin } from './json-size.js';
import {
  codePointLength,
  compareStrings,
  containsSubstring,
  deepEqual,
  ExpressionValue,
  setEntry,
  typeOf,
  type JsonObject,
} from './values.js';

/**
 * What a parameter accepts, named as the error message names it. The two typed-array kinds also
 * check every element.
 */
type Accepts = 'any' | 'number' | 'string' | 'array' | 'object' | 'expression' | 'Array<number>' | 'Array<string>';

interface Signature {
  params: Accepts[][];
  /** The last parameter repeats: at least `params.length` arguments. */
  variadic?: boolean;
  run(args: unknown[], call: Call): unknown;
}

/** What a function body may use: the budget, and evaluation of an expression reference against a value. */
export interface Call {
  budget: Budget;
  apply(expression: ExpressionValue, value: unknown): unknown;
}

/** Thrown for the spec's invalid-arity, invalid-type and unknown-function errors; the message is the refusal's detail. */
export class FunctionError extends Error {}

function received(value: unknown): string {
  const type = typeOf(value);
  return type === 'expref' ? 'expression' : type;
}

function accepts(kind: Accepts, value: unknown): boolean {
  switch (kind) {
    case 'any':
      return true;
    case 'expression':
      return value instanceof ExpressionValue;
    case 'Array<number>':
      return Array.isArray(value) && value.every((v) => typeof v === 'number');
    case 'Array<string>':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
    default:
      return typeOf(value) === kind;
  }
}

const numbers = (args: unknown[]) => args[0] as number[];
const sumOf = (values: number[]) => values.reduce((total, v) => total + v, 0);

/** Largest (sign 1) or smallest (sign -1) of numbers or strings, all of one type; null when empty. */
function extreme(values: (number | string)[], sign: 1 | -1, budget: Budget): number | string | null {
  if (values.length === 0) return null;
  const compare = keyComparison(budget);
  let best = values[0];
  for (const v of values) if (sign * compare(v, best) > 0) best = v;
  return best;
}

/**
 * Compares two numbers, or two strings by code point; strings pay one step per 64 characters of
 * common prefix, so that sorting many long, nearly equal strings is paid for as it goes.
 */
function keyComparison(budget: Budget): (a: number | string, b: number | string) => number {
  const scanned = (characters: number) => budget.spend(characters >> 6);
  return (a, b) => (typeof a === 'number' ? a - (b as number) : compareStrings(a, b as string, scanned));
}

/**
 * Evaluates `expression` against each element for `sort_by`, `max_by` and `min_by`: each result
 * must be a number or a string, all of the same type.
 */
function keysBy(name: string, elements: unknown[], expression: ExpressionValue, call: Call): (number | string)[] {
  const keys: (number | string)[] = [];
  let first: string | undefined;
  for (const element of elements) {
    const key = call.apply(expression, element);
    const type = received(key);
    first ??= type;
    if (type !== 'number' && type !== 'string') {
      throw new FunctionError(
        `TypeError: ${name}() expected the expression to return one type, number or string, for every element, but received type ${type}`,
      );
    }
    if (type !== first) {
      throw new FunctionError(
        `TypeError: ${name}() expected the expression to return one type, number or string, for every element, but received types ${first} and ${type}`,
      );
    }
    keys.push(key as number | string);
  }
  return keys;
}

function elementBy(name: string, sign: 1 | -1) {
  return (args: unknown[], call: Call): unknown => {
    const elements = args[0] as unknown[];
    const keys = keysBy(name, elements, args[1] as ExpressionValue, call);
    if (elements.length === 0) return null;
    const compare = keyComparison(call.budget);
    let best = 0;
    for (let i = 1; i < keys.length; i++) if (sign * compare(keys[i], keys[best]) > 0) best = i;
    return elements[best];
  };
}

/** Reverses by code point, so a character outside the BMP keeps its two halves in order. */
function reverseString(s: string): string {
  const units = new Uint16Array(s.length);
  let at = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
    if (c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
      units[--at] = d;
      units[--at] = c;
      i++;
    } else units[--at] = c;
  }
  const chunks: string[] = [];
  for (let i = 0; i < units.length; i += 8192) chunks.push(String.fromCharCode(...units.subarray(i, i + 8192)));
  return chunks.join('');
}

/** A string that is a JSON number (the spec's json-number production); anything else is not a number. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

const FUNCTIONS: Record<string, Signature> = {
  abs: { params: [['number']], run: (args) => Math.abs(args[0] as number) },
  avg: {
    params: [['Array<number>']],
    run: (args) => (numbers(args).length === 0 ? null : sumOf(numbers(args)) / numbers(args).length),
  },
  ceil: { params: [['number']], run: (args) => Math.ceil(args[0] as number) },
  contains: {
    params: [['string', 'array'], ['any']],
    run: (args, call) => {
      const [subject, search] = args;
      if (typeof subject === 'string') return typeof search === 'string' && containsSubstring(subject, search);
      // Equality may walk every element, each as deep as the searched value.
      call.budget.deep(subject);
      call.budget.deep(search);
      return (subject as unknown[]).some((element) => deepEqual(element, search));
    },
  },
  ends_with: { params: [['string'], ['string']], run: (args) => (args[0] as string).endsWith(args[1] as string) },
  floor: { params: [['number']], run: (args) => Math.floor(args[0] as number) },
  join: {
    params: [['string'], ['Array<string>']],
    run: (args, call) => {
      const glue = args[0] as string;
      const parts = args[1] as string[];
      let length = parts.length > 1 ? glue.length * (parts.length - 1) : 0;
      for (const part of parts) length += part.length;
      call.budget.allocate(length);
      return parts.join(glue);
    },
  },
  keys: {
    params: [['object']],
    run: (args, call) => {
      const keys = Object.keys(args[0] as JsonObject);
      call.budget.spend(keys.length);
      return keys;
    },
  },
  length: {
    params: [['string', 'array', 'object']],
    run: (args) => {
      const [subject] = args;
      if (typeof subject === 'string') return codePointLength(subject);
      if (Array.isArray(subject)) return subject.length;
      return Object.keys(subject as JsonObject).length;
    },
  },
  map: {
    params: [['expression'], ['array']],
    run: (args, call) => {
      const elements = args[1] as unknown[];
      call.budget.spend(elements.length);
      return elements.map((element) => call.apply(args[0] as ExpressionValue, element) ?? null);
    },
  },
  max: {
    params: [['Array<number>', 'Array<string>']],
    run: (args, call) => extreme(args[0] as (number | string)[], 1, call.budget),
  },
  max_by: { params: [['array'], ['expression']], run: elementBy('max_by', 1) },
  merge: {
    params: [['object']],
    variadic: true,
    run: (args, call) => {
      let size = 0;
      for (const object of args) size += Object.keys(object as JsonObject).length;
      call.budget.spend(size);
      const merged: JsonObject = {};
      for (const object of args as JsonObject[])
        for (const key of Object.keys(object)) setEntry(merged, key, object[key]);
      return merged;
    },
  },
  min: {
    params: [['Array<number>', 'Array<string>']],
    run: (args, call) => extreme(args[0] as (number | string)[], -1, call.budget),
  },
  min_by: { params: [['array'], ['expression']], run: elementBy('min_by', -1) },
  not_null: {
    params: [['any']],
    variadic: true,
    run: (args) => args.find((v) => v !== null && v !== undefined) ?? null,
  },
  reverse: {
    params: [['string', 'array']],
    run: (args, call) => {
      const [subject] = args;
      if (typeof subject === 'string') {
        call.budget.allocate(subject.length);
        return reverseString(subject);
      }
      call.budget.spend((subject as unknown[]).length);
      return [...(subject as unknown[])].reverse();
    },
  },
  sort: {
    params: [['Array<string>', 'Array<number>']],
    run: (args, call) => {
      const values = args[0] as (number | string)[];
      call.budget.spend(values.length);
      return [...values].sort(keyComparison(call.budget));
    },
  },
  sort_by: {
    params: [['array'], ['expression']],
    run: (args, call) => {
      const elements = args[0] as unknown[];
      const keys = keysBy('sort_by', elements, args[1] as ExpressionValue, call);
      call.budget.spend(elements.length);
      // Array.prototype.sort is stable, so equal keys keep their input order, as the spec asks.
      const compare = keyComparison(call.budget);
      const order = elements.map((_, i) => i).sort((i, j) => compare(keys[i], keys[j]));
      return order.map((i) => elements[i]);
    },
  },
  starts_with: { params: [['string'], ['string']], run: (args) => (args[0] as string).startsWith(args[1] as string) },
  sum: { params: [['Array<number>']], run: (args) => sumOf(numbers(args)) },
  to_array: {
    params: [['any']],
    run: (args, call) => {
      if (Array.isArray(args[0])) return args[0];
      call.budget.spend(1);
      return [args[0] ?? null];
    },
  },
  to_number: {
    params: [['any']],
    run: (args) => {
      const [value] = args;
      if (typeof value === 'number') return value;
      if (typeof value === 'string' && JSON_NUMBER.test(value)) return Number(value);
      return null;
    },
  },
  to_string: {
    params: [['any']],
    run: (args, call) => {
      const [value] = args;
      if (typeof value === 'string') return value;
      // The walk was paid for as a deep argument; the string is paid for by its size, measured first.
      // When the size passes what is left, measuring stops there: the charge is one past the budget.
      call.budget.allocate(jsonSizeWithin(value, call.budget.bytesLeft) ?? call.budget.bytesLeft + 1);
      return JSON.stringify(value ?? null);
    },
  },
  type: { params: [['any']], run: (args) => typeOf(args[0]) },
  values: {
    params: [['object']],
    run: (args, call) => {
      const object = args[0] as JsonObject;
      const keys = Object.keys(object);
      call.budget.spend(keys.length);
      return keys.map((key) => object[key]);
    },
  },
};

/** Functions whose work depends on the whole depth of their argument, not just its top level. */
const DEEP = new Set(['to_string']);

/** Calls built-in `name` after the spec's arity and type checks, charging for its arguments first. */
export function callFunction(name: string, args: unknown[], call: Call): unknown {
  const signature = Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
  if (!signature) throw new FunctionError(`Unknown function: ${name}()`);
  const { params, variadic } = signature;
  if (variadic ? args.length < params.length : args.length !== params.length) {
    const n = params.length;
    throw new FunctionError(
      `ArgumentError: ${name}() takes ${variadic ? 'at least ' : ''}${n} argument${n === 1 ? '' : 's'} but received ${args.length}`,
    );
  }
  for (let i = 0; i < args.length; i++) {
    if (DEEP.has(name)) call.budget.deep(args[i]);
    else call.budget.argument(args[i]);
    const kinds = params[Math.min(i, params.length - 1)];
    if (!kinds.some((kind) => accepts(kind, args[i]))) {
      throw new FunctionError(
        `TypeError: ${name}() expected argument ${i + 1} to be type ${kinds.join(',')} but received type ${received(args[i])} instead.`,
      );
    }
  }
  return signature.run(args, call);
}
