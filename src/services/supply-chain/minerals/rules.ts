import { round } from '../wire.js';
import type { CriticalMineral } from './schemas.js';

// ---------------------------------------------------------------------------------------------
// Critical minerals (reference §3.3)
// ---------------------------------------------------------------------------------------------

export function riskRating(hhi: number): CriticalMineral['riskRating'] {
  if (hhi >= 5000) return 'critical';
  if (hhi >= 2500) return 'high';
  if (hhi >= 1500) return 'moderate';
  return 'low';
}

export interface ProducerRow {
  country: string;
  countryCode: string;
  productionTonnes: number;
}

/**
 * Shares, concentration and rating over the listed producers only: the global figure is their sum,
 * so the shares add up to 100 and the HHI lies between 10000/n and 10000.
 */
export function summariseMineral(mineral: string, unit: string, producers: readonly ProducerRow[]): CriticalMineral {
  const positive = producers.filter((p) => p.productionTonnes > 0);
  const global = positive.reduce((a, p) => a + p.productionTonnes, 0);
  const shares = positive.map((p) => ({ ...p, share: global > 0 ? (p.productionTonnes / global) * 100 : 0 }));
  const hhi = round(shares.reduce((a, p) => a + p.share * p.share, 0), 1);
  const top = [...shares]
    .sort((a, b) => b.productionTonnes - a.productionTonnes || a.country.localeCompare(b.country))
    .slice(0, 3)
    .map((p) => ({ country: p.country, countryCode: p.countryCode, productionTonnes: p.productionTonnes, sharePct: round(p.share, 1) }));
  return { mineral, topProducers: top, hhi, riskRating: riskRating(hhi), globalProduction: global, unit };
}
