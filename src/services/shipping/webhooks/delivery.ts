import { postUrl, UpstreamError } from '../../../platform/snapshots/fetch.js';
import type { AppDeps } from '../../../trpc/context.js';
import { getChokepointStatus, STATUS_DATASETS } from '../../supply-chain/index.js';
import {
  DISRUPTION_EVENT,
  disruptionEvent,
  newDeliveryId,
  retryDelayMs,
  shouldNotify,
  signPayload,
  statusChanges,
} from './rules.js';
import { WEBHOOK_STORE, type Delivery, type WebhookStore } from './store.js';
import { loopbackTestPolicy, PRODUCTION_POLICY, type TargetPolicy } from './targets.js';

/** How often pending deliveries made by another process (e.g. `mds ingest`) are looked for. */
const SWEEP_MS = 60_000;

/**
 * Webhook registrations and their delivery. On every swap of a snapshot the chokepoint status is
 * built from, the status is composed once and compared with the marks of the previous observation;
 * each changed chokepoint becomes one signed `chokepoint.disruption` event per interested
 * registration, sent through the fetch layer's guarded POST, retried with exponential backoff, every
 * attempt recorded (`mds webhooks deliveries` shows the log).
 */
export class WebhookService {
  readonly store: WebhookStore;
  policy: TargetPolicy = PRODUCTION_POLICY;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Scheduled attempts whose timer is due at once (not yet fired). */
  private readonly dueNow = new Set<string>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private sweepTimer?: NodeJS.Timeout;
  private observing?: Promise<unknown>;
  private observeQueued = false;
  private stopped = false;

  constructor(private readonly deps: AppDeps) {
    // The engine chosen at start (PostgreSQL with DATABASE_URL, shared by every node), else the SQLite file.
    this.store = deps.stores.get(WEBHOOK_STORE);
  }

  /** Lets a test receiver on 127.0.0.1 over plain http receive deliveries; refuses outside NODE_ENV=test. */
  allowLoopbackReceiverForTests(): void {
    this.policy = loopbackTestPolicy(this.deps.config.NODE_ENV, this.policy.lookup);
  }

  /** Watches snapshot swaps and resumes pending deliveries; nothing at all with WEBHOOK_DELIVERY=off. */
  start(): void {
    if (this.deps.config.WEBHOOK_DELIVERY === 'off') return;
    const watched = new Set<string>(STATUS_DATASETS);
    this.deps.store.onChange((dataset) => {
      if (dataset !== undefined && !watched.has(dataset)) return;
      if (this.observeQueued || this.stopped) return;
      // Several datasets of one ingestion round swap in a row; compose once after them.
      this.observeQueued = true;
      setImmediate(() => {
        this.observeQueued = false;
        this.observing = this.safely(() => this.observe());
      });
    });
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

  /** Resolves once no observation or attempt is running or scheduled to run immediately (tests). */
  async idle(): Promise<void> {
    await this.observing;
    while (this.inFlight.size > 0 || this.dueNow.size > 0) {
      if (this.inFlight.size > 0) await Promise.all(this.inFlight.values());
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Compares the current chokepoint status with the last observation; creates and sends the events. */
  async observe(): Promise<Delivery[]> {
    const status = getChokepointStatus(this.deps.store);
    if (status.chokepoints.length === 0) return [];
    const now = this.deps.clock.now();
    const current = status.chokepoints.map((c) => ({ id: c.id, status: c.status, score: c.disruptionScore }));
    const created = await this.store.recordObservation(current, now, (previous, registrations) => {
      const changes = statusChanges(previous, status.chokepoints);
      if (changes.length === 0) return [];
      return changes.flatMap((change) =>
        registrations
          .filter((r) => shouldNotify(change, r))
          .map((r) => ({
            id: newDeliveryId(),
            subscriberId: r.id,
            accountId: r.accountId,
            event: DISRUPTION_EVENT,
            chokepointId: change.chokepointId,
            body: JSON.stringify(disruptionEvent(r.id, r.alertThreshold, change, now)),
            nextAttemptAt: now,
            createdAt: now,
          })),
      );
    });
    if (created.length > 0)
      this.deps.logger.info({ deliveries: created.length }, 'chokepoint status changed; webhook events queued');
    for (const d of created) this.schedule(d.id, 0);
    return created;
  }

  private async resumePending(): Promise<void> {
    const pending = await this.store.pendingDeliveries();
    const now = this.deps.clock.now();
    for (const d of pending)
      if (!this.timers.has(d.id) && !this.inFlight.has(d.id)) this.schedule(d.id, Math.max(0, d.nextAttemptAt - now));
  }

  private schedule(id: string, delayMs: number): void {
    // Already scheduled here (a sweep and an observation can both find a new delivery): one timer.
    if (this.stopped || this.timers.has(id)) return;
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
    const delivery = await this.store.delivery(id);
    if (!delivery || delivery.state !== 'pending' || this.stopped) return;
    const startedAt = clock.now();
    // Another node (or an earlier timer here) may have taken this attempt: only the claim's winner sends.
    if (!(await this.store.claim(id, delivery.nextAttemptAt, startedAt + config.WEBHOOK_TIMEOUT_MS + 5_000))) return;
    const attempt = delivery.attempts + 1;
    const registration = await this.store.registration(delivery.subscriberId);
    const began = Date.now();
    let status: number | null = null;
    let error: string | null = null;
    if (!registration || !registration.active) {
      error = 'registration no longer active';
    } else {
      const timestamp = Math.floor(clock.now() / 1000);
      try {
        const res = await postUrl(registration.callbackUrl, delivery.body, config, {
          headers: {
            'x-service-event': delivery.event,
            'x-service-delivery-id': delivery.id,
            'x-service-timestamp': String(timestamp),
            'x-service-signature': signPayload(registration.secret, timestamp, delivery.body),
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
    const refused = !registration || !registration.active;
    const last = ok || refused || attempt >= config.WEBHOOK_MAX_ATTEMPTS;
    const now = clock.now();
    const nextAttemptAt = last ? now : now + retryDelayMs(attempt, config.WEBHOOK_RETRY_BASE_MS);
    await this.store.finishAttempt(
      { deliveryId: id, attempt, attemptedAt: startedAt, status, error, durationMs: Date.now() - began },
      { state: ok ? 'delivered' : last ? 'failed' : 'pending', nextAttemptAt, finishedAt: last ? now : null },
    );
    if (!ok)
      this.deps.logger.warn(
        { deliveryId: id, attempt, error },
        last ? 'webhook delivery failed for good' : 'webhook delivery failed; will retry',
      );
    if (!last) this.schedule(id, nextAttemptAt - now);
  }

  /** Runs a watcher step; a failure is logged (unless stopping), never thrown. */
  private async safely(fn: () => Promise<unknown>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      if (!this.stopped) this.deps.logger.error({ err }, 'webhook delivery watcher failed');
    }
  }
}

const SERVICES = new WeakMap<AppDeps, WebhookService>();

/** The webhook service of one app (one per deps, made on first use). */
export function webhooksOf(deps: AppDeps): WebhookService {
  let s = SERVICES.get(deps);
  if (!s) SERVICES.set(deps, (s = new WebhookService(deps)));
  return s;
}
