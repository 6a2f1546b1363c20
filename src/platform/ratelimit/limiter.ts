import { ServiceError, type WireHeaders } from '../errors.js';
import type { Logger } from '../logger.js';
import { LocalRateLimitStore, type RateLimitStore } from './store.js';
import type { WindowOutcome, WindowSpec } from './window.js';
import { RATE_POLICIES } from '../../config/rate-policies.js';

// The policy table and its override parser live with the configuration, which checks RATE_POLICY_OVERRIDES at start-up.
export { RATE_POLICIES, parsePolicyOverrides } from '../../config/rate-policies.js';

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

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
  /** The key behind the bucket: a store sharing revocations refuses it, in the same round trip, once revoked anywhere. */
  keyId?: string;
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

  /**
   * This process's own exact counters: the store itself on a single node, the fallback while a
   * shared store (Redis) cannot answer, and where per-address refusals of bad credentials are counted.
   */
  readonly local: LocalRateLimitStore;
  /** The store deciding ordinary requests: `local` unless a shared one is configured. */
  store: RateLimitStore;
  private lastWarning = Number.NEGATIVE_INFINITY;

  constructor(
    local: LocalRateLimitStore,
    private readonly logger: Logger,
    private readonly overrides: Record<string, number> = {},
    shared?: RateLimitStore,
  ) {
    this.local = local;
    this.store = shared ?? local;
  }

  private warnUnavailable(err: Error, now: number): void {
    // Once every 10 s at most: during an outage every request would otherwise log a line.
    if (now - this.lastWarning < 10_000 && now >= this.lastWarning) return;
    this.lastWarning = now;
    this.logger.warn(
      { err: { message: err.message } },
      'rate-limit store unavailable; counting in this process, fail-closed policies refused',
    );
  }

  policyLimit(name: string): number {
    const policy = RATE_POLICIES[name];
    if (!policy) throw new Error(`unknown rate policy "${name}"`);
    return this.overrides[name] ?? policy.perMinute;
  }

  private checksFor(subject: RateSubject, policy: string | undefined): Check[] {
    const checks: Check[] = [
      { kind: 'minute', bucket: `${subject.bucket}|m`, limit: subject.perMinute, windowMs: MINUTE_MS },
    ];
    if (subject.perDay !== null)
      checks.push({ kind: 'day', bucket: `${subject.bucket}|d`, limit: subject.perDay, windowMs: DAY_MS });
    if (policy)
      checks.push({
        kind: 'policy',
        bucket: `p:${policy}:${subject.bucket}|m`,
        limit: this.policyLimit(policy),
        windowMs: MINUTE_MS,
      });
    return checks;
  }

  /**
   * The X-RateLimit-* headers of the caller's state now, counting nothing: for an answer whose
   * request spent more than its own slot (a batch's operations), so the headers describe the state
   * after the whole request. Undefined when the store cannot tell.
   */
  current(
    subject: RateSubject,
    policy: string | undefined,
    now: number,
  ): WireHeaders | undefined | Promise<WireHeaders | undefined> {
    const report = (outcomes: WindowOutcome[]) => {
      const tightest = outcomes.reduce((a, b) =>
        b.remaining < a.remaining || (b.remaining === a.remaining && !b.allowed) ? b : a,
      );
      // A window with no room left reports 0, whatever the arithmetic of the next admission says.
      return rateHeaders(tightest.allowed ? { ...tightest, remaining: Math.max(0, tightest.remaining + 1) } : tightest);
    };
    try {
      const outcomes = this.store.peek(this.checksFor(subject, policy), now);
      return outcomes instanceof Promise ? outcomes.then(report, () => undefined) : report(outcomes);
    } catch {
      return undefined;
    }
  }

  /**
   * Spends one request of every window that applies; returns the headers, or throws 429 (over a
   * limit) or 503 (a fail-closed policy the store cannot decide). Synchronous with an in-process
   * store; a promise with a networked one.
   */
  check(subject: RateSubject, policy: string | undefined, now: number): WireHeaders | Promise<WireHeaders> {
    const checks = this.checksFor(subject, policy);
    if (subject.keyId !== undefined && this.store.admit) {
      return this.store.admit(subject.keyId, checks, now).then(
        (a) => {
          // The key's holder is told it was revoked (another node revoked it; Redis carries the flag).
          if (a.revoked) throw new ServiceError(401, { error: 'The API key has been revoked' });
          return this.decide(checks, policy, now, a.outcomes, false);
        },
        (err: Error) => this.decide(checks, policy, now, this.degrade(err, checks, policy, now), true),
      );
    }
    let outcomes: WindowOutcome[] | Promise<WindowOutcome[]>;
    try {
      outcomes = this.store.consume(checks, now);
    } catch (err) {
      return this.decide(checks, policy, now, this.degrade(err as Error, checks, policy, now), true);
    }
    if (outcomes instanceof Promise) {
      return outcomes.then(
        (o) => this.decide(checks, policy, now, o, false),
        (err: Error) => this.decide(checks, policy, now, this.degrade(err, checks, policy, now), true),
      );
    }
    return this.decide(checks, policy, now, outcomes, false);
  }

  /** Counts in this process only: per-address refusals, which need no cluster-wide exactness. */
  checkLocal(subject: RateSubject, now: number): WireHeaders {
    return this.decide(
      this.checksFor(subject, undefined),
      undefined,
      now,
      this.local.consume(this.checksFor(subject, undefined), now),
      false,
    );
  }

  /** The store could not decide: fail-closed policies refuse, the global limit keeps counting locally. */
  private degrade(err: Error, checks: Check[], policy: string | undefined, now: number): WindowOutcome[] {
    this.warnUnavailable(err, now);
    this.observer?.(policy ?? 'global', 'degraded');
    if (policy) {
      throw new ServiceError(
        503,
        { error: 'Rate-limit service temporarily unavailable' },
        { 'Retry-After': String(DEGRADED_RETRY_AFTER), 'X-RateLimit-Mode': 'degraded' },
      );
    }
    return this.local.consume(checks, now);
  }

  private decide(
    checks: Check[],
    policy: string | undefined,
    now: number,
    outcomes: WindowOutcome[],
    degraded: boolean,
  ): WireHeaders {
    const mode: WireHeaders = degraded ? { 'X-RateLimit-Mode': 'degraded' } : {};
    let worst: number | undefined;
    let tightest = 0;
    for (let i = 0; i < outcomes.length; i++) {
      const o = outcomes[i];
      // The binding refusal is the one that keeps the caller out longest.
      if (!o.allowed && (worst === undefined || o.retryAt > outcomes[worst].retryAt)) worst = i;
      // Report the window closest to running out (ties: the shorter window, listed first).
      if (o.remaining < outcomes[tightest].remaining) tightest = i;
    }
    this.observer?.(policy ?? 'global', worst === undefined ? 'allowed' : 'limited');
    if (worst !== undefined) {
      const o = outcomes[worst];
      const retryAfter = Math.max(1, Math.ceil((o.retryAt - now) / 1000));
      const error = checks[worst].kind === 'day' ? 'Daily request limit reached' : 'Too many requests';
      throw new ServiceError(429, { error }, { ...rateHeaders(o), 'Retry-After': String(retryAfter), ...mode });
    }
    return { ...rateHeaders(outcomes[tightest]), ...mode };
  }
}
