import type { CountrySignals } from './signals.js';
import type { AdvisoryLevel } from './weights.js';

/** The published index's additive boosts, each a pure function of one country's counts. */

/** min(15, 3 x severity). */
export function climateBoost(severity: number): number {
  return Math.min(15, severity * 3);
}

/** min(12, 3 critical + 1.8 high + 0.9 medium indicators). */
export function cyberBoost(s: Pick<CountrySignals, 'cyberCritical' | 'cyberHigh' | 'cyberMedium'>): number {
  return Math.min(12, s.cyberCritical * 3 + s.cyberHigh * 1.8 + s.cyberMedium * 0.9);
}

/** min(8, 1.5 high fires + 0.25 x min(20, fires)); high = brightness >= 360 K or FRP >= 50 MW. */
export function fireBoost(s: Pick<CountrySignals, 'fires' | 'firesHigh'>): number {
  return Math.min(8, s.firesHigh * 1.5 + Math.min(20, s.fires) * 0.25);
}

/** do-not-travel 15, reconsider 10, caution 5. */
export function advisoryBoost(level: AdvisoryLevel | undefined): number {
  return level === 'do-not-travel' ? 15 : level === 'reconsider' ? 10 : level === 'caution' ? 5 : 0;
}

/** Israel only: 15 while sirens are active, + 10 for 10 or more alerts in 24 h, + 5 for 3 or more. */
export function orefBlendBoost(code: string, s: Pick<CountrySignals, 'orefActiveAlerts' | 'orefHistory24h'>): number {
  if (code !== 'IL') return 0;
  return (s.orefActiveAlerts > 0 ? 15 : 0) + (s.orefHistory24h >= 10 ? 10 : s.orefHistory24h >= 3 ? 5 : 0);
}

/** clamp(round((log10(n) - 5) x 8 + 4), 0, 20) for n > 0 displaced people: 100k -> 4, 1M -> 12, 10M -> 20. */
export function displacementBoost(displaced: number): number {
  if (!(displaced > 0)) return 0;
  return Math.min(20, Math.max(0, Math.round((Math.log10(displaced) - 5) * 8 + 4)));
}

/** 5 when the information component is 70 or more, 3 from 50. */
export function newsUrgencyBoost(information: number): number {
  return information >= 70 ? 5 : information >= 50 ? 3 : 0;
}

/** min(25, 10 per M7.5+, 5 per M6.5+, 2 per M5.5+ earthquake of the last 7 days). */
export function earthquakeBoost(s: Pick<CountrySignals, 'quakesSevere' | 'quakesMajor' | 'quakesSignificant'>): number {
  return Math.min(25, s.quakesSevere * 10 + s.quakesMajor * 5 + s.quakesSignificant * 2);
}

/** 2000 entries or more 12, 501 or more 8, 101 or more 5, any 3; + 2 when any is new. */
export function sanctionsBoost(entries: number, newEntries: number): number {
  if (!(entries > 0)) return 0;
  const base = entries >= 2000 ? 12 : entries >= 501 ? 8 : entries >= 101 ? 5 : 3;
  return base + (newEntries > 0 ? 2 : 0);
}

/** min(10, 2.5 high + 1.5 elevated + 0.5 low AIS disruptions). */
export function aisBoost(m: CountrySignals['military']): number {
  return Math.min(10, m.aisDisruptionHigh * 2.5 + m.aisDisruptionElevated * 1.5 + m.aisDisruptionLow * 0.5);
}

/** UCDP war 70, minor conflict 50. */
export function ucdpFloor(intensity: 'war' | 'minor' | undefined): number {
  return intensity === 'war' ? 70 : intensity === 'minor' ? 50 : 0;
}

/** do-not-travel 60, reconsider 50. */
export function advisoryFloor(level: AdvisoryLevel | undefined): number {
  return level === 'do-not-travel' ? 60 : level === 'reconsider' ? 50 : 0;
}
