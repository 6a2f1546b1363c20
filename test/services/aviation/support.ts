import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local stand-in for an upstream: answers every request with `reply` and records the URLs asked for. */
export async function fakeUpstream(reply: (url: URL) => { status?: number; body: Buffer | string; type?: string }) {
  const seen: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://upstream.test');
    seen.push(url);
    const r = reply(url);
    res.writeHead(r.status ?? 200, { 'content-type': r.type ?? 'application/json' }).end(r.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
