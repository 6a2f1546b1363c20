import type { Request, Response, NextFunction } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { addVary, send } from './rest.js';
import { jsonError } from './wire.js';
import { ORIGIN_PATTERN, type OriginRule } from '../config/origins.js';
import { isPublicPath } from '../platform/auth/public-paths.js';

// Origins are parsed once, by the configuration (CORS_ALLOWED_ORIGINS); tests and tools parse them here too.
export { parseOriginList, type OriginRule } from '../config/origins.js';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a browser Origin may call: configured origins, the service's own origin, and localhost outside production. */
export function isOriginAllowed(
  origin: string,
  rules: readonly OriginRule[],
  opts: { production: boolean; host?: string },
): boolean {
  const m = ORIGIN_PATTERN.exec(origin.toLowerCase());
  if (!m || m[2]) return false;
  const [, scheme, , host, portPart] = m;
  const port = portPart ?? '';
  if (opts.host && `${host}${port}` === opts.host.toLowerCase()) return true;
  if (!opts.production && LOCAL_HOSTS.has(host)) return true;
  return rules.some(
    (r) => r.scheme === scheme && r.port === port && (r.subdomains ? host.endsWith(`.${r.host}`) : host === r.host),
  );
}

const ALLOW_HEADERS = 'Content-Type, X-Service-Key, X-Api-Key, X-Request-Id, If-None-Match';
export const EXPOSE_HEADERS =
  'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-RateLimit-Mode, X-Billing-Verification, ETag, X-Request-Id';

/**
 * CORS for one request at the Node level (the operations' lane and express share it). A request
 * with a disallowed Origin is refused with 403 before anything else runs; an allowed one gets its
 * origin echoed with credentials (the session cookie); preflights are answered here. Public platform
 * routes may be read from any origin, without credentials. Returns true when it answered.
 */
export function applyCors(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  rules: readonly OriginRule[],
  production: boolean,
): boolean {
  addVary(res, 'Origin');
  const origin = req.headers.origin;
  const preflight = req.method === 'OPTIONS';
  if (origin === undefined) {
    if (!preflight) return false;
    res.statusCode = 204;
    res.setHeader('allow', 'GET, HEAD, POST, OPTIONS');
    res.end();
    return true;
  }
  const open = isPublicPath(path);
  const allowed = isOriginAllowed(origin, rules, { production, host: req.headers.host });
  if (!allowed && !open) {
    send(req, res, jsonError(403, { error: 'Origin not allowed' }));
    return true;
  }
  if (allowed) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
  } else {
    res.setHeader('Access-Control-Allow-Origin', '*');
  }
  res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
  if (!preflight) return false;
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, DELETE, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', ALLOW_HEADERS);
  res.setHeader('Access-Control-Max-Age', '3600');
  res.statusCode = 204;
  res.end();
  return true;
}

/** The same, as express middleware for every route the operations' lane hands on. */
export function corsMiddleware(rules: readonly OriginRule[], production: boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!applyCors(req, res, req.path, rules, production)) next();
  };
}
