/**
 * The published country instability index's editorial tables (methodology v8): the scored
 * countries with their baseline risk and event multiplier, the embedded advisory fallback, and the
 * log curve of the conflict component.
 */

export const CII_METHODOLOGY_VERSION = 'v8';

export interface CountryWeight {
  /** Structural risk, 0-100, blended at 0.4. */
  baselineRisk: number;
  /** Scales the country's event counts: quiet democracies below 1, closed states above. */
  eventMultiplier: number;
}

export const DEFAULT_BASELINE_RISK = 15;
export const DEFAULT_EVENT_MULTIPLIER = 1.0;

/** The 31 tier-1 countries the index scores, with their weights (the published table). */
export const COUNTRY_WEIGHTS: Readonly<Record<string, CountryWeight>> = {
  US: { baselineRisk: 5, eventMultiplier: 0.3 },
  RU: { baselineRisk: 35, eventMultiplier: 2.0 },
  CN: { baselineRisk: 25, eventMultiplier: 2.5 },
  UA: { baselineRisk: 50, eventMultiplier: 0.8 },
  IR: { baselineRisk: 40, eventMultiplier: 2.0 },
  IL: { baselineRisk: 45, eventMultiplier: 0.7 },
  TW: { baselineRisk: 30, eventMultiplier: 1.5 },
  KP: { baselineRisk: 45, eventMultiplier: 3.0 },
  SA: { baselineRisk: 20, eventMultiplier: 2.0 },
  TR: { baselineRisk: 25, eventMultiplier: 1.2 },
  PL: { baselineRisk: 10, eventMultiplier: 0.8 },
  DE: { baselineRisk: 5, eventMultiplier: 0.5 },
  FR: { baselineRisk: 10, eventMultiplier: 0.6 },
  GB: { baselineRisk: 5, eventMultiplier: 0.5 },
  IN: { baselineRisk: 20, eventMultiplier: 0.8 },
  PK: { baselineRisk: 35, eventMultiplier: 1.5 },
  SY: { baselineRisk: 50, eventMultiplier: 0.7 },
  YE: { baselineRisk: 50, eventMultiplier: 0.7 },
  MM: { baselineRisk: 45, eventMultiplier: 1.8 },
  VE: { baselineRisk: 40, eventMultiplier: 1.8 },
  CU: { baselineRisk: 45, eventMultiplier: 2.0 },
  MX: { baselineRisk: 35, eventMultiplier: 1.0 },
  BR: { baselineRisk: 15, eventMultiplier: 0.6 },
  AE: { baselineRisk: 10, eventMultiplier: 1.5 },
  KR: { baselineRisk: 15, eventMultiplier: 0.8 },
  IQ: { baselineRisk: 40, eventMultiplier: 1.2 },
  AF: { baselineRisk: 45, eventMultiplier: 0.8 },
  LB: { baselineRisk: 40, eventMultiplier: 1.5 },
  EG: { baselineRisk: 20, eventMultiplier: 1.0 },
  JP: { baselineRisk: 5, eventMultiplier: 0.5 },
  QA: { baselineRisk: 10, eventMultiplier: 0.8 },
};

/** The scored countries, in the published table's order. */
export const CII_COUNTRIES: readonly string[] = Object.keys(COUNTRY_WEIGHTS);

export function isCiiCountry(code: string): boolean {
  return Object.prototype.hasOwnProperty.call(COUNTRY_WEIGHTS, code);
}

export function countryWeight(code: string): CountryWeight {
  return COUNTRY_WEIGHTS[code] ?? { baselineRisk: DEFAULT_BASELINE_RISK, eventMultiplier: DEFAULT_EVENT_MULTIPLIER };
}

export type AdvisoryLevel = 'do-not-travel' | 'reconsider' | 'caution';
export type AdvisoryProvenance = 'live' | 'fallback' | 'absent';

/** The level the index assumes when the live advisories give none of the three scored levels. */
export const ADVISORY_FALLBACK: Readonly<Record<string, AdvisoryLevel>> = {
  UA: 'do-not-travel',
  SY: 'do-not-travel',
  YE: 'do-not-travel',
  MM: 'do-not-travel',
  AF: 'do-not-travel',
  IL: 'reconsider',
  IR: 'reconsider',
  PK: 'reconsider',
  VE: 'reconsider',
  CU: 'reconsider',
  MX: 'reconsider',
  IQ: 'reconsider',
  LB: 'reconsider',
  RU: 'caution',
  TR: 'caution',
};

/** Conflict activity log curve: min(cap, ln(1 + raw) / ln(1 + pivot) x cap). */
export const CONFLICT_ACTIVITY_CAP = 70;
export const CONFLICT_ACTIVITY_PIVOT = 4000;

/** Climate zones of the anomaly feed -> the scored countries they cover. */
export const CLIMATE_ZONE_COUNTRIES: Readonly<Record<string, readonly string[]>> = {
  'North America': ['US'],
  Ukraine: ['UA'],
  Europe: ['DE', 'FR', 'GB', 'PL', 'TR', 'UA'],
  'East Asia': ['CN', 'TW', 'KP', 'KR', 'JP'],
  'Middle East': ['IR', 'IL', 'SA', 'SY', 'YE', 'AE', 'IQ', 'LB', 'QA'],
  'South Asia': ['IN', 'PK', 'MM', 'AF'],
  Russia: ['RU'],
  Myanmar: ['MM'],
  California: ['US'],
  Amazon: ['BR'],
  'Latin America': ['VE', 'CU', 'MX', 'BR'],
  'North Africa': ['EG'],
  'Taiwan Strait': ['TW', 'CN'],
  Caribbean: ['CU', 'MX'],
  Mediterranean: ['TR', 'IL', 'SY', 'LB', 'EG'],
  Arctic: ['RU'],
  'Tibetan Plateau': ['CN', 'IN'],
};
