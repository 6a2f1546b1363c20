/**
 * The baseline: a bare express 5 server answering GET /bare with exactly the bytes the service
 * returned for the scenario, the same Content-Type and the same ETag, and a 304 when the request's
 * If-None-Match matches that tag, as the service does. Nothing is serialised per request: this is the
 * floor of what an express handler can do for the same answer. `BENCH_BARE=json` switches to the
 * plain `res.json(value)` idiom, for comparison only (it re-serialises each time and flatters the
 * service); `node` answers from node:http with no express at all (the floor of any node server).
 */
import express from 'express';
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [bodyFile, contentType = 'application/json; charset=utf-8', etag = '', mode = process.env.BENCH_BARE ?? 'bytes'] =
  process.argv.slice(2);
const bytes = readFileSync(bodyFile!);
const value = mode === 'json' ? JSON.parse(bytes.toString('utf8')) : undefined;
/** The same answer with no framework: what node itself costs for these bytes. */
const nodeOnly: http.RequestListener = (req, res) => {
  if (etag) {
    res.setHeader('etag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
  }
  res.setHeader('content-type', contentType);
  res.end(bytes);
};
const app = express();
app.disable('x-powered-by');
app.disable('etag');
app.get('/bare', (req, res) => {
  if (etag) {
    res.setHeader('etag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
  }
  if (mode === 'json') {
    res.json(value);
    return;
  }
  res.setHeader('content-type', contentType);
  res.end(bytes);
});
const server = (mode === 'node' ? http.createServer(nodeOnly) : http.createServer(app)).listen(0, '127.0.0.1', () => {
  const addr = server.address();
  process.stderr.write(`PORT ${typeof addr === 'object' && addr ? addr.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
