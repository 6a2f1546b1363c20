import { MAX_EVALUATION_BYTES, MAX_EVALUATION_STEPS } from './limits.js';

/** Thrown when an evaluation has used up its steps or its bytes; `project` turns it into a refusal. */
export class BudgetExceeded extends Error {
  constructor(readonly resource: 'steps' | 'bytes') {
    super(`evaluation exceeded ${resource === 'steps' ? MAX_EVALUATION_STEPS : MAX_EVALUATION_BYTES} ${resource}`);
  }
}

/**
 * Counts the work and the string allocation of one evaluation and stops it past MAX_EVALUATION_STEPS
 * or MAX_EVALUATION_BYTES. Every charge is made before the work or the allocation it pays for.
 */
export class Budget {
  /** Spent so far; tests read them to check the accounting. */
  steps = 0;
  bytes = 0;
  /** Which objects met in this evaluation have no keys (see isTruthy). */
  readonly emptiness = new WeakMap<object, boolean>();

  spend(n: number): void {
    this.steps += n;
    if (this.steps > MAX_EVALUATION_STEPS) throw new BudgetExceeded('steps');
  }

  /** Pays for a new string of `length` characters before it is built. */
  allocate(length: number): void {
    this.bytes += length;
    if (this.bytes > MAX_EVALUATION_BYTES) throw new BudgetExceeded('bytes');
  }

  get bytesLeft(): number {
    return MAX_EVALUATION_BYTES - this.bytes;
  }

  /**
   * Pays for walking a whole value, shared references once per appearance, before a deep operation
   * walks it: one step per value (charged as it is stacked, so the walk's own stack is paid for too)
   * and one per 64 characters of a string.
   */
  deep(value: unknown): void {
    this.spend(1);
    const stack: unknown[] = [value];
    while (stack.length) {
      const v = stack.pop();
      if (typeof v === 'string') this.spend(v.length >> 6);
      else if (Array.isArray(v)) {
        this.spend(v.length);
        for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
      } else if (v !== null && typeof v === 'object') {
        const keys = Object.keys(v);
        this.spend(keys.length);
        for (const k of keys) stack.push((v as Record<string, unknown>)[k]);
      }
    }
  }

  /** Pays for the direct size of a function argument (a function may loop over it). */
  argument(value: unknown): void {
    if (Array.isArray(value)) this.spend(value.length);
    else if (typeof value === 'string') this.spend(value.length >> 6);
    else if (value !== null && typeof value === 'object') this.spend(Object.keys(value).length);
  }
}
