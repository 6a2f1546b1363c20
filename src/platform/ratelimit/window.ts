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
  /** Epoch ms: end of the current fixed window when admitted; when a request will next be admitted otherwise. */
  resetAt: number;
}

export function windowStartOf(now: number, windowMs: number): number {
  return now - (((now % windowMs) + windowMs) % windowMs);
}

export function evaluateWindow(prev: number, curr: number, limit: number, windowMs: number, now: number): WindowOutcome {
  const W = windowMs;
  const start = windowStartOf(now, W);
  const elapsed = now - start;
  const used = prev * (W - elapsed) + curr * W;
  if (used + W <= limit * W) {
    const remaining = Math.max(0, Math.floor((limit * W - used - W) / W));
    return { allowed: true, limit, remaining, resetAt: start + W };
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
  return { allowed: false, limit, remaining: 0, resetAt: Math.max(retryAt, now + 1) };
}
