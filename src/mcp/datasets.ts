import { datasetHealth } from '../platform/snapshots/health.js';
import type { AnyDataset } from '../platform/snapshots/dataset.js';
import type { AppDeps } from '../trpc/context.js';
import type { ResourceDefinition } from './server.js';

/**
 * `mds://datasets`: every dataset's freshness as health computes it (kind, origin, status, when its
 * data was captured and how old that is). Operator-only detail (errors, attempts) is left out.
 */
export function datasetsResource(deps: AppDeps, datasets: readonly AnyDataset[]): ResourceDefinition {
  return {
    uri: 'mds://datasets',
    name: 'datasets',
    title: 'Dataset freshness',
    description: 'Every dataset: kind, origin (SAMPLE when a bundled sample is served), status, capture time and age.',
    read: () => {
      const metas = new Map(deps.store.allMeta().map((m) => [m.dataset, m]));
      const now = deps.clock.now();
      return Promise.resolve({
        checkedAt: new Date(now).toISOString(),
        datasets: datasets.map((d) => {
          const h = datasetHealth(d, metas.get(d.name), now, undefined, deps.store.isWithheld(d.name));
          return {
            dataset: h.dataset,
            kind: h.kind,
            origin: h.origin,
            status: h.status,
            serving: h.serving,
            capturedAt: h.capturedAt,
            ageSeconds: h.ageSeconds,
            maxStaleMinutes: h.maxStaleMinutes,
            recordCount: h.recordCount,
          };
        }),
      });
    },
  };
}
