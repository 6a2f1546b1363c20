import { operation, router } from '../../../trpc/procedures.js';
import { OREF_HISTORY } from './datasets/oref-history.js';
import { listOrefAlerts } from './queries.js';
import { ListOrefAlertsRequest, ListOrefAlertsResponse } from './schemas.js';

export const feedsRouter = router({
  listOrefAlerts: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/list-oref-alerts',
        operationId: 'ListOrefAlerts',
        tags: ['intelligence'],
        summary: 'Israel Home Front Command alerts',
        description:
          'Siren alerts of Israel’s Home Front Command (OREF). The history is OREF’s alert-history document grouped ' +
          'into waves (alerts sounding together) over the week before it was fetched, replayed with their ' +
          'original times; the bundled sample is a dated capture. Live alerts need OREF_ALERTS_URL (OREF is only ' +
          'reachable from Israel): without it the answer carries the history, `configured:false` and an `error` ' +
          'saying so, and is not cached. `mode=MODE_HISTORY` asks for the history alone.',
      },
      cacheTier: 'fast',
      datasets: [OREF_HISTORY],
    })
    .input(ListOrefAlertsRequest)
    .output(ListOrefAlertsResponse)
    .query(({ ctx, input }) => listOrefAlerts(ctx.deps.store, ctx.deps.config, input, ctx.deps.clock.now())),
});
