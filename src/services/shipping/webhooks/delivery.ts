import { deliveryEngineOf, type DeliveryEngine } from '../../../platform/delivery/engine.js';
import { newDeliveryId } from '../../../platform/delivery/signing.js';
import type { TargetPolicy } from '../../../platform/delivery/targets.js';
import type { AppDeps } from '../../../trpc/context.js';
import { getChokepointStatus, STATUS_DATASETS } from '../../supply-chain/index.js';
import { DISRUPTION_EVENT, disruptionEvent, shouldNotify, statusChanges } from './rules.js';
import { WEBHOOK_STORE, type Delivery, type WebhookStore } from './store.js';

/**
 * Webhook registrations and their events. On every swap of a snapshot the chokepoint status is
 * built from, the status is composed once and compared with the marks of the previous observation;
 * each changed chokepoint becomes one signed `chokepoint.disruption` event per interested
 * registration, handed to the one delivery engine (src/platform/delivery: signing, address checks,
 * retries, the attempt log `mds webhooks deliveries` shows).
 */
export class WebhookService {
  readonly store: WebhookStore;
  readonly engine: DeliveryEngine;
  private observing?: Promise<unknown>;
  private observeQueued = false;
  private stopped = false;

  constructor(private readonly deps: AppDeps) {
    // The engine chosen at start (PostgreSQL with DATABASE_URL, shared by every node), else the SQLite file.
    this.store = deps.stores.get(WEBHOOK_STORE);
    this.engine = deliveryEngineOf(deps);
    this.engine.addressed(DISRUPTION_EVENT, (id) => this.store.registration(id));
  }

  /** Where callbacks may point: the delivery engine's policy, shared by every sender. */
  get policy(): TargetPolicy {
    return this.engine.policy;
  }

  set policy(p: TargetPolicy) {
    this.engine.policy = p;
  }

  /** Lets a test receiver on 127.0.0.1 over plain http receive deliveries; refuses outside NODE_ENV=test. */
  allowLoopbackReceiverForTests(): void {
    this.engine.allowLoopbackReceiverForTests();
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
    this.engine.start();
  }

  stop(): void {
    this.stopped = true;
    this.engine.stop();
  }

  /** Resolves once no observation or attempt is running or scheduled to run immediately (tests). */
  async idle(): Promise<void> {
    await this.observing;
    await this.engine.idle();
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
    for (const d of created) this.engine.schedule(d.id, 0);
    return created;
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
