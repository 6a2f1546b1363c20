import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { summaryOf, toWire } from '../platform/errors.js';
import type { CacheTier } from '../platform/http-cache.js';
import type { RequestContext } from './context.js';
import '../platform/validation-messages.js';

/** What every procedure declares besides its path: how it is cached and what it is built from. */
export interface ServiceMeta {
  /** Cache tier of a healthy 200 (reference §7.6). */
  cacheTier: CacheTier;
  /** Snapshot datasets the response is derived from; their versions key the serialised-response cache. */
  datasets?: readonly string[];
  /**
   * Callable without any credential. Honoured only for the platform paths listed in
   * src/platform/auth/public-paths.ts: every /api/<service>/v1 operation needs a credential.
   */
  public?: boolean;
  /** Lowest entitlement tier allowed to call (0 free, 1 pro, 2 api, 3 enterprise). */
  requiredTier?: 0 | 1 | 2 | 3;
  /**
   * Only operator keys (OPERATOR_KEYS) may call: the operation changes data every account is served
   * (a shared baseline), so any other key gets 403 whatever its plan.
   */
  operatorOnly?: true;
  /** Name of an endpoint-specific rate-limit policy on top of the plan's limits. */
  ratePolicy?: string;
  /**
   * Status of a successful answer when it is not 200: 202 for operations that accept work to be done
   * later (a job), with its status address in the `Location` header the handler sets.
   */
  successStatus?: 202;
  /** The operation names one of the caller's own records (a rule, a registration): 404 when it has none such. */
  notFound?: true;
}

export type ProcedureMeta = OpenApiMeta<ServiceMeta>;

export const t = initTRPC
  .context<RequestContext>()
  .meta<ProcedureMeta>()
  .create({
    // Native tRPC clients keep tRPC's shape; `data.rest` carries the exact REST wire error,
    // and internal messages and stacks never leave the process.
    errorFormatter: ({ shape, error }) => {
      const rest = toWire(error);
      return {
        ...shape,
        // One readable line (field and problem), never a dump of the schema library's issues.
        message:
          rest.status >= 500 && rest.body.message === 'Internal server error'
            ? 'Internal server error'
            : summaryOf(rest),
        data: { code: shape.data.code, httpStatus: rest.status, path: shape.data.path, rest },
      };
    },
  });
