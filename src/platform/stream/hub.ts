import { randomUUID } from 'node:crypto';
import type { SharedRedis } from '../redis/index.js';
import { redisKeys } from '../redis/keys.js';

/*
 * The event streams' second kind of subscription: events some part of the service publishes for one
 * account (a watch rule firing, say), addressed by kind and id. The core names no publisher: whoever
 * publishes calls `streamHubOf(deps).publish(accountId, event)`, and every open stream of that account
 * subscribed to (kind, id) on this node receives it. Events of this kind are not replayed on resume.
 */

/** One published event: `kind` and `id` address the subscription (`?watches=<id>` is kind `watch`). */
export interface HubEvent {
  kind: string;
  id: string;
  /** The SSE event name (`watch`, say). */
  event: string;
  data: unknown;
}

export type HubListener = (event: HubEvent) => void;

export class StreamHub {
  /** Listeners by `account \0 kind \0 id`. */
  private readonly listeners = new Map<string, Set<HubListener>>();
  /** This process among the nodes: its own messages coming back from Redis are not delivered twice. */
  private readonly node = randomUUID();
  private readonly channel?: string;

  constructor(
    private readonly redis?: SharedRedis,
    prefix = 'mds:',
  ) {
    if (!redis) return;
    this.channel = redisKeys.streamHubChannel(prefix);
    void redis.channels
      .listen(this.channel, (message) => {
        const m = parseRelayed(message);
        if (m && m.node !== this.node) this.deliver(m.accountId, m.event);
      })
      .catch(() => undefined);
  }

  private static address(accountId: string, kind: string, id: string): string {
    return `${accountId}\u0000${kind}\u0000${id}`;
  }

  /** Delivers an event to every listener of the account subscribed to its kind and id; returns how many got it. */
  publish(accountId: string, event: HubEvent): number {
    if (this.redis && this.channel)
      void this.redis.commands
        .publish(this.channel, JSON.stringify({ node: this.node, accountId, event }))
        .catch(() => undefined);
    return this.deliver(accountId, event);
  }

  private deliver(accountId: string, event: HubEvent): number {
    const set = this.listeners.get(StreamHub.address(accountId, event.kind, event.id));
    if (!set) return 0;
    for (const listener of [...set]) listener(event);
    return set.size;
  }

  /** Listens for one account's events of one kind and id; call the returned function to stop. */
  subscribe(accountId: string, kind: string, id: string, listener: HubListener): () => void {
    const address = StreamHub.address(accountId, kind, id);
    let set = this.listeners.get(address);
    if (!set) this.listeners.set(address, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(address);
    };
  }

  /** How many listeners are registered (tests, metrics). */
  get size(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }
}

function parseRelayed(message: string): { node: string; accountId: string; event: HubEvent } | undefined {
  try {
    const m = JSON.parse(message) as { node?: unknown; accountId?: unknown; event?: Partial<HubEvent> };
    const e = m.event;
    if (typeof m.node !== 'string' || typeof m.accountId !== 'string' || !e) return undefined;
    if (typeof e.kind !== 'string' || typeof e.id !== 'string' || typeof e.event !== 'string') return undefined;
    return { node: m.node, accountId: m.accountId, event: { kind: e.kind, id: e.id, event: e.event, data: e.data } };
  } catch {
    return undefined;
  }
}

const HUBS = new WeakMap<object, StreamHub>();

/** The hub of one app's collaborators (keyed on the object `createDeps` returned, as the app holds it). */
export function streamHubOf(deps: { redis?: SharedRedis; config: { REDIS_KEY_PREFIX: string } }): StreamHub {
  let hub = HUBS.get(deps);
  if (!hub) HUBS.set(deps, (hub = new StreamHub(deps.redis, deps.config.REDIS_KEY_PREFIX)));
  return hub;
}
