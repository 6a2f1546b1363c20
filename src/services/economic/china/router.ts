import { operation } from '../../../trpc/procedures.js';
import { getChinaMacroSnapshot } from './queries.js';
import { GetChinaMacroSnapshotRequest, GetChinaMacroSnapshotResponse } from './schemas.js';

/** China: official macro releases and the activity nowcast built on them. */
export const chinaProcedures = {
  getChinaMacroSnapshot: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-china-macro-snapshot',
        operationId: 'GetChinaMacroSnapshot',
        tags: ['economic'],
        summary: 'Get the official China macro snapshot',
        description:
          'Latest official Chinese macro figures read from the English press-release pages of the National Bureau of ' +
          'Statistics (industrial value added, fixed-asset investment and real estate investment, year on year) and the ' +
          'State Administration of Foreign Exchange (foreign exchange reserves, net bank FX settlement), each with the ' +
          'prior period as the release states it, its direction, release and retrieval times, vintage and provenance; ' +
          'the five pillars; the NBS release calendar from a month back to four months ahead; and how each publisher was ' +
          'read. PBoC credit and customs trade series are listed but not collected: they are reported unavailable ' +
          '(SOURCE_NOT_COLLECTED), never estimated. Staleness is judged at request time: NBS figures 75 days after their ' +
          'period, SAFE figures 45 days. No parameters. unavailable is true (and nothing is cached) without a snapshot.',
      },
      // No `datasets`: staleness and release status move with the clock, not only with the snapshot.
      cacheTier: 'slow',
    })
    .input(GetChinaMacroSnapshotRequest)
    .output(GetChinaMacroSnapshotResponse)
    .query(({ ctx }) => getChinaMacroSnapshot(ctx.deps.store, ctx.deps.clock.now())),
};
