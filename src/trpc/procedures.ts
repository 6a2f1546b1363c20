import { t } from './init.js';
import { respond } from './respond.js';

/**
 * The one procedure chain every operation is built from, so REST calls, batch sub-operations and
 * native tRPC calls pass through the same steps in the same order:
 *   credential -> entitlement -> tier gate -> rate limit -> respond (cache, projection, serialisation)
 * Access control slots in ahead of `respond`; the handler and its output validation run inside it.
 */
export const operation = t.procedure.use(respond);

export const router = t.router;
