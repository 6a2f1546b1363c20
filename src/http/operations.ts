import type { AnyTRPCRouter } from '@trpc/server';
import type { ProcedureMeta } from '../trpc/init.js';

/** One REST operation as declared by its procedure's meta. */
export interface OperationInfo {
  method: string;
  path: string;
  /** Dotted procedure path inside the router, e.g. `seismology.listEarthquakes`. */
  procedure: string;
  meta: ProcedureMeta;
}

/** Every procedure that has a REST path, keyed by that exact path. */
export function collectOperations(router: AnyTRPCRouter): Map<string, OperationInfo> {
  const out = new Map<string, OperationInfo>();
  const procedures = router._def.procedures as Record<string, { _def: { meta?: ProcedureMeta } }>;
  for (const [name, proc] of Object.entries(procedures)) {
    const meta = proc._def.meta;
    const openapi = meta?.openapi;
    if (!openapi || openapi.enabled === false) continue;
    if (out.has(openapi.path)) throw new Error(`two procedures claim ${openapi.path}`);
    out.set(openapi.path, { method: openapi.method, path: openapi.path, procedure: name, meta: meta! });
  }
  return out;
}
