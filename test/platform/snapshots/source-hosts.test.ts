import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../src/config.js';
import { datasetCatalogue, sourceHostProblem } from '../../../src/platform/snapshots/catalogue.js';
import { isRequestLog, readRequestLog } from '../../../src/platform/snapshots/request-log.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { ALL_DATASETS, findDataset } from '../../../src/root/datasets.js';

/**
 * No `live` or `relay` source names a host that does not serve its data (issue "Data truth I",
 * `sourceHostProblem`): neither the address `mds datasets` documents nor any address its live
 * fetch requests (the request logs of multi-request samples). Generated from `mds datasets`.
 */
describe('every live and relay source names a real public host', () => {
  const entries = datasetCatalogue(ALL_DATASETS, testConfig()).filter((e) => e.kind === 'live' || e.kind === 'relay');

  it('in the addresses mds datasets lists', () => {
    const offenders = entries.flatMap((e) =>
      e.sources.flatMap((s) => {
        const why = s.file !== undefined ? undefined : s.url === undefined ? 'no address' : sourceHostProblem(s.url);
        return why ? [`${e.name}: ${s.url ?? '-'} (${why})`] : [];
      }),
    );
    expect(offenders).toEqual([]);
  });

  it('in the addresses their live fetches request', () => {
    const offenders = entries.flatMap((e) =>
      Object.values(findDataset(e.name)!.sources).flatMap((s) =>
        isRequestLog(s.sample)
          ? readRequestLog(path.join(SAMPLES_DIR, s.sample)).flatMap(({ request }) => {
              const why = sourceHostProblem(request.url);
              return why ? [`${e.name}: ${request.url} (${why})`] : [];
            })
          : [],
      ),
    );
    expect(offenders).toEqual([]);
  });
});
