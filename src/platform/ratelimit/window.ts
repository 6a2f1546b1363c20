/**
 * Sliding-window counter arithmetic (two fixed windows, the previous one weighted by how much of it
 * still overlaps the sliding window). Pure, integer-only: a request is admitted when
 *   prev * (W - elapsed) / W + curr + 1 <= limit
 * which is compared multiplied through by W so no rounding decides a boundary.
 */
export interface WindowSpec {
  /** Counter identity, including which window length it is for. */
  bucket: string;
  limit: number;
  windowMs: number;
}

export interface WindowOutcome {
  allowed: boolean;
  limit: number;
  /** Requests still admissible after this decision, rounded down. */
  remaining: number;
  /**
   * Epoch ms when every request counted so far has slid out of the window (Remaining back to Limit).
   * The same instant for an admission and a refusal in one burst, so it never moves backwards.
   */
  resetAt: number;
  /** Epoch ms when a request is next admitted: `now` after an admission, later after a refusal (Retry-After). */
  retryAt: number;
}

/** When counts `prev` (previous fixed window) and `curr` (current one) have both slid out. */
function drainedAt(prev: number, curr: number, start: number, W: number): number {
  return curr > 0 ? start + 2 * W : prev > 0 ? start + W : start;
}

export function windowStartOf(now: number, windowMs: number): number {
  return now - (((now % windowMs) + windowMs) % windowMs);
}

export function evaluateWindow(
  prev: number,
  curr: number,
  limit: number,
  windowMs: number,
  now: number,
): WindowOutcome {
  const W = windowMs;
  const start = windowStartOf(now, W);
  const elapsed = now - start;
  const used = prev * (W - elapsed) + curr * W;
  if (used + W <= limit * W) {
    const remaining = Math.max(0, Math.floor((limit * W - used - W) / W));
    return { allowed: true, limit, remaining, resetAt: drainedAt(prev, curr + 1, start, W), retryAt: now };
  }
  let retryAt: number;
  if (curr + 1 <= limit && prev > 0) {
    // The current window has room; wait until enough of the previous one has slid out.
    retryAt = start + Math.ceil(W - ((limit - 1 - curr) * W) / prev);
  } else {
    // The current window alone is full: in the next one it becomes the weighted previous window.
    const e = curr > 0 ? Math.ceil(W - ((limit - 1) * W) / curr) : 0;
    retryAt = start + W + Math.max(0, e);
  }
  retryAt = Math.max(retryAt, now + 1);
  return { allowed: false, limit, remaining: 0, resetAt: Math.max(drainedAt(prev, curr, start, W), retryAt), retryAt };
}
