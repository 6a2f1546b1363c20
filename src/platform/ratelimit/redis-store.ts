import type { Redis } from 'ioredis';
import { breakerFor, type RedisBreaker } from '../redis/breaker.js';
import { redisKeys } from '../redis/keys.js';
import { evaluateWindow, windowStartOf, type WindowOutcome, type WindowSpec } from './window.js';

/**
 * A rate-limit store whose decisions take a round trip: the same contract as `RateLimitStore`
 * (store.ts), asynchronously. `consume` is all-or-nothing and atomic across every node; both
 * methods reject when the store cannot decide, and the caller applies its failure policy.
 */
export interface AsyncRateLimitStore {
  consume(windows: readonly WindowSpec[], now: number): Promise<WindowOutcome[]>;
  peek(windows: readonly WindowSpec[], now: number): Promise<WindowOutcome[]>;
}

export interface Admission {
  /** The key id is marked revoked in Redis: nothing was counted, and `outcomes` is what a peek would say. */
  revoked: boolean;
  outcomes: WindowOutcome[];
}

/**
 * One atomic step per request. KEYS: for each window its current and previous fixed-window counters,
 * then optionally a revocation flag. ARGV: the window count, then per window its length, limit and
 * the time elapsed in its current fixed window. The admission test is window.ts's, integer-exact:
 *   prev * (W - elapsed) + curr * W + W <= limit * W
 * (same operation order, so the same double arithmetic as `evaluateWindow` past 2^53 too). Counts
 * only when every window admits and the key is not revoked; each counter expires 2W + 1 s after its
 * last increment, past the last instant it weighs in a decision. Returns
 * {revoked, admitted, prev1, curr1, prev2, curr2, ...}, the counts as read before counting.
 */
const ADMIT_LUA = `
local n = tonumber(ARGV[1])
local revoked = 0
if #KEYS > 2 * n and redis.call('EXISTS', KEYS[2 * n + 1]) == 1 then revoked = 1 end
local admitted = revoked == 0
local out = {revoked, 0}
for i = 1, n do
  local W = tonumber(ARGV[3 * i - 1])
  local limit = tonumber(ARGV[3 * i])
  local elapsed = tonumber(ARGV[3 * i + 1])
  local curr = tonumber(redis.call('GET', KEYS[2 * i - 1]) or '0')
  local prev = tonumber(redis.call('GET', KEYS[2 * i]) or '0')
  local used = prev * (W - elapsed) + curr * W
  if not (used + W <= limit * W) then admitted = false end
  out[2 * i + 1] = prev
  out[2 * i + 2] = curr
end
if admitted then
  out[2] = 1
  for i = 1, n do
    local key = KEYS[2 * i - 1]
    local ttl = 2 * tonumber(ARGV[3 * i - 1]) + 1000
    redis.call('INCR', key)
    if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end
  end
end
return out
`;

type AdmitScript = (numKeys: number, ...args: (string | number)[]) => Promise<number[]>;
const COMMAND = 'mdsRateAdmit';

/**
 * Rate-limit counters in Redis, shared by every node: the arithmetic of window.ts, the all-or-nothing
 * semantics of `RateLimitStore.consume`, one Lua script per decision (EVALSHA: one round trip, atomic
 * on the server, so two nodes never both admit the last slot). Timestamps come from the caller (the
 * injected clock), so nodes' clocks should agree (NTP); a skew of s ms moves their window edges by s.
 *
 * Failure policy (the caller's, see README "Shared Redis"): every method rejects within the client's
 * command timeout (at once while the connection is down, and for a second after a timeout: see
 * breaker.ts), never queues; the limiter then counts in its per-process MemoryRateLimitStore and
 * answers with `X-RateLimit-Mode: degraded` (fail-closed endpoint policies answer 503 instead).
 * Counts made in memory during an outage are not copied back; a decision that timed out on a
 * stalled server may still run when it wakes, so that request counts in both (strict, never lax).
 */
export class RedisRateLimitStore implements AsyncRateLimitStore {
  private readonly script: AdmitScript;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'mds:',
    private readonly breaker: RedisBreaker = breakerFor(redis),
  ) {
    const target = redis as unknown as Record<string, AdmitScript | undefined>;
    if (typeof target[COMMAND] !== 'function') redis.defineCommand(COMMAND, { lua: ADMIT_LUA });
    this.script = (target[COMMAND] as AdmitScript).bind(redis);
  }

  private keysOf(windows: readonly WindowSpec[], now: number): string[] {
    return windows.flatMap((w) => {
      const start = windowStartOf(now, w.windowMs);
      return [
        redisKeys.rateCounter(this.prefix, w.bucket, start),
        redisKeys.rateCounter(this.prefix, w.bucket, start - w.windowMs),
      ];
    });
  }

  consume(windows: readonly WindowSpec[], now: number): Promise<WindowOutcome[]> {
    return this.run(null, windows, now).then((a) => a.outcomes);
  }

  /**
   * The rate-limit decision and the revocation check in one round trip: a revoked key spends
   * nothing. `keyId` null (operators, anonymous callers) checks no revocation.
   */
  admit(keyId: string | null, windows: readonly WindowSpec[], now: number): Promise<Admission> {
    return this.run(keyId, windows, now);
  }

  async peek(windows: readonly WindowSpec[], now: number): Promise<WindowOutcome[]> {
    if (windows.length === 0) return [];
    const values = await this.breaker.run(() => this.redis.mget(...this.keysOf(windows, now)));
    return windows.map((w, i) =>
      evaluateWindow(Number(values[2 * i + 1] ?? 0), Number(values[2 * i] ?? 0), w.limit, w.windowMs, now),
    );
  }

  private async run(keyId: string | null, windows: readonly WindowSpec[], now: number): Promise<Admission> {
    if (windows.length === 0 && keyId === null) return { revoked: false, outcomes: [] };
    const keys = this.keysOf(windows, now);
    if (keyId !== null) keys.push(redisKeys.revokedKey(this.prefix, keyId));
    const args = windows.flatMap((w) => [w.windowMs, w.limit, now - windowStartOf(now, w.windowMs)]);
    const reply = await this.breaker.run(() => this.script(keys.length, ...keys, windows.length, ...args));
    const [revoked, admitted] = reply;
    const outcomes = windows.map((w, i) =>
      evaluateWindow(reply[2 * i + 2], reply[2 * i + 3], w.limit, w.windowMs, now),
    );
    // The script and window.ts must agree; if they ever do not, fail so the caller degrades visibly.
    const allowedHere = revoked === 0 && outcomes.every((o) => o.allowed);
    if (allowedHere !== (admitted === 1)) throw new Error('redis rate-limit script disagrees with window.ts');
    return { revoked: revoked === 1, outcomes };
  }
}
