import { compileExpression } from './jmespath/ast.js';
import { Budget, BudgetExceeded } from './jmespath/budget.js';
import { evaluate } from './jmespath/evaluate.js';
import { jsonSizeWithin } from './jmespath/json-size.js';
import { MAX_EXPRESSION_BYTES, MAX_PROJECTION_BYTES } from './jmespath/limits.js';

/*
 * JMESPath projections of response bodies. The package's public `compile` parses; the evaluator in
 * ./jmespath/evaluate.ts walks the tree itself, so that every step and every string it builds is
 * paid for out of a fixed budget before it happens.
 */
export {
  MAX_COMPILED_EXPRESSIONS,
  MAX_EVALUATION_BYTES,
  MAX_EVALUATION_STEPS,
  MAX_EXPRESSION_BYTES,
  MAX_PROJECTION_BYTES,
} from './jmespath/limits.js';
export { canonicalExpression } from './jmespath/ast.js';
export { jsonSizeWithin } from './jmespath/json-size.js';

export type Projection =
  { ok: true; value: unknown } | { ok: false; body: { _jmespath_error: string; original_keys: string[] } };

/**
 * Names the top level of the unprojected body so a caller can see what a failed expression
 * could have addressed: an object's keys (first 50, then a count), an array's length, or a type.
 */
export function originalKeys(body: unknown): string[] {
  if (Array.isArray(body)) return [`<array length=${body.length}>`];
  if (body !== null && typeof body === 'object') {
    const keys = Object.keys(body);
    return keys.length <= 50 ? keys : [...keys.slice(0, 50), `...<${keys.length - 50} more>`];
  }
  return [`<${typeof body}>`];
}

/** The result of one evaluation with what it spent, for tests of the accounting. */
export type Evaluation =
  | { ok: true; value: unknown; steps: number; bytes: number }
  | { ok: false; error: Error; steps: number; bytes: number };

/** Evaluates `expression` against `body` under a fresh budget; parse errors are thrown, everything else is reported. */
export function evaluateExpression(body: unknown, expression: string): Evaluation {
  const ast = compileExpression(expression);
  const budget = new Budget();
  try {
    const value = evaluate(ast, body, budget);
    return { ok: true, value: value === undefined ? null : value, steps: budget.steps, bytes: budget.bytes };
  } catch (err) {
    return { ok: false, error: err as Error, steps: budget.steps, bytes: budget.bytes };
  }
}

/**
 * Applies a JMESPath expression to a response body with the published limits. The caller treats
 * an empty expression as "no projection" before calling this. A path that misses yields `null`.
 */
export function project(body: unknown, expression: string): Projection {
  const fail = (message: string): Projection => ({
    ok: false,
    body: { _jmespath_error: message, original_keys: originalKeys(body) },
  });
  const bytes = Buffer.byteLength(expression, 'utf8');
  if (bytes > MAX_EXPRESSION_BYTES) return fail(`expression_too_long: ${bytes} > ${MAX_EXPRESSION_BYTES}`);
  let value: unknown;
  try {
    const evaluation = evaluateExpression(body, expression);
    if (!evaluation.ok) throw evaluation.error;
    value = evaluation.value;
  } catch (err) {
    if (err instanceof BudgetExceeded) return fail(`projection_too_large: ${err.message}`);
    return fail(`invalid_expression: ${(err as Error).message}`);
  }
  const size = jsonSizeWithin(value, MAX_PROJECTION_BYTES);
  if (size === undefined) return fail(`projection_too_large: output exceeds ${MAX_PROJECTION_BYTES} bytes`);
  return { ok: true, value };
}
