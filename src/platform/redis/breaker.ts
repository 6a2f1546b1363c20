import type { Redis } from 'ioredis';

/** Thrown instead of sending a command while the breaker is open. */
export class RedisUnavailableError extends Error {
  constructor(message = 'redis skipped: it timed out moments ago') {
    super(message);
    this.name = 'RedisUnavailableError';
  }
}

/** How long requests skip Redis after a command timed out, before one tries again. */
export const BREAKER_COOLDOWN_MS = 1_000;

/**
 * A closed connection already fails every command at once; a STALLED server (paused, swapping,
 * a network black hole) would make every request wait the full command timeout. After one timeout
 * the breaker opens: for the cooldown, calls fail at once without touching Redis, then the next
 * calls try again (one more timeout re-opens it). So a stall costs one timeout per cooldown, not
 * one per request.
 */
export class RedisBreaker {
  private openUntil = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly cooldownMs = BREAKER_COOLDOWN_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Closes it: a fresh connection is ready, worth a try at once. */
  reset(): void {
    this.openUntil = Number.NEGATIVE_INFINITY;
  }

  get isOpen(): boolean {
    return this.now() < this.openUntil;
  }

  async run<T>(call: () => Promise<T>): Promise<T> {
    if (this.isOpen) throw new RedisUnavailableError();
    try {
      return await call();
    } catch (err) {
      if (/timed out/i.test((err as Error).message)) this.openUntil = this.now() + this.cooldownMs;
      throw err;
    }
  }
}

const breakers = new WeakMap<Redis, RedisBreaker>();

/** The breaker of a connection, shared by every store using it; closed again whenever the connection (re)connects. */
export function breakerFor(client: Redis): RedisBreaker {
  let b = breakers.get(client);
  if (!b) {
    const breaker = (b = new RedisBreaker());
    breakers.set(client, breaker);
    client.on('ready', () => breaker.reset());
  }
  return b;
}
