import type { IncomingHttpHeaders } from 'node:http';
import { Router, type Request, type Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { accessOf } from '../platform/auth/access.js';
import { ServiceError } from '../platform/errors.js';
import { send } from '../http/rest.js';
import { jsonError, type Dispatch } from '../http/wire.js';
import type { AppDeps } from '../trpc/context.js';
import { createMcpServer, type McpSurface } from './server.js';

export const MCP_PATH = '/mcp';

const AUTHENTICATE = 'Bearer realm="monitoring-data-service"';

/**
 * The caller's key: `X-Service-Key`, `X-Api-Key` (as REST takes it) or `Authorization: Bearer`
 * (what MCP clients send). Sessions are not taken: an agent holds a key.
 */
export function presentedKey(headers: IncomingHttpHeaders): string | undefined {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(one(headers.authorization) ?? '')?.[1];
  return one(headers['x-service-key']) ?? one(headers['x-api-key']) ?? bearer;
}

/** The tool a JSON-RPC body calls, when it is one `tools/call` naming a known tool (the metrics' label space stays bounded). */
function calledTool(body: unknown, surface: McpSurface): string | undefined {
  const msg = body as { method?: unknown; params?: { name?: unknown } } | undefined;
  if (msg?.method !== 'tools/call' || typeof msg.params?.name !== 'string') return undefined;
  const name = msg.params.name;
  return name === 'describe_operation' || name === 'search_operations' || surface.tools.some((t) => t.name === name)
    ? name
    : undefined;
}

/** Whether the client prefers an event stream to a JSON answer: it lists `text/event-stream` first. */
function prefersStream(accept: string | undefined): boolean {
  const first = (accept ?? '').split(',')[0]?.split(';')[0]?.trim().toLowerCase();
  return first === 'text/event-stream';
}

/**
 * `/mcp`: MCP over Streamable HTTP, stateless (one server and transport per request, no session).
 * The key is checked first (401 with `WWW-Authenticate` without one); each tool call then runs the
 * REST operation in process with that key through `dispatch`, so admission, tier gates, rate limits,
 * quotas and the answer cache are the REST lane's, counted in the same ledger. The access log line
 * and metrics name the tool (`/mcp tools/call <tool>`).
 */
export function mcpRouter(deps: AppDeps, surface: McpSurface, dispatch: Dispatch): Router {
  const r = Router();
  const access = accessOf(deps);

  r.post(MCP_PATH, async (req: Request, res: Response) => {
    res.locals.route = MCP_PATH;
    const requestId = String(res.locals.requestId);
    const key = presentedKey(req.headers);
    if (key === undefined) {
      res.setHeader('www-authenticate', AUTHENTICATE);
      return send(
        req,
        res,
        jsonError(401, { error: 'API key required: send it as Authorization: Bearer <key> or X-Service-Key' }),
      );
    }
    try {
      const principal = await access.authenticateFrom({ 'x-service-key': key }, req.socket.remoteAddress, requestId);
      res.locals.keyId = principal.id;
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      if (e.status === 401) res.setHeader('www-authenticate', `${AUTHENTICATE}, error="invalid_token"`);
      return send(req, res, jsonError(e.status, e.body, e.headers));
    }
    // bodyLimit() left the text on req.body; the transport takes it parsed.
    let body: unknown;
    try {
      body = typeof req.body === 'string' || Buffer.isBuffer(req.body) ? JSON.parse(String(req.body)) : req.body;
    } catch {
      return send(
        req,
        res,
        jsonError(400, { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }),
      );
    }
    const tool = calledTool(body, surface);
    if (tool) res.locals.route = `${MCP_PATH} tools/call ${tool}`;
    const server = createMcpServer(surface, (method, url, callBody) =>
      dispatch({
        method,
        url,
        headers: { 'x-service-key': key, accept: 'application/json' },
        body: callBody,
        requestId,
        remoteAddress: req.socket.remoteAddress,
      }),
    );
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: !prefersStream(req.headers.accept),
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });

  // Stateless: no server-initiated stream to open and no session to end.
  const notAllowed = (req: Request, res: Response) => {
    res.locals.route = MCP_PATH;
    send(req, res, jsonError(405, { error: `method ${req.method} not allowed; use POST` }, { allow: 'POST' }));
  };
  r.get(MCP_PATH, notAllowed);
  r.delete(MCP_PATH, notAllowed);
  return r;
}
