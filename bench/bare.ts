/**
 * The baseline: a bare express 5 server answering GET /bare with the same body the service
 * returned for the scenario. Mode `json` (default) is the plain express idiom, `res.json(value)`
 * on the parsed body, as the stack notes' baseline did; mode `bytes` writes the stored bytes as they
 * are, the floor of what any express handler can do.
 */
import express from 'express';
import { readFileSync } from 'node:fs';

const [bodyFile, contentType = 'application/json; charset=utf-8', mode = process.env.BENCH_BARE ?? 'json'] = process.argv.slice(2);
const bytes = readFileSync(bodyFile!);
const value = mode === 'json' ? JSON.parse(bytes.toString('utf8')) : undefined;
const app = express();
app.disable('x-powered-by');
app.disable('etag');
app.get('/bare', (_req, res) => {
  if (mode === 'json') {
    res.json(value);
    return;
  }
  res.setHeader('content-type', contentType);
  res.end(bytes);
});
const server = app.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  process.stdout.write(`PORT ${typeof addr === 'object' && addr ? addr.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
