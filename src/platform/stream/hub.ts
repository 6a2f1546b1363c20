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

  private static address(accountId: string, kind: string, id: string): string {
    return `${accountId}\u0000${kind}\u0000${id}`;
  }

  /** Delivers an event to every listener of the account subscribed to its kind and id; returns how many got it. */
  publish(accountId: string, event: HubEvent): number {
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

const HUBS = new WeakMap<object, StreamHub>();

/** The hub of one app's collaborators (keyed on the object `createDeps` returned, as the app holds it). */
export function streamHubOf(deps: object): StreamHub {
  let hub = HUBS.get(deps);
  if (!hub) HUBS.set(deps, (hub = new StreamHub()));
  return hub;
}
