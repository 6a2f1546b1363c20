import { operation, router } from '../../trpc/procedures.js';
import { FIRE_DETECTIONS } from '../wildfire/index.js';
import { listThermalEscalations } from './queries.js';
import { ListThermalEscalationsRequest, ListThermalEscalationsResponse } from './schemas.js';

export const thermalRouter = router({
  listThermalEscalations: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/thermal/v1/list-thermal-escalations',
        operationId: 'ListThermalEscalations',
        tags: ['thermal'],
        summary: 'List unusual fire activity clusters',
        description:
          'Satellite fire detections (NASA FIRMS VIIRS, the same snapshot as list-fire-detections) of the last 24 hours, ' +
          'grouped into clusters within 20 km and compared with the same place over the six days before. A cluster is ' +
          'PERSISTENT when it has burned 12 h or more without a day’s break and is above its baseline by 3 detections or ' +
          'has a pixel of 80 MW or more; SPIKE at z ≥ 2.5, 6 detections above baseline, 120 MW above baseline power, or ' +
          '8+ detections with 150+ MW; ELEVATED at z ≥ 1.5, 3 above baseline, 50 MW above, or 5+ detections in a place ' +
          'with no history. The window ends at the newest detection in the snapshot. max_items (default 12, at most 25) ' +
          'limits the list; the summary counts the clusters returned. dataAvailable false (no-store) means no fire snapshot.',
      },
      cacheTier: 'slow',
      datasets: [FIRE_DETECTIONS],
    })
    .input(ListThermalEscalationsRequest)
    .output(ListThermalEscalationsResponse)
    .query(({ ctx, input }) => listThermalEscalations(ctx.deps.store, input)),
});
