import type { AnyTRPCRouter } from '@trpc/server';
import type { ProcedureMeta } from '../trpc/init.js';
import { procedureTable } from './procedure-table.js';

/** One REST operation as declared by its procedure's meta. */
export interface OperationInfo {
  method: string;
  path: string;
  /** Dotted procedure path inside the router, e.g. `seismology.listEarthquakes`. */
  procedure: string;
  meta: ProcedureMeta;
}

/** The key of an operation: one path may carry one GET and one POST (`/api/v2/shipping/webhooks`). */
export const operationKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Every procedure that has a REST path, keyed by method and exact path (`operationKey`). */
export function collectOperations(router: AnyTRPCRouter): Map<string, OperationInfo> {
  const out = new Map<string, OperationInfo>();
  for (const [name, proc] of procedureTable(router)) {
    const meta = proc.meta;
    const openapi = meta?.openapi;
    if (!openapi || openapi.enabled === false) continue;
    const key = operationKey(openapi.method, openapi.path);
    if (out.has(key)) throw new Error(`two procedures claim ${key}`);
    out.set(key, { method: openapi.method, path: openapi.path, procedure: name, meta: meta! });
  }
  return out;
}
