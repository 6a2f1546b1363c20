/**
 * The baseline: a bare express 5 server that answers GET /bare with fixed bytes and headers
 * given on the command line (a file holding the exact body the service returned).
 */
import express from 'express';
import { readFileSync } from 'node:fs';

const [bodyFile, contentType = 'application/json; charset=utf-8'] = process.argv.slice(2);
const body = readFileSync(bodyFile!);
const app = express();
app.disable('x-powered-by');
app.disable('etag');
app.get('/bare', (_req, res) => {
  res.setHeader('content-type', contentType);
  res.end(body);
});
const server = app.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  process.stdout.write(`PORT ${typeof addr === 'object' && addr ? addr.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
