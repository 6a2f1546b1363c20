import { deliveryEngineOf, type DeliveryEngine } from '../../platform/delivery/engine.js';
import { pendingDelivery, type Delivery } from '../../platform/delivery/log.js';
import { newDeliveryId } from '../../platform/delivery/signing.js';
import { accessOf, type Principal } from '../../platform/auth/access.js';
import { evaluateExpression } from '../../platform/jmespath.js';
import type { Dispatch, WireResponse } from '../../http/wire.js';
import type { AppDeps } from '../../trpc/context.js';
import { decide, isTruthy, operationUrl, WATCH_EVENT, type Decision } from './rules.js';
import { WATCH_RULES, type WatchRule, type WatchRuleStore } from './store.js';

/** A rule that fired, as `onFire` listeners receive it (the stream's `?watches=`). */
export interface WatchFiring {
  accountId: string;
  ruleId: string;
  /** The operation's URL as evaluated (path and parameters). */
  operation: string;
  etag: string;
  /** ISO-8601. */
  firedAt: string;
  /** The answer that fired it, as REST serves it. */
  body: unknown;
}

/** The answer to a rule's operation, as the REST lane gives it. */
export interface WatchedAnswer {
  etag: string;
  body: unknown;
  memento?: string;
}

/** What a condition gives on an answer: its value and truthiness (an empty condition: null, true). */
export function conditionOn(condition: string, body: unknown): { value: unknown; truthy: boolean } {
  if (condition === '') return { value: null, truthy: true };
  const e = evaluateExpression(body, condition);
  // An expression that fails on this answer (a function given the wrong type) holds nothing.
  const value = e.ok ? e.value : null;
  return { value, truthy: isTruthy(value) };
}

/**
 * Watch rules in motion. On every batch of snapshot swaps each rule's operation is asked again
 * through the REST lane's own dispatcher (so the answer is exactly the REST one, ETag included),
 * once per distinct URL, as the key that set the first rule asking it; each rule's condition is
 * evaluated and recorded (a conditional update: on several nodes one records), and a firing becomes
 * a signed delivery through the one delivery engine (when the rule has a callback) and an event to
 * `onFire` listeners.
 */
export class WatchService {
  readonly store: WatchRuleStore;
  readonly engine: DeliveryEngine;
  private dispatch?: Dispatch;
  private readonly listeners = new Set<(f: WatchFiring) => void>();
  private evaluating?: Promise<unknown>;
  private queued = false;
  private again = false;
  private stopped = false;

  constructor(private readonly deps: AppDeps) {
    this.store = deps.stores.get(WATCH_RULES);
    this.engine = deliveryEngineOf(deps);
    this.engine.addressed(WATCH_EVENT, async (id) => {
      const r = await this.store.rule(id);
      return r && r.callbackUrl ? { callbackUrl: r.callbackUrl, secret: r.secret, active: true } : undefined;
    });
  }

  /** Connects the REST lane's dispatcher and watches snapshot swaps (the app calls it once it has its lane). */
  start(dispatch: Dispatch): void {
    if (this.dispatch) return;
    this.dispatch = dispatch;
    this.engine.start();
    this.deps.store.onChange(() => {
      if (this.stopped) return;
      if (this.evaluating) {
        // A swap during an evaluation is evaluated after it.
        this.again = true;
        return;
      }
      if (this.queued) return;
      // Several datasets of one ingestion round swap in a row; evaluate once after them.
      this.queued = true;
      setImmediate(() => {
        this.queued = false;
        this.run();
      });
    });
  }

  private run(): void {
    this.evaluating = this.safely(() => this.evaluateAll()).finally(() => {
      this.evaluating = undefined;
      if (this.again && !this.stopped) {
        this.again = false;
        this.run();
      }
    });
  }

  stop(): void {
    this.stopped = true;
    this.engine.stop();
  }

  /** Resolves once no evaluation or delivery is running or due at once (tests). */
  async idle(): Promise<void> {
    while (this.evaluating || this.queued) await (this.evaluating ?? new Promise((r) => setImmediate(r)));
    await this.engine.idle();
  }

  /** Calls `listener` with every firing made by this process; returns the unsubscribe. */
  onFire(listener: (f: WatchFiring) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The principal a rule's key has now; undefined once it is revoked, expired or deleted. */
  private async principalOf(keyId: string): Promise<Principal | undefined> {
    try {
      return await accessOf(this.deps).principalOfKey(keyId);
    } catch {
      return undefined;
    }
  }

  /** Asks an operation through the REST lane as `principal`; undefined when it does not answer 200. */
  async ask(url: string, principal: Principal): Promise<WatchedAnswer | undefined> {
    if (!this.dispatch) throw new Error('the watch service has no dispatcher yet');
    const res: WireResponse = await this.dispatch({
      method: 'GET',
      url,
      headers: {},
      requestId: `watch-${Date.now().toString(36)}`,
      evaluatedFor: principal,
    });
    if (res.status !== 200 || !res.headers.etag) return undefined;
    return {
      etag: String(res.headers.etag),
      body: JSON.parse(res.body) as unknown,
      ...(res.headers['memento-datetime'] ? { memento: String(res.headers['memento-datetime']) } : {}),
    };
  }

  /** Evaluates every rule once against the current answers; returns the firings recorded here. */
  async evaluateAll(): Promise<WatchFiring[]> {
    const rules = await this.store.all();
    const byUrl = new Map<string, WatchRule[]>();
    for (const r of rules) {
      const url = operationUrl(r.operation, r.params);
      const group = byUrl.get(url);
      if (group) group.push(r);
      else byUrl.set(url, [r]);
    }
    const fired: WatchFiring[] = [];
    for (const [url, group] of byUrl) {
      // Each rule runs only while its own key is valid; the operation is asked once, as the first such key.
      const live: WatchRule[] = [];
      let asker: Principal | undefined;
      for (const r of group) {
        const p = await this.principalOf(r.keyId);
        if (!p) continue;
        live.push(r);
        asker ??= p;
      }
      if (!asker) continue;
      let answer: WatchedAnswer | undefined;
      try {
        answer = await this.ask(url, asker);
      } catch (err) {
        this.deps.logger.warn({ err, operation: url }, 'watch rule evaluation failed');
      }
      if (!answer) continue;
      for (const r of live) {
        const f = await this.evaluateRule(r, url, answer);
        if (f) fired.push(f);
      }
    }
    return fired;
  }

  private async evaluateRule(r: WatchRule, url: string, answer: WatchedAnswer): Promise<WatchFiring | undefined> {
    const now = this.deps.clock.now();
    const held = conditionOn(r.condition, answer.body);
    const decision: Decision | undefined = decide(r, r, { etag: answer.etag, truthy: held.truthy }, now);
    if (!decision) return undefined;
    const firing: WatchFiring = {
      accountId: r.accountId,
      ruleId: r.id,
      operation: url,
      etag: answer.etag,
      firedAt: new Date(now).toISOString(),
      body: answer.body,
    };
    // With WEBHOOK_DELIVERY=off a firing reaches listeners only: nothing is queued that would never be sent.
    const delivers = decision.fire && r.callbackUrl !== null && this.deps.config.WEBHOOK_DELIVERY !== 'off';
    const delivery: Delivery | undefined = delivers
      ? pendingDelivery({
          id: newDeliveryId(),
          subscriberId: r.id,
          accountId: r.accountId,
          event: WATCH_EVENT,
          chokepointId: '',
          body: JSON.stringify({ event: WATCH_EVENT, ...firing, condition: r.condition, value: held.value }),
          nextAttemptAt: now,
          createdAt: now,
        })
      : undefined;
    // Another node that saw the same answer first has recorded (and fired) it.
    if (!(await this.store.recordEvaluation(r.id, r.lastEtag, decision.next, delivery))) return undefined;
    if (!decision.fire) return undefined;
    if (delivery) this.engine.schedule(delivery.id, 0);
    for (const l of this.listeners) {
      try {
        l(firing);
      } catch (err) {
        this.deps.logger.error({ err, ruleId: r.id }, 'watch firing listener failed');
      }
    }
    return firing;
  }

  private async safely(fn: () => Promise<unknown>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      if (!this.stopped) this.deps.logger.error({ err }, 'watch rule evaluation failed');
    }
  }
}

const SERVICES = new WeakMap<AppDeps, WatchService>();

/** The watch service of one app (one per deps, made on first use). */
export function watchesOf(deps: AppDeps): WatchService {
  let s = SERVICES.get(deps);
  if (!s) SERVICES.set(deps, (s = new WatchService(deps)));
  return s;
}
