import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import {
  type BenchmarkPrice,
  parseSgeBenchmark,
  SGE_GOLD_URL,
  SGE_SILVER_URL,
} from '../../../../sources/sge/benchmark.js';

export const SGE_BENCHMARKS = 'market.sge-benchmarks';

/** Gold (SHAU) and silver (SHAG): the latest benchmark of each page. */
export const SGE_CONTRACTS = { gold: 'SHAU', silver: 'SHAG' } as const;

export interface StoredBenchmark extends BenchmarkPrice {
  metal: 'gold' | 'silver';
}

export function buildSgeBenchmarks(gold: Buffer, silver: Buffer): { records: StoredBenchmark[] } {
  const latest = (bytes: Buffer, metal: 'gold' | 'silver'): StoredBenchmark => {
    const row = parseSgeBenchmark(bytes).find((r) => r.contract === SGE_CONTRACTS[metal]);
    if (!row) throw new Error(`SGE ${metal} page has no ${SGE_CONTRACTS[metal]} benchmark row`);
    return { metal, ...row };
  };
  return { records: [latest(gold, 'gold'), latest(silver, 'silver')] };
}

/** The pages are public, but redistributing the benchmarks needs SGE's licence: live ingestion only where it is held. */
const licensed = (get: (url: string) => Promise<Buffer>, url: string, licensedHere: string | undefined) => {
  if (licensedHere !== 'true') {
    throw new Error(
      'SGE_BENCHMARK_LICENSED is not true: the Shanghai Gold Exchange benchmark licence is not held here, so live SGE ingestion is off',
    );
  }
  return get(url);
};

export const sgeBenchmarksDataset: Dataset<StoredBenchmark> = {
  name: SGE_BENCHMARKS,
  source: 'Shanghai Gold Exchange benchmark prices (licensed)',
  kind: 'live',
  maxStaleMinutes: 3 * 24 * 60,
  sources: {
    gold: {
      url: SGE_GOLD_URL,
      sample: 'market/sge-gold-benchmark.html',
      requires: ['SGE_BENCHMARK_LICENSED'],
      headers: () => ({ accept: 'text/html' }),
      fetch: (get, { config }) => licensed(get, SGE_GOLD_URL, config.SGE_BENCHMARK_LICENSED),
    },
    silver: {
      url: SGE_SILVER_URL,
      sample: 'market/sge-silver-benchmark.html',
      requires: ['SGE_BENCHMARK_LICENSED'],
      headers: () => ({ accept: 'text/html' }),
      fetch: (get, { config }) => licensed(get, SGE_SILVER_URL, config.SGE_BENCHMARK_LICENSED),
    },
  },
  parse: (payloads) => buildSgeBenchmarks(payloads.gold!, payloads.silver!),
};
