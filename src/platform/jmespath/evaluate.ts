import type { Node } from './ast.js';
import type { Budget } from './budget.js';
import { callFunction, type Call } from './functions.js';
import { deepEqual, ExpressionValue, isObject, isTruthy, setEntry, type JsonObject } from './values.js';

/** The spec's invalid-value error (a slice step of 0). */
export class EvaluationError extends Error {}

/**
 * Evaluates a compiled expression against `value`, following the JMESPath specification, and pays
 * into `budget` for each node visited (one step) and each element of every array or object it
 * builds (one step, before the element is added).
 */
export function evaluate(node: Node, value: unknown, budget: Budget): unknown {
  budget.spend(1);
  switch (node.type) {
    case 'Field': {
      if (!isObject(value) || !Object.hasOwn(value, node.name)) return null;
      return value[node.name] ?? null;
    }
    case 'Identity':
    case 'Current':
      return value;
    case 'Literal':
      return node.value;
    case 'Subexpression':
    case 'IndexExpression':
    case 'Pipe':
      // The right side is evaluated against the left's result, null included (`null.to_string(@)` is "null").
      return evaluate(node.children[1], evaluate(node.children[0], value, budget), budget);
    case 'Index': {
      if (!Array.isArray(value)) return null;
      const at = node.value < 0 ? value.length + node.value : node.value;
      return at >= 0 && at < value.length ? (value[at] ?? null) : null;
    }
    case 'Slice':
      return Array.isArray(value) ? slice(value, node.children, budget) : null;
    case 'Projection': {
      const base = evaluate(node.children[0], value, budget);
      return Array.isArray(base) ? collect(base, node.children[1], budget) : null;
    }
    case 'ValueProjection': {
      const base = evaluate(node.children[0], value, budget);
      if (!isObject(base)) return null;
      const out: unknown[] = [];
      for (const key in base)
        if (Object.hasOwn(base, key)) keep(out, evaluate(node.children[1], base[key], budget), budget);
      return out;
    }
    case 'FilterProjection': {
      const base = evaluate(node.children[0], value, budget);
      if (!Array.isArray(base)) return null;
      const [, projected, condition] = node.children;
      const out: unknown[] = [];
      for (const element of base)
        if (isTruthy(evaluate(condition, element, budget), budget.emptiness))
          keep(out, evaluate(projected, element, budget), budget);
      return out;
    }
    case 'Flatten': {
      const base = evaluate(node.children[0], value, budget);
      if (!Array.isArray(base)) return null;
      // Paid for before the merge: flattening many references to one large array is work the output shows only afterwards.
      let size = base.length;
      for (const element of base) if (Array.isArray(element)) size += element.length;
      budget.spend(size);
      const flat: unknown[] = [];
      for (const element of base) {
        if (Array.isArray(element)) for (const inner of element) flat.push(inner);
        else flat.push(element);
      }
      budget.spend(flat.length);
      return flat;
    }
    case 'MultiSelectList': {
      if (value === null || value === undefined) return null;
      budget.spend(node.children.length);
      return node.children.map((child) => evaluate(child, value, budget));
    }
    case 'MultiSelectHash': {
      if (value === null || value === undefined) return null;
      budget.spend(node.children.length);
      const out: JsonObject = {};
      for (const pair of node.children) setEntry(out, pair.name, evaluate(pair.value, value, budget));
      return out;
    }
    case 'OrExpression': {
      const left = evaluate(node.children[0], value, budget);
      return isTruthy(left, budget.emptiness) ? left : evaluate(node.children[1], value, budget);
    }
    case 'AndExpression': {
      const left = evaluate(node.children[0], value, budget);
      return isTruthy(left, budget.emptiness) ? evaluate(node.children[1], value, budget) : left;
    }
    case 'NotExpression':
      return !isTruthy(evaluate(node.children[0], value, budget), budget.emptiness);
    case 'Comparator':
      return compare(
        node.name,
        evaluate(node.children[0], value, budget),
        evaluate(node.children[1], value, budget),
        budget,
      );
    case 'ExpressionReference':
      return new ExpressionValue(node.children[0]);
    case 'Function': {
      const args = node.children.map((child) => evaluate(child, value, budget));
      const call: Call = { budget, apply: (expression, element) => evaluate(expression.node, element, budget) };
      return callFunction(node.name, args, call);
    }
    default:
      throw new EvaluationError(`Unknown node type: ${(node as { type: string }).type}`);
  }
}

/** Adds a projected value unless it is null: projections drop the elements that evaluate to null. */
function keep(out: unknown[], projected: unknown, budget: Budget): void {
  if (projected === null || projected === undefined) return;
  budget.spend(1);
  out.push(projected);
}

function collect(elements: unknown[], projected: Node, budget: Budget): unknown[] {
  const out: unknown[] = [];
  for (const element of elements) keep(out, evaluate(projected, element, budget), budget);
  return out;
}

/**
 * `==` and `!=` compare in depth (paid for by walking both sides first). The ordering operators
 * compare two numbers, or two strings by code unit as the jmespath package does (users filter by
 * ISO dates: `[?date > '2026-11-01']`, and the published service answers that); anything else is null.
 */
function compare(
  operator: 'EQ' | 'NE' | 'LT' | 'LTE' | 'GT' | 'GTE',
  left: unknown,
  right: unknown,
  budget: Budget,
): boolean | null {
  if (operator === 'EQ' || operator === 'NE') {
    budget.deep(left);
    budget.deep(right);
    return deepEqual(left, right) === (operator === 'EQ');
  }
  const strings = typeof left === 'string' && typeof right === 'string';
  if (!strings && (typeof left !== 'number' || typeof right !== 'number')) return null;
  // A string comparison walks the common prefix: paid like the sorts pay for theirs.
  if (strings) budget.spend(Math.min(left.length, right.length) >> 6);
  switch (operator) {
    case 'LT':
      return left < right;
    case 'LTE':
      return left <= right;
    case 'GT':
      return left > right;
    case 'GTE':
      return left >= right;
  }
}

/**
 * Spec slice: a missing start or stop is the end the step walks from or towards; a negative one
 * counts from the end; either is then clamped into the array. The result's length is known before
 * it is built, and paid for first.
 */
function slice(
  array: unknown[],
  [start, stop, step]: [number | null, number | null, number | null],
  budget: Budget,
): unknown[] {
  const by = step ?? 1;
  if (by === 0) throw new EvaluationError('Invalid slice, step cannot be 0');
  const n = array.length;
  const clamp = (at: number): number => {
    if (at < 0) {
      at += n;
      return at < 0 ? (by < 0 ? -1 : 0) : at;
    }
    return at >= n ? (by < 0 ? n - 1 : n) : at;
  };
  const from = start === null ? (by < 0 ? n - 1 : 0) : clamp(start);
  const to = stop === null ? (by < 0 ? -1 : n) : clamp(stop);
  const count = by > 0 ? Math.max(0, Math.ceil((to - from) / by)) : Math.max(0, Math.ceil((from - to) / -by));
  budget.spend(count);
  const out: unknown[] = new Array(count);
  for (let k = 0, i = from; k < count; k++, i += by) out[k] = array[i] ?? null;
  return out;
}
