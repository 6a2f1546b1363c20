import { randomUUID } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { DestinationStream } from 'pino';
import type { Config } from '../config.js';
import { openDeps } from '../deps.js';
import { buildApp } from '../app.js';
import { accessOf } from '../platform/auth/access.js';
import { ServiceError } from '../platform/errors.js';
import { createLogger } from '../platform/logger.js';
import { redactorFor } from '../platform/secrets.js';
import { createMcpServer } from '../mcp/server.js';
import { text } from './output.js';

/**
 * `mds mcp`: the /mcp server over stdio for a local agent, on the database directly (no HTTP server
 * needed). Every tool call runs the REST operation in process with the key (`--key`, else MCP_KEY),
 * so that key's plan, tier gates, rate limits and quotas apply as over HTTP. stdout carries the
 * protocol only: log lines go to stderr. Jobs that a POST tool queues run under `mds serve` (this
 * process takes none, so it never competes with a server's worker for them).
 */
export async function mcpCommand(
  config: Config,
  key: string | undefined,
  err: NodeJS.WritableStream,
  io: { input: Readable; output: Writable } = { input: process.stdin, output: process.stdout },
): Promise<number> {
  key ||= config.MCP_KEY;
  if (!key) {
    err.write('mds mcp: no key: pass --key KEY or set MCP_KEY\n');
    return 2;
  }
  const logger = createLogger(config.LOG_LEVEL, err as DestinationStream, redactorFor(config), config.LOG_FORMAT);
  const deps = await openDeps(config, { logger });
  const close = async () => {
    accessOf(deps).close();
    deps.redis?.close();
    await deps.keyDirectory?.close?.().catch(() => undefined);
    await deps.store.close().catch(() => undefined);
    deps.db.$client.close();
  };
  try {
    await accessOf(deps).authenticate({ 'x-service-key': key });
  } catch (e) {
    await close();
    if (!(e instanceof ServiceError)) throw e;
    err.write(`mds mcp: ${text(JSON.stringify(e.body))}\n`);
    return 1;
  }
  const { gateway, mcp } = buildApp(deps);
  const server = createMcpServer(
    mcp,
    (method, url, body) =>
      gateway.dispatch({
        method,
        url,
        headers: { 'x-service-key': key, accept: 'application/json' },
        body,
        requestId: randomUUID(),
      }),
    (tool) => logger.info({ tool }, 'mcp tool call'),
  );
  const transport = new StdioServerTransport(io.input, io.output);
  const ended = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    io.input.once('end', () => resolve());
  });
  await server.connect(transport);
  logger.info('mds mcp: serving MCP over stdio');
  await ended;
  await server.close().catch(() => undefined);
  await close();
  return 0;
}
