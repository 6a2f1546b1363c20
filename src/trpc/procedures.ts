import { t } from './init.js';
import { respond } from './respond.js';

/**
 * The one procedure chain every operation is built from, so REST calls, batch sub-operations and
 * native tRPC calls pass through the same steps in the same order:
 *   credential -> entitlement -> tier gate -> rate limit -> respond (cache, projection, serialisation)
 * in one middleware (`respond`): the response cache is consulted only once the caller is known and counted.
 */
export const operation = t.procedure.use(respond);

export const router = t.router;

/** Flat union of topic routers, for services split into topic folders (procedure names unchanged). */
export const mergeRouters = t.mergeRouters;
