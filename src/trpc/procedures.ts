import { t } from './init.js';
import { guard } from './access.js';

/**
 * The one procedure chain every operation is built from, so REST calls, batch sub-operations and
 * native tRPC calls pass through the same steps in the same order:
 *   credential -> entitlement -> tier gate -> rate limit (`guard`) -> input validation -> handler
 * The REST lane admits a call itself before its response cache (src/http/dispatch.ts) and the
 * guard then lets it through; the handler's return value is the answer on every transport.
 */
export const operation = t.procedure.use(guard);

export const router = t.router;

/** Flat union of topic routers, for services split into topic folders (procedure names unchanged). */
export const mergeRouters = t.mergeRouters;
