import { Router, type Request, type Response } from 'express';
import { accessOf } from '../platform/auth/access.js';
import { sessionCookie } from '../platform/auth/session.js';
import { ServiceError, type WireHeaders } from '../platform/errors.js';
import type { AppDeps } from '../trpc/context.js';
import { send } from './rest.js';
import { jsonError } from './wire.js';

export const SESSION_PATH = '/api/session';

/**
 * `POST /api/session` turns a valid API key (in the usual headers) into an HttpOnly, SameSite=Strict
 * cookie holding a signed, expiring token, so a browser page can call the API without the key in
 * script reach. `DELETE` clears the cookie. The token never appears in a body.
 */
export function sessionRouter(deps: AppDeps): Router {
  const r = Router();
  const secure = deps.config.NODE_ENV === 'production';

  r.post(SESSION_PATH, async (req: Request, res: Response) => {
    const access = accessOf(deps);
    let rate: WireHeaders = {};
    try {
      const principal = await access.authenticate(req.headers, String(res.locals.requestId));
      if (principal.via === 'session')
        throw new ServiceError(401, { error: 'A session is created from an API key, not from another session' });
      access.checkEntitlement(principal);
      rate = await access.rateLimit(principal, undefined);
      const { token, expiresAt } = (await access.sessions()).mint(principal.id, deps.clock.now());
      res.setHeader('set-cookie', sessionCookie(token, deps.config.SESSION_TTL_SECONDS, secure));
      send(req, res, {
        status: 200,
        headers: { ...lower(rate), 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
        body: JSON.stringify({ expiresAt, planKey: principal.planKey, tier: principal.tier }),
      });
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      send(req, res, jsonError(e.status, e.body, { ...rate, ...e.headers }));
    }
  });

  r.delete(SESSION_PATH, (req: Request, res: Response) => {
    res.setHeader('set-cookie', sessionCookie('', 0, secure));
    res.setHeader('cache-control', 'no-store');
    res.status(204).end();
  });

  r.all(SESSION_PATH, (req: Request, res: Response) => {
    send(
      req,
      res,
      jsonError(405, { error: `method ${req.method} not allowed; use POST or DELETE` }, { allow: 'POST, DELETE' }),
    );
  });
  return r;
}

function lower(h: WireHeaders): WireHeaders {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}
