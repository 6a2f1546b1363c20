import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { getTRPCErrorFromUnknown } from '@trpc/server';
import { accessOf, type Principal } from '../platform/auth/access.js';
import { findPlan } from '../platform/auth/plans.js';
import { ServiceError, toWire, type Violation } from '../platform/errors.js';
import { DAY_MS } from '../platform/snapshots/history.js';
import { streamHubOf } from '../platform/stream/hub.js';
import { createRequestContext, type AppDeps } from '../trpc/context.js';
import { admit } from '../trpc/access.js';
import type { ProcedureMeta } from '../trpc/init.js';
import { AS_OF, historyDaysOf } from './as-of.js';
import type { RestDispatcher } from './dispatch.js';
import { jsonError, type WireResponse } from './wire.js';

/*
 * Live push: event streams of changes to operations' answers. A subscription is a GET operation with
 * its query; whenever a snapshot swap (this node's or, through the store's change events, another
 * node's) changes its answer, that is, its ETag, the stream gets an event. Every answer is made by
 * the REST dispatcher itself (same ETag, same body, same projection), once per distinct
 * (operation and query, plan) per swap, however many streams hold it. The SSE endpoint
 * (`GET /api/stream`) and the tRPC subscription (`stream.changes`) are two faces of this one service.
 */

export const STREAM_PATH = '/api/stream';

/** The stream request's own admission: a credential, billing state, one request off the budget. */
const STREAM_META = {} as ProcedureMeta;

/** Grouping of swaps that land together (one ingestion round): evaluated once, shortly after the first. */
const FLUSH_DELAY_MS = 10;

/** A subscription's evaluation: the REST answer's status, validator and (for a 200) its text. */
interface Evaluation {
  status: number;
  etag?: string;
  lastModified?: string;
  text?: string;
}

/** One event as it goes out; `id` is the resumable cursor (epoch ms of the swap it reports). */
export interface StreamEvent {
  id?: string;
  event: string;
  data: unknown;
}

/** Where a stream's events go: an SSE response or a tRPC subscription's queue. */
export interface StreamSink {
  send(event: StreamEvent): void;
  comment(text: string): void;
  /** Ends the stream; `retryMs` is the reconnection hint (shutdown). */
  end(retryMs?: number): void;
}

/** What a stream subscribes to, as parsed from its request. */
export interface StreamRequest {
  /** GET operation paths with their query, as given. */
  operations: string[];
  /** Watch rule ids (events published through the stream hub). */
  watches: string[];
  includeBody: boolean;
}

/** The payload of a `change` event. */
export interface ChangeEvent {
  operation: string;
  etag: string;
  lastModified: string | null;
  body?: unknown;
}

interface Subscription {
  operation: string;
  /** The operation's path and normalised query: the group key's main part. */
  url: string;
  datasets: readonly string[];
}

interface Member {
  stream: OpenStream;
  sub: Subscription;
  etag?: string;
}

interface Group {
  url: string;
  datasets: readonly string[];
  principal: Principal;
  members: Set<Member>;
}

class OpenStream {
  readonly members: Member[] = [];
  readonly stops: (() => void)[] = [];
  closed = false;
  /** Deliveries of this stream run one after another, so events keep their order. */
  queue: Promise<void> = Promise.resolve();
  constructor(
    readonly principal: Principal,
    readonly headers: IncomingHttpHeaders,
    readonly sink: StreamSink,
    readonly includeBody: boolean,
  ) {}
}

/** Parses a stream's query: `operations` (each URL-encoded, comma-separated or repeated), `watches`, `include`. */
export function parseStreamQuery(rawQuery: string): { request: StreamRequest; violations: Violation[] } {
  const request: StreamRequest = { operations: [], watches: [], includeBody: false };
  const violations: Violation[] = [];
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      violations.push({ field: 'operations', description: `cannot be decoded: ${s.slice(0, 80)}` });
      return '';
    }
  };
  for (const part of rawQuery.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = decode(eq >= 0 ? part.slice(0, eq) : part);
    const raw = eq >= 0 ? part.slice(eq + 1) : '';
    if (name === 'operations') {
      // Split before decoding: a comma inside an operation's own query is encoded (%2C), a separator is not.
      for (const op of raw.split(',')) if (op !== '') request.operations.push(decode(op));
    } else if (name === 'watches') {
      for (const id of decode(raw).split(',')) if (id.trim() !== '') request.watches.push(id.trim());
    } else if (name === 'include') {
      const value = decode(raw);
      if (value === 'body') request.includeBody = true;
      else if (value !== '') violations.push({ field: 'include', description: 'must be `body` or absent' });
    } else violations.push({ field: name, description: 'unknown parameter' });
  }
  if (request.operations.length === 0 && request.watches.length === 0)
    violations.push({
      field: 'operations',
      description: 'name at least one GET operation (or a watch rule in `watches`)',
    });
  return { request, violations };
}

/** The most streams one key may hold open at once (its plan's `maxStreams`; operators are not capped by plan). */
function streamCap(principal: Principal): number {
  if (principal.kind === 'operator') return Infinity;
  return principal.plan?.maxStreams ?? findPlan('free')!.maxStreams;
}

export class StreamService {
  private readonly streams = new Set<OpenStream>();
  private readonly groups = new Map<string, Group>();
  private readonly changed = new Set<string>();
  private everything = false;
  private scheduled = false;
  private flushing: Promise<void> = Promise.resolve();
  private heartbeat?: NodeJS.Timeout;
  private foreignPoll?: NodeJS.Timeout;
  private closing = false;
  /** Evaluations run (tests: one per distinct subscription and plan per swap). */
  evaluations = 0;

  constructor(
    private readonly deps: AppDeps,
    private readonly dispatcher: RestDispatcher,
  ) {
    // Fired for this node's swaps and for other nodes' (polled, or on a Redis notice) alike.
    deps.store.onChange((dataset) => this.noteChange(dataset));
    // The hub listens for other nodes' events from the start, not from its first stream.
    streamHubOf(deps);
  }

  /** The REST path of a GET operation by its procedure path (`seismology.listEarthquakes`), for the tRPC face. */
  operationPath(procedure: string): string | undefined {
    for (const [path, methods] of this.dispatcher.routes) if (methods.get('GET')?.procedure === procedure) return path;
    return undefined;
  }

  /** Open streams (tests, metrics). */
  get size(): number {
    return this.streams.size;
  }

  /** `GET /api/stream`: admission, validation (a 400 before anything is streamed), then events until either side ends. */
  async handle(req: IncomingMessage, res: ServerResponse, requestId: string, onPrincipal: (id: string) => void) {
    const url = req.url ?? STREAM_PATH;
    const q = url.indexOf('?');
    const fail = (wire: WireResponse) => {
      res.statusCode = wire.status;
      for (const [k, v] of Object.entries(wire.headers)) res.setHeader(k, v);
      res.end(wire.body);
    };
    if (req.method !== 'GET')
      return fail(jsonError(405, { error: `method ${req.method} not allowed; use GET` }, { allow: 'GET' }));
    const ctx = createRequestContext(this.deps, {
      transport: 'rest',
      requestId,
      headers: req.headers,
      url,
      remoteAddress: req.socket.remoteAddress,
    });
    const sink = sseSink(res, ctx.resHeaders);
    let stream: OpenStream | undefined;
    // A client gone while the stream was opening (replaying) is noticed once it is open.
    let left = false;
    res.once('close', () => {
      left = true;
      if (stream) this.close(stream);
    });
    try {
      const admitted = admit(ctx, STREAM_META);
      if (admitted) await admitted;
      if (ctx.principal) onPrincipal(ctx.principal.id);
      const { request, violations } = parseStreamQuery(q >= 0 ? url.slice(q + 1) : '');
      if (violations.length) throw ServiceError.validation(violations);
      const lastEventId = req.headers['last-event-id'];
      stream = await this.open(
        ctx.principal!,
        req.headers,
        request,
        typeof lastEventId === 'string' ? lastEventId : undefined,
        sink,
        requestId,
      );
    } catch (cause) {
      const wire = toWire(getTRPCErrorFromUnknown(cause));
      if (wire.status >= 500) this.deps.logger.error({ err: cause, requestId }, 'event stream failed to open');
      if (res.headersSent) return void res.end();
      return fail(jsonError(wire.status, wire.body, { ...ctx.resHeaders, ...wire.headers }));
    }
    if (left) this.close(stream);
  }

  /**
   * Opens a stream for an admitted principal: caps, validation of every subscription (through the
   * dispatcher, so a bad query is the GET's own 400), replay from `lastEventId`, then live events.
   */
  async open(
    principal: Principal,
    headers: IncomingHttpHeaders,
    request: StreamRequest,
    lastEventId: string | undefined,
    sink: StreamSink,
    requestId: string,
  ): Promise<OpenStream> {
    if (this.closing) throw new ServiceError(503, { error: 'shutting down' }, { 'Retry-After': '1' });
    const cap = streamCap(principal);
    let held = 0;
    for (const s of this.streams) if (s.principal.id === principal.id) held++;
    if (held >= cap)
      throw new ServiceError(429, {
        error: `The ${principal.planKey} plan holds at most ${cap} open stream${cap === 1 ? '' : 's'} per key; close one first`,
      });
    let since: number | undefined;
    if (lastEventId !== undefined && lastEventId !== '') {
      since = /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : undefined;
      if (since === undefined)
        throw ServiceError.validation([
          { field: 'Last-Event-ID', description: 'must be an event id this stream sent' },
        ]);
    }
    const violations: Violation[] = [];
    const subs: { sub: Subscription; now: Evaluation }[] = [];
    for (const [i, operation] of request.operations.entries()) {
      const checked = await this.check(operation, principal, requestId, i, violations);
      if (checked) subs.push(checked);
    }
    if (request.watches.length && !principal.accountId)
      violations.push({ field: 'watches', description: 'watch rules belong to an account; this key has none' });
    if (violations.length) throw ServiceError.validation(violations);

    const stream = new OpenStream(principal, headers, sink, request.includeBody);
    this.streams.add(stream);
    this.startHeartbeat();
    sink.send({
      event: 'subscribed',
      data: {
        operations: subs.map(({ sub, now }) => ({
          operation: sub.operation,
          etag: now.etag ?? null,
          lastModified: now.lastModified ?? null,
        })),
        watches: request.watches,
      },
    });
    for (const { sub, now } of subs) {
      const member: Member = { stream, sub, etag: now.etag };
      stream.members.push(member);
      if (since !== undefined) await this.replay(member, since);
      this.join(member);
    }
    const hub = streamHubOf(this.deps);
    for (const id of request.watches)
      stream.stops.push(
        hub.subscribe(principal.accountId!, 'watch', id, (e) =>
          this.enqueue(stream, async () => {
            if (await this.deliverable(stream)) stream.sink.send({ event: e.event, data: e.data });
          }),
        ),
      );
    // A swap while the stream was opening (or replaying): caught up now rather than at the next one.
    const cursor = String(this.deps.clock.now());
    for (const member of stream.members) {
      const now = await this.evaluate(member.sub.url, principal);
      this.enqueue(stream, () => this.deliverChange(member, now, cursor));
    }
    return stream;
  }

  /** One subscription checked as its GET would be; its current answer, or a violation noted. */
  private async check(operation: string, principal: Principal, requestId: string, i: number, violations: Violation[]) {
    const field = `operations[${i}]`;
    const q = operation.indexOf('?');
    const path = q >= 0 ? operation.slice(0, q) : operation;
    const search = new URLSearchParams(q >= 0 ? operation.slice(q + 1) : '');
    const route = this.dispatcher.route(path, 'GET');
    if (!route) {
      violations.push({ field, description: `no GET operation at ${path}` });
      return undefined;
    }
    const datasets = route.meta.datasets ?? [];
    if (!datasets.length) {
      violations.push({ field, description: `${path} is not answered from snapshots, so no swap changes it` });
      return undefined;
    }
    if (search.has(AS_OF)) {
      violations.push({
        field: `${field}.${AS_OF}`,
        description: 'a past instant never changes; subscribe to the current answer',
      });
      return undefined;
    }
    search.sort();
    const url = `${path}?${search.toString()}`;
    const now = await this.evaluate(url, principal, undefined, requestId);
    if (now.status === 400 || now.status === 403 || now.status === 402) {
      const body = JSON.parse(now.text ?? '{}') as { violations?: Violation[]; error?: string };
      if (now.status !== 400) throw new ServiceError(now.status, body);
      for (const v of body.violations ?? [{ field: 'jmespath', description: body.error ?? 'refused' }])
        violations.push({ field: `${field}.${v.field}`, description: v.description });
      return undefined;
    }
    return { sub: { operation, url, datasets }, now };
  }

  /** The REST answer to a subscription, now or as of an instant, for a principal's plan; nothing charged. */
  private async evaluate(url: string, principal: Principal, asOf?: number, requestId = 'stream'): Promise<Evaluation> {
    this.evaluations++;
    const out = await this.dispatcher.dispatch({
      method: 'GET',
      url: asOf === undefined ? url : `${url}${url.includes('?') ? '&' : '?'}${AS_OF}=${asOf}`,
      headers: {},
      requestId,
      evaluatedFor: principal,
    });
    if (out.status !== 200) return { status: out.status, text: out.body };
    const lastModified = out.headers['last-modified'];
    return {
      status: 200,
      etag: out.headers.etag,
      lastModified: typeof lastModified === 'string' ? lastModified : undefined,
      text: out.prepared ? out.prepared.text : out.body,
    };
  }

  /** Events a resumed stream missed: the subscription as of every version published since `since` (within reach). */
  private async replay(member: Member, since: number): Promise<void> {
    const { stream, sub } = member;
    const now = this.deps.clock.now();
    const days = historyDaysOf(stream.principal);
    // At least a day back for every plan (the free plan reaches one day), as far as the history is kept.
    const floor = now - Math.max(1, days ?? 0) * DAY_MS + 1_000;
    const from = days === null ? since : Math.max(since, floor);
    const instants = new Set<number>();
    for (const dataset of sub.datasets)
      for (const v of await this.deps.store.backend.history(dataset))
        if (v.validFrom > from && v.validFrom <= now) instants.add(v.validFrom);
    const before = await this.evaluate(sub.url, stream.principal, from);
    member.etag = before.etag;
    for (const instant of [...instants].sort((a, b) => a - b)) {
      const then = await this.evaluate(sub.url, stream.principal, instant);
      await this.deliverChange(member, then, String(instant));
    }
  }

  private groupKey(member: Member): string {
    const p = member.stream.principal;
    // Answers from snapshots depend on the query and, at most, on the plan (tier gates), never on the key.
    return `${p.kind === 'operator' ? 'operator' : p.planKey}\u0000${member.sub.url}`;
  }

  private join(member: Member): void {
    const key = this.groupKey(member);
    let group = this.groups.get(key);
    if (!group)
      this.groups.set(
        key,
        (group = {
          url: member.sub.url,
          datasets: member.sub.datasets,
          principal: member.stream.principal,
          members: new Set(),
        }),
      );
    group.members.add(member);
    this.watchForeignWrites();
  }

  /**
   * SQLite notices another process's swap (`mds ingest` beside `mds serve`) only when something reads
   * the store: while streams subscribe, their datasets are read every poll interval so the change event
   * fires without waiting for a request. PostgreSQL polls (and hears Redis notices) on its own.
   */
  private watchForeignWrites(): void {
    if (this.foreignPoll || !this.deps.store.backend.sync) return;
    this.foreignPoll = setInterval(
      () => {
        if (this.groups.size === 0) {
          clearInterval(this.foreignPoll);
          this.foreignPoll = undefined;
          return;
        }
        const datasets = new Set<string>();
        for (const group of this.groups.values()) for (const d of group.datasets) datasets.add(d);
        for (const d of datasets) this.deps.store.version(d);
      },
      Math.max(250, this.deps.config.SNAPSHOT_POLL_MS),
    );
    this.foreignPoll.unref();
  }

  private noteChange(dataset: string | undefined): void {
    if (this.groups.size === 0) return;
    if (dataset === undefined) this.everything = true;
    else this.changed.add(dataset);
    if (this.scheduled) return;
    this.scheduled = true;
    setTimeout(() => {
      this.flushing = this.flushing
        .then(() => this.flush())
        .catch((err: unknown) => {
          this.deps.logger.warn({ err }, 'event stream evaluation failed');
        });
    }, FLUSH_DELAY_MS).unref();
  }

  /** Evaluates every group that reads a changed dataset, once, and hands the answer to its members. */
  private async flush(): Promise<void> {
    this.scheduled = false;
    const changed = new Set(this.changed);
    const everything = this.everything;
    this.changed.clear();
    this.everything = false;
    const cursor = String(this.deps.clock.now());
    for (const group of [...this.groups.values()]) {
      if (!everything && !group.datasets.some((d) => changed.has(d))) continue;
      const now = await this.evaluate(group.url, group.principal);
      for (const member of group.members) this.enqueue(member.stream, () => this.deliverChange(member, now, cursor));
    }
  }

  private enqueue(stream: OpenStream, task: () => Promise<void>): void {
    stream.queue = stream.queue.then(task).catch((err: unknown) => {
      this.deps.logger.warn({ err }, 'event stream delivery failed');
    });
  }

  /** A change event when the answer's ETag differs from the one the member last had. */
  private async deliverChange(member: Member, now: Evaluation, cursor: string): Promise<void> {
    const { stream, sub } = member;
    if (stream.closed || now.status !== 200 || now.etag === undefined || now.etag === member.etag) return;
    if (!(await this.deliverable(stream))) return;
    member.etag = now.etag;
    const data: ChangeEvent = { operation: sub.operation, etag: now.etag, lastModified: now.lastModified ?? null };
    if (stream.includeBody && now.text !== undefined) data.body = JSON.parse(now.text) as unknown;
    stream.sink.send({ id: cursor, event: 'change', data });
  }

  /**
   * Whether the stream may receive one more event: its key still valid (a revoked or expired key's
   * stream ends here), and the event charged as one request against the key's budget (past it the
   * stream ends with an `error` event saying when to come back; resuming replays what it missed).
   */
  private async deliverable(stream: OpenStream): Promise<boolean> {
    if (stream.closed) return false;
    if (!(await this.keyStillValid(stream))) return false;
    try {
      await accessOf(this.deps).rateLimit(stream.principal, undefined);
      return !stream.closed;
    } catch (err) {
      if (!(err instanceof ServiceError) || err.status !== 429) throw err;
      const retryAfter = Number(err.headers?.['Retry-After'] ?? 60);
      stream.sink.send({ event: 'error', data: { status: 429, ...(err.body as object), retryAfter } });
      this.close(stream, retryAfter * 1000);
      return false;
    }
  }

  /** The stream's credential authenticated again; a refusal (revoked, expired) ends the stream. */
  private async keyStillValid(stream: OpenStream): Promise<boolean> {
    try {
      await accessOf(this.deps).authenticate(stream.headers, undefined, []);
      return !stream.closed;
    } catch (err) {
      // Keys that cannot be checked right now (storage unreachable) do not end a stream; a refusal does.
      if (!(err instanceof ServiceError) || err.status !== 401) return !stream.closed;
      if (!stream.closed) {
        stream.sink.send({ event: 'end', data: { reason: 'credential refused', ...(err.body as object) } });
        this.close(stream);
      }
      return false;
    }
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const stream of this.streams)
        this.enqueue(stream, async () => {
          if (await this.keyStillValid(stream)) stream.sink.comment('keep-alive');
        });
    }, this.deps.config.STREAM_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Ends one stream (its client left, or its key was refused) and forgets its subscriptions. */
  close(stream: OpenStream, retryMs?: number): void {
    if (stream.closed) return;
    stream.closed = true;
    this.streams.delete(stream);
    for (const stop of stream.stops) stop();
    for (const member of stream.members) {
      const key = this.groupKey(member);
      const group = this.groups.get(key);
      group?.members.delete(member);
      if (group && group.members.size === 0) this.groups.delete(key);
    }
    stream.sink.end(retryMs);
    if (this.streams.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  /** Shutdown: every stream ends cleanly with a `retry:` hint, so clients reconnect (to another node) and resume. */
  shutdown(): void {
    this.closing = true;
    clearInterval(this.foreignPoll);
    this.foreignPoll = undefined;
    for (const stream of [...this.streams]) this.close(stream, this.deps.config.STREAM_RETRY_MS);
  }
}

/** Writes events onto an HTTP response as `text/event-stream`; the head goes out with the first line. */
function sseSink(res: ServerResponse, extraHeaders: Record<string, string>): StreamSink {
  const open = () => {
    if (res.headersSent) return;
    res.statusCode = 200;
    for (const [k, v] of Object.entries(extraHeaders)) res.setHeader(k, v);
    res.setHeader('content-type', 'text/event-stream; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    // Proxies that buffer (nginx) pass this through unbuffered.
    res.setHeader('x-accel-buffering', 'no');
    res.flushHeaders();
  };
  return {
    send(e) {
      if (res.writableEnded) return;
      open();
      res.write(`${e.id !== undefined ? `id: ${e.id}\n` : ''}event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
    },
    comment(text) {
      if (res.writableEnded) return;
      open();
      res.write(`: ${text}\n\n`);
    },
    end(retryMs) {
      if (res.writableEnded) return;
      open();
      if (retryMs !== undefined) res.write(`retry: ${retryMs}\n\n`);
      res.end();
    },
  };
}

const SERVICES = new WeakMap<object, StreamService>();

/** The stream service the app built for these collaborators (the tRPC subscription reaches it here). */
export function streamsOf(deps: AppDeps): StreamService | undefined {
  return SERVICES.get(deps);
}

export function attachStreams(deps: AppDeps, dispatcher: RestDispatcher): StreamService {
  let service = SERVICES.get(deps);
  if (!service) SERVICES.set(deps, (service = new StreamService(deps, dispatcher)));
  return service;
}
