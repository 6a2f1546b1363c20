import { ServiceError } from '../../../platform/errors.js';
import { dataTime } from '../../../platform/snapshots/data-time.js';
import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { SGE_BENCHMARKS, type StoredBenchmark } from './datasets/sge-benchmarks.js';
import { instruments, type Outcome } from './queries.js';
import { MAX_BENCHMARK_AGE_DAYS, normaliseMetals, physicalUsdPerOz, premium } from './rules.js';
import type { GetPhysicalPremiumsRequest, GetPhysicalPremiumsResponse } from './schemas.js';

const LEGS = {
  gold: { grams: 1, unit: 'gram', contract: 'SHAU', futures: 'GC=F' },
  silver: { grams: 1000, unit: 'kilogram', contract: 'SHAG', futures: 'SI=F' },
} as const;

const FX_SOURCE = 'Yahoo Finance USDCNY=X (commodities snapshot), inverted';
const NO_FX = { pair: 'CNY/USD', rate: 0, source: '', asOf: '' };

/**
 * Premiums of the Shanghai benchmarks over COMEX futures, converted at the yuan rate held. Every input
 * must be present and the benchmark recent, judged at the inputs' data time (the newer capture of the
 * two snapshots, never the clock); otherwise the list is empty and the answer is not cached.
 */
export function getPhysicalPremiums(
  store: SnapshotStore,
  req: GetPhysicalPremiumsRequest,
): Outcome<GetPhysicalPremiumsResponse> {
  const { metals, unsupported } = normaliseMetals(req.metals ?? []);
  if (unsupported.length) {
    const description =
      unsupported.length === 1
        ? `Unsupported metal: ${unsupported[0]}`
        : `Unsupported metals: ${unsupported.join(', ')}`;
    throw ServiceError.validation([{ field: 'metals', description }]);
  }
  const wanted = metals.length ? metals : (['gold', 'silver'] as const);
  const bench = store.read<StoredBenchmark>(SGE_BENCHMARKS);
  const data = instruments(store);
  const cny = data?.bySymbol.get('USDCNY=X');
  if (!bench || !data || !cny || !(cny.price > 0)) return { response: { premiums: [], fx: NO_FX }, degraded: true };
  const usdPerCny = 1 / cny.price;
  const fx = {
    pair: 'CNY/USD',
    rate: Math.round(usdPerCny * 1e6) / 1e6,
    source: FX_SOURCE,
    asOf: new Date(cny.priceTime).toISOString(),
  };
  const oldest = dataTime([bench, data.snapshot]) - MAX_BENCHMARK_AGE_DAYS * 86_400_000;
  const premiums = wanted.flatMap((metal) => {
    const leg = LEGS[metal];
    const b = bench.records.find((r) => r.metal === metal);
    const paper = data.bySymbol.get(leg.futures);
    if (!b || !paper || Date.parse(`${b.date}T00:00:00Z`) < oldest) return [];
    const physical = physicalUsdPerOz(b.price, leg.grams, usdPerCny);
    return [
      {
        metal,
        physical: {
          price: b.price,
          currency: 'CNY',
          unit: leg.unit,
          source: `Shanghai Gold Exchange ${leg.contract} ${b.session} benchmark`,
          asOf: b.date,
        },
        paper: {
          price: paper.price,
          currency: 'USD',
          unit: 'troy ounce',
          source: `COMEX ${leg.futures} futures snapshot`,
          asOf: new Date(paper.priceTime).toISOString(),
        },
        ...premium(physical, paper.price),
        computedAt: new Date(Math.max(paper.priceTime, cny.priceTime, Date.parse(`${b.date}T00:00:00Z`))).toISOString(),
      },
    ];
  });
  return { response: { premiums, fx }, degraded: premiums.length < wanted.length };
}
