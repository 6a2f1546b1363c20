import type { AnyTRPCRouter, TRPCProcedureType } from '@trpc/server';
import type { ProcedureMeta } from '../trpc/init.js';

/** What the REST lane and the documents know of one procedure. */
export interface ProcedureEntry {
  /** Dotted path inside the router, e.g. `seismology.listEarthquakes`. */
  path: string;
  type: TRPCProcedureType;
  meta: ProcedureMeta | undefined;
  /** The procedure's first input schema (its parameters or body), if it declares one. */
  input: unknown;
  /** The procedure's output schema, if it declares one. */
  output: unknown;
}

/** The shape of tRPC's procedure table, as far as this file reads it. */
type TableDef = Record<
  string,
  { _def: { type: TRPCProcedureType; meta?: ProcedureMeta; inputs?: unknown[]; output?: unknown } }
>;

const TABLES = new WeakMap<AnyTRPCRouter, ReadonlyMap<string, ProcedureEntry>>();

/**
 * Every procedure of a router, by dotted path. tRPC's public API calls procedures
 * (`callTRPCProcedure`) but does not list them with their meta and input schemas, which the REST
 * lane routes by and the documents describe: this file is the one reader of the router's internal
 * table (`_def`), read once per router.
 */
export function procedureTable(router: AnyTRPCRouter): ReadonlyMap<string, ProcedureEntry> {
  let table = TABLES.get(router);
  if (!table) {
    const out = new Map<string, ProcedureEntry>();
    for (const [path, proc] of Object.entries(router._def.procedures as TableDef)) {
      out.set(path, {
        path,
        type: proc._def.type,
        meta: proc._def.meta,
        input: proc._def.inputs?.[0],
        output: proc._def.output,
      });
    }
    TABLES.set(router, (table = out));
  }
  return table;
}

/** One procedure of a router, by dotted path. */
export function procedureEntry(router: AnyTRPCRouter, path: string): ProcedureEntry | undefined {
  return procedureTable(router).get(path);
}
