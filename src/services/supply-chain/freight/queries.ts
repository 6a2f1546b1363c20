import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { SHIPPING_STRESS, type CarrierQuote } from './datasets/shipping-stress.js';
import { spikeAlert, stressLevel, stressScore } from './rules.js';
import { SHIPPING_RATES } from './datasets/shipping-rates.js';
import type { GetShippingRatesResponse, GetShippingStressResponse, ShippingIndex } from './schemas.js';

export function getShippingStress(store: SnapshotStore): GetShippingStressResponse {
  const s = store.read<CarrierQuote, { missing: string[] }>(SHIPPING_STRESS);
  if (!s || s.records.length === 0)
    return { carriers: [], stressScore: 0, stressLevel: 'low', fetchedAt: 0, upstreamUnavailable: true };
  const score = stressScore(s.records.map((c) => c.changePct));
  return {
    carriers: s.records as CarrierQuote[],
    stressScore: score,
    stressLevel: stressLevel(score),
    fetchedAt: s.capturedAt,
    upstreamUnavailable: (s.info.missing ?? []).length > 0,
  };
}

export function getShippingRates(store: SnapshotStore): GetShippingRatesResponse {
  const s = store.read<ShippingIndex>(SHIPPING_RATES);
  if (!s || s.records.length === 0) return { indices: [], fetchedAt: '', upstreamUnavailable: true };
  const indices = s.derive('indices', (snap) =>
    snap.records.map((r) => ({ ...r, spikeAlert: spikeAlert(r.history.map((h) => h.value)) })),
  );
  return { indices, fetchedAt: new Date(s.capturedAt).toISOString(), upstreamUnavailable: false };
}
