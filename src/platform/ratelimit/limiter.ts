import { ServiceError, type WireHeaders } from '../errors.js';
import type { Logger } from '../logger.js';
import type { RateLimitStore } from './store.js';
import type { WindowOutcome, WindowSpec } from './window.js';

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** Endpoint policies: extra per-credential limits on expensive operations, named in `meta.ratePolicy`. They fail closed. */
export const RATE_POLICIES: Readonly<Record<string, { perMinute: number }>> = Object.freeze({
  batch: { perMinute: 30 },
  'list-market-quotes': { perMinute: 60 },
  'get-resilience-ranking': { perMinute: 30 },
  'get-company-enrichment': { perMinute: 30 },
  'list-company-signals': { perMinute: 30 },
  'search-sec-filings': { perMinute: 30 },
});

/** Callers without a credential (public operations only), per client address. */
export const ANONYMOUS_PER_MINUTE = 600;

/** Seconds a client is told to wait when the limiter store is unavailable for a fail-closed policy. */
export const DEGRADED_RETRY_AFTER = 5;

/** Whose budget a request spends, and how large that budget is. */
export interface RateSubject {
  /** Stable bucket prefix: `k:<key id>`, `o:<operator id>`, `ip:<address>`. */
  bucket: string;
  perMinute: number;
  perDay: number | null;
}

/** Parses `name=perMinute,...` overrides of the endpoint policies (operators tune them; tests relax them). */
export function parsePolicyOverrides(raw: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^([a-z0-9-]+)=(\d{1,12})$/.exec(part);
    if (!m || !RATE_POLICIES[m[1]] || Number(m[2]) < 1) throw new Error(`RATE_POLICY_OVERRIDES: bad entry "${part}" (want <known policy>=<positive integer>)`);
    out[m[1]] = Number(m[2]);
  }
  return out;
}

interface Check extends WindowSpec {
  kind: 'minute' | 'day' | 'policy';
}

function rateHeaders(o: WindowOutcome): WireHeaders {
  return {
    'X-RateLimit-Limit': String(o.limit),
    'X-RateLimit-Remaining': String(o.remaining),
    'X-RateLimit-Reset': String(o.resetAt),
  };
}

/**
 * One decision per request over every limit that applies: the credential's sliding minute and day
 * (the global limit, which fails open) and the operation's endpoint policy (which fails closed).
 * Returns the X-RateLimit-* headers for the tightest window; throws 429 or 503 otherwise.
 */
export class RateLimiter {
  /** Told of every decision (for metrics): the policy or `global`, and allowed / limited / degraded. */
  observer?: (policy: string, outcome: 'allowed' | 'limited' | 'degraded') => void;

  constructor(
    public store: RateLimitStore,
    private readonly logger: Logger,
    private readonly overrides: Record<string, number> = {},
  ) {}

  policyLimit(name: string): number {
    const policy = RATE_POLICIES[name];
    if (!policy) throw new Error(`unknown rate policy "${name}"`);
    return this.overrides[name] ?? policy.perMinute;
  }

  check(subject: RateSubject, policy: string | undefined, now: number): WireHeaders {
    const checks: Check[] = [{ kind: 'minute', bucket: `${subject.bucket}|m`, limit: subject.perMinute, windowMs: MINUTE_MS }];
    if (subject.perDay !== null) checks.push({ kind: 'day', bucket: `${subject.bucket}|d`, limit: subject.perDay, windowMs: DAY_MS });
    if (policy) checks.push({ kind: 'policy', bucket: `p:${policy}:${subject.bucket}|m`, limit: this.policyLimit(policy), windowMs: MINUTE_MS });

    let outcomes: WindowOutcome[];
    try {
      outcomes = this.store.consume(checks, now);
    } catch (err) {
      this.logger.warn({ err: { message: (err as Error).message }, policy: policy ?? null }, 'rate-limit store unavailable');
      this.observer?.(policy ?? 'global', 'degraded');
      if (policy) {
        throw new ServiceError(
          503,
          { error: 'Rate-limit service temporarily unavailable' },
          { 'Retry-After': String(DEGRADED_RETRY_AFTER), 'X-RateLimit-Mode': 'degraded' },
        );
      }
      // Fail open: serve, and say the count could not be kept.
      const resetAt = now - (now % MINUTE_MS) + MINUTE_MS;
      return { 'X-RateLimit-Limit': String(subject.perMinute), 'X-RateLimit-Remaining': String(subject.perMinute), 'X-RateLimit-Reset': String(resetAt), 'X-RateLimit-Mode': 'degraded' };
    }

    const denied = outcomes.map((o, i) => ({ o, c: checks[i] })).filter((x) => !x.o.allowed);
    this.observer?.(policy ?? 'global', denied.length ? 'limited' : 'allowed');
    if (denied.length) {
      // The binding window is the one that keeps the caller out longest.
      const worst = denied.reduce((a, b) => (b.o.resetAt > a.o.resetAt ? b : a));
      const retryAfter = Math.max(1, Math.ceil((worst.o.resetAt - now) / 1000));
      const error = worst.c.kind === 'day' ? 'Daily request limit reached' : 'Too many requests';
      throw new ServiceError(429, { error }, { ...rateHeaders(worst.o), 'Retry-After': String(retryAfter) });
    }
    // Report the window closest to running out (ties: the shorter window, listed first).
    const tightest = outcomes.reduce((a, b) => (b.remaining < a.remaining ? b : a));
    return rateHeaders(tightest);
  }
}
