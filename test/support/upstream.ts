import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { testConfig } from '../../src/config.js';
import type { AnyDataset, DatasetSource } from '../../src/platform/snapshots/dataset.js';
import { isRequestLog, replayRecorded } from '../../src/platform/snapshots/request-log.js';
import { bundledFile } from '../../src/platform/snapshots/samples.js';

export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, hits: number) => void;

export interface Upstream {
  origin: string;
  port: number;
  /** Every request seen: path with query, and headers. */
  seen: { path: string; headers: IncomingHttpHeaders }[];
  /** Replaces the behaviour (and resets the per-path hit counts). */
  play(handler: Handler): void;
  close(): Promise<void>;
}

/**
 * A local upstream on 127.0.0.1 whose behaviour a test sets with `play`: garbage, huge, dripping,
 * hanging, redirecting, failing. `hits` counts earlier requests to the same path (for "503 then 200").
 */
export async function startUpstream(): Promise<Upstream> {
  let handler: Handler = (_req, res) => res.writeHead(404).end();
  const hits = new Map<string, number>();
  const seen: Upstream['seen'] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://upstream.local');
    seen.push({ path: url.pathname + url.search, headers: req.headers });
    const n = hits.get(url.pathname) ?? 0;
    hits.set(url.pathname, n + 1);
    handler(req, res, url, n);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    seen,
    play(h) {
      handler = h;
      hits.clear();
      seen.length = 0;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Streams `total` bytes of JSON-ish filler lazily (never held in memory), honouring backpressure. */
export function streamHuge(res: ServerResponse, total: number, declareLength = false): void {
  res.writeHead(200, {
    'content-type': 'application/json',
    ...(declareLength ? { 'content-length': String(total) } : {}),
  });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  const pump = () => {
    while (sent < total) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  res.on('error', () => undefined);
  res.socket?.on('error', () => undefined);
  pump();
}

/** Sends one byte every `everyMs` without ever finishing. */
export function drip(res: ServerResponse, everyMs = 50): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('[');
  const timer = setInterval(() => res.write(' '), everyMs);
  res.on('close', () => clearInterval(timer));
}

/**
 * Answers like a recorded upstream: each request whose key (`path?query`, then ` body` for a
 * request with one) is in `answers` gets the next of its answers (bytes, or an error status), in order (several hosts may
 * serve the same path); anything else, or a request once more than recorded, 404s, so a request at
 * a wrong path or with a wrong query fails. `normalise` may rewrite the key first (to take credentials
 * out); every key seen is pushed to `asked`.
 */
export function replaying(
  answers: Map<string, (Buffer | number)[]>,
  asked: { key: string; headers: IncomingHttpHeaders }[],
  normalise: (key: string) => string = (k) => k,
): Handler {
  return (req, res, url) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const key = normalise(url.pathname + url.search + (req.method === 'GET' || !body ? '' : ` ${body}`));
      asked.push({ key, headers: req.headers });
      const answer = answers.get(key)?.shift();
      if (answer === undefined) return void res.writeHead(404).end();
      // A recorded failure is answered with its status.
      if (typeof answer === 'number') return void res.writeHead(answer).end();
      res.writeHead(200, { 'content-length': String(answer.length) }).end(answer);
    });
  };
}

/**
 * A source's bundled sample as the runner loads it: the file itself, or, for a request log
 * (`*.requests.json`), the recorded answers joined by the source's own fetch.
 */
export async function sampleAsFetched(source: DatasetSource, now = Date.UTC(2026, 10, 20, 12)): Promise<Buffer> {
  const file = bundledFile(source);
  return isRequestLog(source.sample) ? replayRecorded(source, file, testConfig(), now) : fs.readFileSync(file);
}

/**
 * A dataset's bundled samples (reference files included) as payloads for a `bytes` run: the runner
 * takes bytes as read now (capturedAt = the clock), unlike a sample load, which stands for the
 * sample's recorded capture. How a test says "the same upstream data, read at another time".
 */
export async function samplePayloads(dataset: AnyDataset): Promise<Record<string, Buffer>> {
  return Object.fromEntries(
    await Promise.all(Object.entries(dataset.sources).map(async ([k, s]) => [k, await sampleAsFetched(s)] as const)),
  );
}
