import type { IncomingHttpHeaders } from 'node:http';
import { ServiceError } from '../errors.js';
import type { Config } from '../../config.js';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import { RateLimiter, ANONYMOUS_PER_MINUTE, type RateSubject } from '../ratelimit/limiter.js';
import { LocalRateLimitStore } from '../ratelimit/store.js';
import { digestOf, isBillingState, KeyStore, KEY_PREFIX, type BillingState, type KeyRecord } from './keys.js';
import { SqliteKeyDirectory, type KeyDirectory } from './key-store.js';
import { CachedKeyDirectory } from './key-cache.js';
import type { SharedRedis } from '../redis/index.js';
import { CREDENTIAL_PATTERN, matchOperatorDigest, parseOperatorKeys, type OperatorKey } from './operator.js';
import { findPlan, type Plan, type Tier } from './plans.js';
import { readSessionCookie, resolveSessionSecret, SessionSigner } from './session.js';
import { PLATFORM_SECRETS } from './platform-secrets.js';
import type { StoreRegistry } from '../stores/registry.js';

/** Who is calling, once a credential has been accepted. Never holds the secret itself. */
export interface Principal {
  kind: 'key' | 'operator';
  /** Key id, or the operator key's derived id. */
  id: string;
  /** How the credential arrived: the key in a header, or a browser session minted from it. */
  via: 'header' | 'session';
  /** The plan, or undefined when the stored plan is not in the catalogue (entitlements unverifiable). */
  plan: Plan | undefined;
  planKey: string;
  tier: Tier;
  accountId: string | null;
  /** The account's billing state as stored; operators are always active. */
  billingState: string | null;
  /** The key's own per-minute limit, when it has one. */
  rateLimitPerMinute: number | null;
}

export const BILLING_RETRY_AFTER = 5;

interface Denial {
  reason: string;
  requestId?: string;
  keyId?: string;
}

const unauthorized = (error: string) => new ServiceError(401, { error });

/** The 401 of a request without any credential: it names the header to send. */
export const API_KEY_REQUIRED = 'API key required: send it in the X-Service-Key header (or X-Api-Key)';
/** Refusals of a presented key, naming the header it came in. Revoked and expired keys are told apart: only their holder can present them. */
const INVALID_KEY = (header: string) => `Invalid API key in ${header}`;
const REVOKED_KEY = (header: string) => `The API key in ${header} has been revoked`;
const EXPIRED_KEY = (header: string) => `The API key in ${header} has expired`;

/** Reads one header that must appear once; Node joins repeats with ", ", which the pattern then refuses. */
function single(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  if (v === undefined) return undefined;
  if (Array.isArray(v)) return v.length === 1 ? v[0] : v.join(', ');
  return v;
}

/** A value now, or once an asynchronous store (PostgreSQL, Redis) has answered. */
type Eventually<T> = T | Promise<T>;

function then<T, U>(value: Eventually<T>, f: (v: T) => Eventually<U>): Eventually<U> {
  return value instanceof Promise ? value.then(f) : f(value);
}

/**
 * Credential resolution, entitlement and tier checks, sessions and rate limiting for one app. Built
 * once per set of deps; holds prepared statements and the operator digests, but no cache of
 * positive answers that could outlive a revocation (the SQLite key store's cache ends with any
 * change to the file; a shared directory is cached only beside Redis, which checks revocations on
 * every request: key-cache.ts).
 */
export class AccessControl {
  readonly keys: KeyStore;
  /** Keys shared by every node (PostgreSQL), when configured; the SQLite store otherwise. */
  readonly directory?: KeyDirectory;
  readonly limiter: RateLimiter;
  private readonly operators: OperatorKey[];
  private signer?: SessionSigner;
  private directoryView?: KeyDirectory;
  private signerLoading?: Promise<SessionSigner>;

  constructor(private readonly deps: AccessDeps) {
    this.keys = new KeyStore(deps.db.$client);
    this.directory = deps.keyDirectory;
    this.operators = parseOperatorKeys(deps.config.OPERATOR_KEYS);
    const counters = new LocalRateLimitStore(
      deps.db.$client,
      deps.clock.now(),
      (err) =>
        deps.logger.warn(
          { err: { message: err.message } },
          'rate-limit counts not persisted yet; decisions unaffected, retrying',
        ),
      deps.config.RATE_LIMIT_FLUSH_MS,
    ).start();
    // With Redis, every node counts in one place; this process's counters stand in while it is unreachable.
    this.limiter = new RateLimiter(counters, deps.logger, deps.config.RATE_POLICY_OVERRIDES, deps.redis?.rateLimits);
  }

  /** Where this node issues, revokes and looks up keys, whichever engine holds them, as one async interface. */
  get keyDirectory(): KeyDirectory {
    return (this.directoryView ??= this.directory ?? new SqliteKeyDirectory(this.keys));
  }

  /** Writes the counts still held in memory; the app's owner calls it on shutdown. */
  close(): void {
    this.limiter.local.close();
  }

  /**
   * The session signer: its secret is read from the store once (concurrent first callers share the
   * read; a failed read is retried by the next call), then kept, so later calls answer at once.
   */
  sessions(): Eventually<SessionSigner> {
    if (this.signer) return this.signer;
    const store = this.deps.stores.get(PLATFORM_SECRETS);
    this.signerLoading ??= resolveSessionSecret(store, this.deps.config.SESSION_SECRET, this.deps.clock.now()).then(
      (secret) => (this.signer = new SessionSigner(secret, this.deps.config.SESSION_TTL_SECONDS * 1000)),
      (err: unknown) => {
        this.signerLoading = undefined;
        // As with an unreachable key store: the session cannot be checked, which is not the caller's fault.
        this.deps.logger.error({ err: { message: (err as Error).message } }, 'session secret store unavailable');
        throw new ServiceError(
          503,
          { error: 'Service temporarily unavailable' },
          { 'Retry-After': String(BILLING_RETRY_AFTER), 'X-Validation-Mode': 'degraded' },
        );
      },
    );
    return this.signerLoading;
  }

  /** Whether the request carries anything that looks like a credential (used where no operation matched). */
  static presentsCredential(headers: IncomingHttpHeaders): boolean {
    return (
      (headers['x-service-key'] ?? '') !== '' ||
      (headers['x-api-key'] ?? '') !== '' ||
      readSessionCookie(headers.cookie) !== undefined
    );
  }

  /**
   * The principal behind the request's credential, or a 401. Key headers win over a session cookie.
   * Unknown and malformed keys get the same answer, so keys cannot be probed; a revoked or an expired
   * key is told so (only its holder can present it), and every message names the header.
   * Synchronous on SQLite; a promise when keys live in a shared directory.
   */
  authenticate(headers: IncomingHttpHeaders, requestId?: string, denials?: Denial[]): Eventually<Principal> {
    const deny = (d: Denial) => (denials ? denials.push(d) : this.logDenial(d));
    const now = this.deps.clock.now();
    // An empty header is no credential (a client's unset variable): the answer says which header to send.
    const a = single(headers, 'x-service-key') || undefined;
    const b = single(headers, 'x-api-key') || undefined;
    if (a !== undefined && b !== undefined && a !== b) {
      deny({ reason: 'conflicting key headers', requestId });
      throw unauthorized('Conflicting credentials: X-Service-Key and X-Api-Key differ');
    }
    const presented = a ?? b;
    if (presented !== undefined)
      return this.fromKey(presented, a !== undefined ? 'X-Service-Key' : 'X-Api-Key', now, deny, requestId);
    const token = readSessionCookie(headers.cookie);
    if (token === null) {
      deny({ reason: 'ambiguous session cookie', requestId });
      throw unauthorized('Invalid session');
    }
    if (token !== undefined) return this.fromSession(token, now, deny, requestId);
    throw unauthorized(API_KEY_REQUIRED);
  }

  /**
   * The principal of a stored key (or operator key) by id, as it stands now: for work done on the
   * key's behalf with no request (watch rule evaluations). Refused (401) once the key is revoked,
   * expired or deleted, exactly as a request presenting it would be.
   */
  principalOfKey(keyId: string): Eventually<Principal> {
    const op = this.operators.find((o) => o.id === keyId);
    if (op) return this.operatorPrincipal(op.id, 'header');
    const record = this.lookup(() => (this.directory ? this.directory.findById(keyId) : this.keys.findById(keyId)));
    return then(record, (r) => this.keyPrincipal(r, 'header', this.deps.clock.now(), (d) => this.logDenial(d)));
  }

  private fromKey(
    presented: string,
    header: string,
    now: number,
    deny: (d: Denial) => void,
    requestId?: string,
  ): Eventually<Principal> {
    if (!CREDENTIAL_PATTERN.test(presented)) {
      deny({ reason: 'malformed key', requestId });
      throw unauthorized(INVALID_KEY(header));
    }
    const digest = this.digestOf(presented);
    const op = matchOperatorDigest(
      digest,
      this.operators.map((o) => o.digest),
    );
    if (op >= 0) return this.operatorPrincipal(this.operators[op].id, 'header');
    if (!presented.startsWith(KEY_PREFIX)) {
      deny({ reason: 'unknown key', requestId });
      throw unauthorized(INVALID_KEY(header));
    }
    const record = this.lookup(() =>
      this.directory ? this.directory.findByDigest(digest) : this.keys.findByDigest(digest),
    );
    return then(record, (r) => this.keyPrincipal(r, 'header', now, deny, requestId, header));
  }

  private fromSession(
    token: string,
    now: number,
    deny: (d: Denial) => void,
    requestId?: string,
  ): Eventually<Principal> {
    return then(this.sessions(), (signer) => this.fromVerified(signer.verify(token, now), now, deny, requestId));
  }

  private fromVerified(
    session: { ref: string } | undefined,
    now: number,
    deny: (d: Denial) => void,
    requestId?: string,
  ): Eventually<Principal> {
    if (!session) {
      deny({ reason: 'invalid or expired session', requestId });
      throw unauthorized('Invalid session');
    }
    const op = this.operators.find((o) => o.id === session.ref);
    if (op) return this.operatorPrincipal(op.id, 'session');
    if (session.ref.startsWith('op_')) {
      deny({ reason: 'session of a removed operator key', requestId });
      throw unauthorized('Invalid session');
    }
    const record = this.lookup(() =>
      this.directory ? this.directory.findById(session.ref) : this.keys.findById(session.ref),
    );
    return then(record, (r) => {
      try {
        return this.keyPrincipal(r, 'session', now, deny, requestId);
      } catch {
        // Same refusal whether the key was revoked, expired or deleted.
        throw unauthorized('Invalid session');
      }
    });
  }

  /** Digests of credentials seen recently: hashing the same key on every request is the costliest step left. */
  private readonly digests = new Map<string, Buffer>();

  private digestOf(presented: string): Buffer {
    let d = this.digests.get(presented);
    if (!d) {
      d = digestOf(presented);
      // Bounded, and only ever a cache of a pure function: dropping it all costs hashes, nothing else.
      if (this.digests.size >= 10_000) this.digests.clear();
      this.digests.set(presented, d);
    }
    return d;
  }

  /** A key store that cannot answer is a retryable 503, never data and never a 401. */
  private lookup(find: () => Eventually<KeyRecord | undefined>): Eventually<KeyRecord | undefined> {
    const unavailable = (err: unknown) => {
      this.deps.logger.error({ err: { message: (err as Error).message } }, 'key store unavailable');
      return new ServiceError(
        503,
        { error: 'Service temporarily unavailable' },
        { 'Retry-After': String(BILLING_RETRY_AFTER), 'X-Validation-Mode': 'degraded' },
      );
    };
    try {
      const found = find();
      return found instanceof Promise ? found.catch((err: unknown) => Promise.reject(unavailable(err))) : found;
    } catch (err) {
      throw unavailable(err);
    }
  }

  private keyPrincipal(
    record: KeyRecord | undefined,
    via: Principal['via'],
    now: number,
    deny: (d: Denial) => void,
    requestId?: string,
    header = 'X-Service-Key',
  ): Principal {
    if (!record) {
      deny({ reason: 'unknown key', requestId });
      throw unauthorized(INVALID_KEY(header));
    }
    if (record.status !== 'active' || (record.expiresAt !== null && record.expiresAt <= now)) {
      const revoked = record.status !== 'active';
      deny({ reason: revoked ? 'revoked key' : 'expired key', requestId, keyId: record.id });
      throw unauthorized(revoked ? REVOKED_KEY(header) : EXPIRED_KEY(header));
    }
    try {
      // Bookkeeping must never refuse or delay a request.
      if (this.directory) void this.directory.touch(record.id, now).catch(() => undefined);
      else this.keys.touch(record.id, now);
    } catch {
      // As above.
    }
    const plan = findPlan(record.planKey);
    return {
      kind: 'key',
      id: record.id,
      via,
      plan,
      planKey: record.planKey,
      tier: plan?.tier ?? 0,
      accountId: record.accountId,
      billingState: record.billingState,
      rateLimitPerMinute: record.rateLimitPerMinute,
    };
  }

  private operatorPrincipal(id: string, via: Principal['via']): Principal {
    const plan = findPlan('enterprise')!;
    return {
      kind: 'operator',
      id,
      via,
      plan,
      planKey: plan.planKey,
      tier: 3,
      accountId: null,
      billingState: 'active',
      rateLimitPerMinute: null,
    };
  }

  private logDenial(d: Denial): void {
    this.deps.logger.info(d, 'credential refused');
  }

  /**
   * Paid access must be confirmed before any data is served: a lapsed subscription is a 403, an
   * unconfirmed renewal or an unreadable entitlement a retryable 503. Operators are not billed.
   */
  checkEntitlement(p: Principal, requiredTier?: number): void {
    if (p.kind === 'operator') return;
    const extra = requiredTier ? { requiredTier } : {};
    const state: BillingState | undefined = isBillingState(p.billingState) && p.plan ? p.billingState : undefined;
    if (state === 'active') return;
    if (state === 'lapsed') {
      throw new ServiceError(
        403,
        { error: 'Subscription lapsed', code: 'subscription_lapsed', ...extra },
        { 'X-Billing-Verification': 'subscription_lapsed' },
      );
    }
    const [code, error] =
      state === 'pending'
        ? ['renewal_verification_pending', 'Renewal verification pending']
        : state === 'failed'
          ? ['renewal_verification_failed', 'Renewal verification failed']
          : ['entitlement_verification_unavailable', 'Unable to verify API access'];
    throw new ServiceError(
      503,
      { error, code, ...extra },
      { 'Retry-After': String(BILLING_RETRY_AFTER), 'X-Billing-Verification': code },
    );
  }

  /** Tier-gated operations need a high enough plan, presented as the key itself (not a browser session). */
  checkTier(p: Principal, requiredTier: number | undefined): void {
    if (!requiredTier) return;
    const body = { requiredTier, currentTier: p.tier, planKey: p.planKey };
    if (p.via === 'session')
      throw new ServiceError(403, { error: 'This operation needs the API key itself, not a browser session', ...body });
    if (p.tier < requiredTier) throw new ServiceError(403, { error: 'Upgrade required', ...body });
  }

  private subjectOf(p: Principal | { anonymous: string }): RateSubject {
    if ('anonymous' in p) return { bucket: `ip:${p.anonymous}`, perMinute: ANONYMOUS_PER_MINUTE, perDay: null };
    const plan = p.plan ?? findPlan('free')!;
    const bucket = `${p.kind === 'key' ? 'k' : 'o'}:${p.id}`;
    return {
      bucket,
      perMinute: p.rateLimitPerMinute ?? plan.perMinute,
      perDay: plan.perDay,
      keyId: p.kind === 'key' ? p.id : undefined,
    };
  }

  /** Spends one request of the principal's budget (and the operation's policy); returns the X-RateLimit-* headers. */
  rateLimit(p: Principal | { anonymous: string }, policy: string | undefined) {
    const headers = this.limiter.check(this.subjectOf(p), policy, this.deps.clock.now());
    const cache = this.directory instanceof CachedKeyDirectory ? this.directory : undefined;
    if (!cache || !(headers instanceof Promise) || 'anonymous' in p || p.kind !== 'key') return headers;
    // Redis could not check the revocation flag: the cached key is not evidence enough, ask the database.
    return headers.then(async (h) => {
      if (h['X-RateLimit-Mode'] !== 'degraded') return h;
      const record = await this.lookup(() => cache.verifyUncached(p.id));
      const now = this.deps.clock.now();
      if (!record) throw unauthorized(INVALID_KEY('X-Service-Key'));
      if (record.status !== 'active') throw unauthorized(REVOKED_KEY('X-Service-Key'));
      if (record.expiresAt !== null && record.expiresAt <= now) throw unauthorized(EXPIRED_KEY('X-Service-Key'));
      return h;
    });
  }

  /** The principal's X-RateLimit-* headers as they stand now, spending nothing (undefined when unknown). */
  currentRateLimit(p: Principal | { anonymous: string }, policy: string | undefined) {
    return this.limiter.current(this.subjectOf(p), policy, this.deps.clock.now());
  }

  /**
   * `authenticate`, with refused credentials counted per client address: past the anonymous limit
   * the address gets 429 (Retry-After) instead of 401, before anyone is told which keys fail, and
   * those refusals are no longer logged one by one.
   */
  authenticateFrom(
    headers: IncomingHttpHeaders,
    address: string | undefined,
    requestId?: string,
  ): Eventually<Principal> {
    const denials: Denial[] = [];
    const refused = (e: unknown): never => {
      // Past the limit this throws 429, and the refusals behind it are not logged one by one.
      if (e instanceof ServiceError && e.status === 401) {
        this.limiter.checkLocal(
          { bucket: `auth-fail:ip:${address ?? 'unknown'}`, perMinute: ANONYMOUS_PER_MINUTE, perDay: null },
          this.deps.clock.now(),
        );
      }
      for (const d of denials) this.logDenial(d);
      throw e;
    };
    let principal: Eventually<Principal>;
    try {
      principal = this.authenticate(headers, requestId, denials);
    } catch (e) {
      return refused(e);
    }
    return principal instanceof Promise ? principal.catch(refused) : principal;
  }
}

/** What the access layer needs from the app's deps. */
export interface AccessDeps {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  keyDirectory?: KeyDirectory;
  redis?: SharedRedis;
  /** Where a generated session secret is kept (`PLATFORM_SECRETS`), among the other stores. */
  stores: StoreRegistry;
}

const INSTANCES = new WeakMap<object, AccessControl>();

/** The access layer of one set of app deps, built on first use. */
export function accessOf(deps: AccessDeps): AccessControl {
  let a = INSTANCES.get(deps);
  if (!a) {
    a = new AccessControl(deps);
    INSTANCES.set(deps, a);
  }
  return a;
}
