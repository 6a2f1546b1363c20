import type { Config } from '../../config.js';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import { postUrl, UpstreamError } from '../snapshots/fetch.js';
import type { StoreRegistry } from '../stores/registry.js';
import { DELIVERY_LOG, type DeliveryLog } from './log.js';
import { retryDelayMs, signPayload } from './signing.js';
import { loopbackTestPolicy, PRODUCTION_POLICY, type TargetPolicy } from './targets.js';

/** How often pending deliveries made by another process (e.g. `mds ingest`) are looked for. */
const SWEEP_MS = 60_000;

/** Where a subscriber receives its events, as it stands at the attempt. */
export interface Addressee {
  callbackUrl: string;
  secret: string;
  active: boolean;
}

/** Finds a sender's subscriber by id (a registration, a rule); undefined once it is gone. */
export type AddresseeOf = (subscriberId: string) => Promise<Addressee | undefined>;

export interface DeliveryDeps {
  config: Config;
  clock: Clock;
  logger: Logger;
  stores: StoreRegistry;
}

/**
 * The one delivery engine of every signed webhook: senders (shipping's chokepoint events, watch
 * rules) store their deliveries in the one log (log.ts) and `schedule` them; the engine sends each
 * through the fetch layer's guarded POST (the target policy checked again against the address
 * actually connected to), signed with the subscriber's secret as it stands at the attempt, retried
 * with exponential backoff, every attempt recorded. Which subscriber a delivery goes to is asked of
 * the sender named by its `event` (`addressees`).
 */
export class DeliveryEngine {
  readonly log: DeliveryLog;
  policy: TargetPolicy = PRODUCTION_POLICY;
  private readonly addressees = new Map<string, AddresseeOf>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Scheduled attempts whose timer is due at once (not yet fired). */
  private readonly dueNow = new Set<string>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private sweepTimer?: NodeJS.Timeout;
  private stopped = false;

  constructor(private readonly deps: DeliveryDeps) {
    this.log = deps.stores.get(DELIVERY_LOG);
  }

  /** Says where deliveries of `event` go; deliveries of an event nobody answers for wait in the log. */
  addressed(event: string, of: AddresseeOf): void {
    this.addressees.set(event, of);
  }

  /** Lets a test receiver on 127.0.0.1 over plain http receive deliveries; refuses outside NODE_ENV=test. */
  allowLoopbackReceiverForTests(): void {
    this.policy = loopbackTestPolicy(this.deps.config.NODE_ENV, this.policy.lookup);
  }

  /** Resumes pending deliveries now and every SWEEP_MS; nothing with WEBHOOK_DELIVERY=off. Idempotent. */
  start(): void {
    if (this.deps.config.WEBHOOK_DELIVERY === 'off' || this.sweepTimer || this.stopped) return;
    this.sweepTimer = setInterval(() => void this.safely(() => this.resumePending()), SWEEP_MS).unref();
    void this.safely(() => this.resumePending());
  }

  stop(): void {
    this.stopped = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.dueNow.clear();
  }

  /** Resolves once no attempt is running or scheduled to run immediately (tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0 || this.dueNow.size > 0) {
      if (this.inFlight.size > 0) await Promise.all(this.inFlight.values());
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private async resumePending(): Promise<void> {
    const pending = await this.log.pendingDeliveries();
    const now = this.deps.clock.now();
    for (const d of pending)
      if (this.addressees.has(d.event) && !this.timers.has(d.id) && !this.inFlight.has(d.id))
        this.schedule(d.id, Math.max(0, d.nextAttemptAt - now));
  }

  /** Attempts a stored delivery after `delayMs`. Already scheduled here (a sweep and a sender can both find a new one): one timer. */
  schedule(id: string, delayMs = 0): void {
    if (this.stopped || this.timers.has(id) || this.deps.config.WEBHOOK_DELIVERY === 'off') return;
    if (delayMs <= 0) this.dueNow.add(id);
    const timer = setTimeout(() => {
      this.timers.delete(id);
      this.dueNow.delete(id);
      const run = this.attempt(id)
        .catch((err: unknown) => this.deps.logger.error({ err, deliveryId: id }, 'webhook attempt crashed'))
        .finally(() => this.inFlight.delete(id));
      this.inFlight.set(id, run);
    }, delayMs);
    if (delayMs > 0) timer.unref();
    this.timers.set(id, timer);
  }

  /** One attempt: claim, re-check and POST, record the outcome, schedule the next try or finish. */
  private async attempt(id: string): Promise<void> {
    const { config, clock } = this.deps;
    const delivery = await this.log.delivery(id);
    if (!delivery || delivery.state !== 'pending' || this.stopped) return;
    const addresseeOf = this.addressees.get(delivery.event);
    if (!addresseeOf) return;
    const startedAt = clock.now();
    // Another node (or an earlier timer here) may have taken this attempt: only the claim's winner sends.
    if (!(await this.log.claim(id, delivery.nextAttemptAt, startedAt + config.WEBHOOK_TIMEOUT_MS + 5_000))) return;
    const attempt = delivery.attempts + 1;
    const addressee = await addresseeOf(delivery.subscriberId);
    const began = Date.now();
    let status: number | null = null;
    let error: string | null = null;
    if (!addressee || !addressee.active) {
      error = 'registration no longer active';
    } else {
      const timestamp = Math.floor(clock.now() / 1000);
      try {
        const res = await postUrl(addressee.callbackUrl, delivery.body, config, {
          headers: {
            'x-service-event': delivery.event,
            'x-service-delivery-id': delivery.id,
            'x-service-timestamp': String(timestamp),
            'x-service-signature': signPayload(addressee.secret, timestamp, delivery.body),
          },
          timeoutMs: config.WEBHOOK_TIMEOUT_MS,
          allowHttp: this.policy.allowHttp,
          lookup: this.policy.lookup,
          ...(this.policy.custom ? { forbiddenAddress: this.policy.forbiddenAddress } : {}),
        });
        status = res.status;
        if (res.status < 200 || res.status >= 300) error = `receiver answered HTTP ${res.status}`;
      } catch (err) {
        error = err instanceof UpstreamError ? err.message : String(err);
      }
    }
    const ok = error === null;
    const refused = !addressee || !addressee.active;
    const last = ok || refused || attempt >= config.WEBHOOK_MAX_ATTEMPTS;
    const now = clock.now();
    const nextAttemptAt = last ? now : now + retryDelayMs(attempt, config.WEBHOOK_RETRY_BASE_MS);
    await this.log.finishAttempt(
      { deliveryId: id, attempt, attemptedAt: startedAt, status, error, durationMs: Date.now() - began },
      { state: ok ? 'delivered' : last ? 'failed' : 'pending', nextAttemptAt, finishedAt: last ? now : null },
    );
    if (!ok)
      this.deps.logger.warn(
        { deliveryId: id, event: delivery.event, attempt, error },
        last ? 'webhook delivery failed for good' : 'webhook delivery failed; will retry',
      );
    if (!last) this.schedule(id, nextAttemptAt - now);
  }

  /** Runs a sweep; a failure is logged (unless stopping), never thrown. */
  private async safely(fn: () => Promise<unknown>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      if (!this.stopped) this.deps.logger.error({ err }, 'webhook delivery sweep failed');
    }
  }
}

const ENGINES = new WeakMap<DeliveryDeps, DeliveryEngine>();

/** The delivery engine of one app (one per deps, made on first use). */
export function deliveryEngineOf(deps: DeliveryDeps): DeliveryEngine {
  let e = ENGINES.get(deps);
  if (!e) ENGINES.set(deps, (e = new DeliveryEngine(deps)));
  return e;
}
