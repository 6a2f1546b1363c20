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
  const hhi = round(
    shares.reduce((a, p) => a + p.share * p.share, 0),
    1,
  );
  const top = [...shares]
    .sort((a, b) => b.productionTonnes - a.productionTonnes || a.country.localeCompare(b.country))
    .slice(0, 3)
    .map((p) => ({
      country: p.country,
      countryCode: p.countryCode,
      productionTonnes: p.productionTonnes,
      sharePct: round(p.share, 1),
    }));
  return { mineral, topProducers: top, hhi, riskRating: riskRating(hhi), globalProduction: global, unit };
}

// ---------------------------------------------------------------------------------------------
// Mineral production by stage (USGS MCS)
// ---------------------------------------------------------------------------------------------

export interface StageCountry {
  iso2: string;
  country: string;
  output?: number;
  share?: number;
  withheld: boolean;
  estimated: boolean;
  residual: boolean;
}

export interface StageSummary {
  countries: StageCountry[];
  hhi: number;
  worldTotal?: number;
  withheldCount: number;
}

/**
 * Shares of the quantified output (the "Other countries" residual included in the base), the
 * Herfindahl-Hirschman index over named producers only (0-10000, one decimal), withheld rows last,
 * the published world total or else the quantified sum.
 */
export function summariseStage(
  rows: readonly {
    iso2: string;
    country: string;
    output: number | null;
    withheld: boolean;
    estimated: boolean;
    residual: boolean;
    worldTotal: boolean;
  }[],
): StageSummary {
  const producers = rows.filter((r) => !r.worldTotal);
  const sum = producers.reduce((a, r) => a + (r.output ?? 0), 0);
  const countries: StageCountry[] = producers
    .map((r) => ({
      iso2: r.iso2,
      country: r.country,
      ...(r.output !== null ? { output: r.output } : {}),
      ...(r.output !== null && sum > 0 ? { share: round((r.output / sum) * 100, 2) } : {}),
      withheld: r.withheld,
      estimated: r.estimated,
      residual: r.residual,
    }))
    .sort((a, b) => Number(a.withheld) - Number(b.withheld) || (b.output ?? 0) - (a.output ?? 0));
  const hhi = round(
    producers
      .filter((r) => !r.residual && r.output !== null && sum > 0)
      .reduce((a, r) => a + ((r.output! / sum) * 100) ** 2, 0),
    1,
  );
  const published = rows.find((r) => r.worldTotal)?.output ?? null;
  const worldTotal = published ?? (sum > 0 ? sum : undefined);
  return {
    countries,
    hhi,
    ...(worldTotal !== undefined ? { worldTotal } : {}),
    withheldCount: producers.filter((r) => r.withheld).length,
  };
}
