/*
 * A Server-Sent Events client over fetch (Node 20 has no EventSource): the response body parsed line
 * by line as the HTML specification's event-stream format says, events and comments kept in order.
 */

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
  /** When the event was parsed (Date.now()). */
  at: number;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** The body of a refused request (not a stream). */
  text?: string;
  events: SseEvent[];
  comments: string[];
  /** `retry:` values seen. */
  retries: number[];
  /** Resolves when the server ends the stream (or the client aborts it). */
  ended: Promise<void>;
  /** Resolves with the first event after `from` (index into `events`) that matches, or rejects after `ms`. */
  next(match?: (e: SseEvent) => boolean, ms?: number, from?: number): Promise<SseEvent>;
  /** Waits until `n` comments have arrived. */
  waitComments(n: number, ms?: number): Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of [...waiters]) w();
  };
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      text,
      events,
      comments,
      retries,
      ended: Promise.resolve(),
      next: () => Promise.reject(new Error(`not a stream: ${res.status} ${text}`)),
      waitComments: () => Promise.reject(new Error('not a stream')),
      close: () => undefined,
    };
  }
  let done = false;
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    let current: { id?: string; event?: string; data: string[] } = { data: [] };
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl).replace(/\r$/, '');
          buffer = buffer.slice(nl + 1);
          if (line === '') {
            if (current.data.length || current.event)
              events.push({
                id: current.id,
                event: current.event ?? 'message',
                data: current.data.join('\n'),
                at: Date.now(),
              });
            current = { data: [] };
          } else if (line.startsWith(':')) comments.push(line.slice(1).trim());
          else {
            const colon = line.indexOf(':');
            const field = colon >= 0 ? line.slice(0, colon) : line;
            const value = colon >= 0 ? line.slice(colon + 1).replace(/^ /, '') : '';
            if (field === 'id') current.id = value;
            else if (field === 'event') current.event = value;
            else if (field === 'data') current.data.push(value);
            else if (field === 'retry') retries.push(Number(value));
          }
          wake();
        }
      }
    } catch {
      // Aborted by the client.
    }
    done = true;
    wake();
  })();
  const waitFor = <T>(check: () => T | undefined, ms: number, what: string) =>
    new Promise<T>((resolve, reject) => {
      const test = () => {
        const found = check();
        if (found !== undefined) {
          cleanup();
          resolve(found);
        } else if (done) {
          cleanup();
          reject(new Error(`stream ended before ${what}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no ${what} within ${ms} ms`));
      }, ms);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(test);
      };
      waiters.add(test);
      test();
    });
  return {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    retries,
    ended,
    next: (match = () => true, ms = 5_000, from = 0) =>
      waitFor(() => events.slice(from).find(match), ms, 'matching event'),
    waitComments: (n, ms = 5_000) =>
      waitFor(() => (comments.length >= n ? true : undefined), ms, `${n} comments`).then(() => undefined),
    close: () => abort.abort(),
  };
}

type Listener = (event: { data: string; lastEventId: string; type: string }) => void;

/**
 * Enough of the browser's EventSource for tRPC's `httpSubscriptionLink` (its `EventSource` option),
 * over `openSse`: named events, `message`, `error` when the stream ends, `close()`; request headers
 * from the init's `headers` (a ponyfill such as the `eventsource` package takes them the same way).
 * It does not reconnect.
 */
export class FetchEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readyState = 0;
  private readonly listeners = new Map<string, Set<Listener>>();
  private stream?: SseStream;

  constructor(
    readonly url: string,
    init?: { headers?: Record<string, string> },
  ) {
    void openSse(url, init?.headers ?? {}).then(async (stream) => {
      this.stream = stream;
      if (this.readyState === 2) return stream.close();
      this.readyState = 1;
      let seen = 0;
      const deliver = () => {
        for (; seen < stream.events.length; seen++) {
          const e = stream.events[seen];
          this.dispatch(e.event, { data: e.data, lastEventId: e.id ?? '', type: e.event });
        }
      };
      // Events are delivered as they are parsed: poll the parsed list until the stream ends.
      while (this.readyState !== 2) {
        deliver();
        const ended = await Promise.race([
          stream.ended.then(() => true),
          new Promise((r) => setTimeout(() => r(false), 10)),
        ]);
        if (ended) {
          deliver();
          this.readyState = 2;
          this.dispatch('error', { data: '', lastEventId: '', type: 'error' });
        }
      }
    });
  }

  addEventListener(type: string, listener: Listener): void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.readyState = 2;
    this.stream?.close();
  }

  private dispatch(type: string, event: { data: string; lastEventId: string; type: string }): void {
    for (const l of [...(this.listeners.get(type) ?? [])]) l(event);
  }
}
