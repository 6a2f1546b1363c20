import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { SHIPPING_STRESS, type CarrierQuote } from './datasets/shipping-stress.js';
import { stressLevel, stressScore } from './rules.js';
import type { GetShippingStressResponse } from './schemas.js';

export function getShippingStress(store: SnapshotStore): GetShippingStressResponse {
  const s = store.read<CarrierQuote, { missing: string[] }>(SHIPPING_STRESS);
  if (!s || s.records.length === 0) return { carriers: [], stressScore: 0, stressLevel: 'low', fetchedAt: 0, upstreamUnavailable: true };
  const score = stressScore(s.records.map((c) => c.changePct));
  return { carriers: s.records as CarrierQuote[], stressScore: score, stressLevel: stressLevel(score), fetchedAt: s.fetchedAt, upstreamUnavailable: (s.info.missing ?? []).length > 0 };
}
