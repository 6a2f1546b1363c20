/**
 * US EPA PM2.5 AQI breakpoints (2024 revision): concentration in µg/m³, truncated to 0.1, mapped
 * linearly within its band. Above the top band the index stays at 500.
 */
const PM25_BANDS: readonly [number, number, number, number][] = [
  [0.0, 9.0, 0, 50],
  [9.1, 35.4, 51, 100],
  [35.5, 55.4, 101, 150],
  [55.5, 125.4, 151, 200],
  [125.5, 225.4, 201, 300],
  [225.5, 325.4, 301, 500],
];

export function pm25ToAqi(concentration: number): number {
  const c = Math.floor(Math.max(0, concentration) * 10) / 10;
  for (const [cLo, cHi, iLo, iHi] of PM25_BANDS) {
    if (c <= cHi) return Math.round(((iHi - iLo) / (cHi - cLo)) * (Math.max(c, cLo) - cLo) + iLo);
  }
  return 500;
}

/** good ≤ 50, moderate ≤ 100, unhealthy ≤ 300, hazardous above. */
export function riskLevel(aqi: number): 'good' | 'moderate' | 'unhealthy' | 'hazardous' {
  if (aqi <= 50) return 'good';
  if (aqi <= 100) return 'moderate';
  if (aqi <= 300) return 'unhealthy';
  return 'hazardous';
}

export const PRE_INDUSTRIAL_PPM = 280;
const DAY = 86_400_000;
const round2 = (x: number) => Math.round(x * 100) / 100;

export interface Co2Inputs {
  daily: { at: number; ppm: number }[];
  monthly: { year: number; month: number; ppm: number }[];
  annual: { year: number; ppm: number }[];
  methane: number;
  nitrousOxide: number;
}

/**
 * The monitoring summary: latest daily value, the value a year before (same day, else the nearest
 * recorded day), growth between the last two annual means, the mean of the latest month's days, and
 * the last 12 monthly means each against the same month a year earlier.
 */
export function co2Summary(x: Co2Inputs) {
  const daily = [...x.daily].sort((a, b) => a.at - b.at);
  const latest = daily.at(-1);
  if (!latest) throw new Error('no daily CO2 value');
  const d = new Date(latest.at);
  const target = Date.UTC(d.getUTCFullYear() - 1, d.getUTCMonth(), d.getUTCDate());
  const yearAgo = daily
    .filter((r) => Math.abs(r.at - target) <= 31 * DAY)
    .sort((a, b) => Math.abs(a.at - target) - Math.abs(b.at - target))[0];
  const sameMonth = daily.filter(
    (r) => new Date(r.at).getUTCFullYear() === d.getUTCFullYear() && new Date(r.at).getUTCMonth() === d.getUTCMonth(),
  );
  const annual = [...x.annual].sort((a, b) => a.year - b.year);
  const growth = annual.length >= 2 ? round2(annual.at(-1)!.ppm - annual.at(-2)!.ppm) : 0;
  const monthly = [...x.monthly].sort((a, b) => a.year - b.year || a.month - b.month);
  const byMonth = new Map(monthly.map((m) => [`${m.year}-${m.month}`, m.ppm]));
  const trend12m = monthly.slice(-12).map((m) => {
    const prev = byMonth.get(`${m.year - 1}-${m.month}`);
    return {
      month: `${m.year}-${String(m.month).padStart(2, '0')}`,
      ppm: m.ppm,
      anomaly: prev === undefined ? 0 : round2(m.ppm - prev),
    };
  });
  return {
    currentPpm: latest.ppm,
    yearAgoPpm: yearAgo?.ppm ?? 0,
    annualGrowthRate: growth,
    preIndustrialBaseline: PRE_INDUSTRIAL_PPM,
    monthlyAverage: round2(sameMonth.reduce((s, r) => s + r.ppm, 0) / sameMonth.length),
    trend12m,
    methanePpb: x.methane,
    nitrousOxidePpb: x.nitrousOxide,
    measuredAt: String(latest.at),
    station: 'Mauna Loa, Hawaii',
  };
}

/** ReliefWeb disaster types that are climate-driven. */
export const DISASTER_TYPE_CODES: readonly string[] = ['FL', 'TC', 'DR', 'HT', 'WF'];
const TYPE_NAMES: Record<string, string> = {
  FL: 'flood',
  TC: 'tropical_cyclone',
  DR: 'drought',
  HT: 'heat_wave',
  WF: 'wildfire',
};
export function disasterTypeOf(code: string): string {
  return TYPE_NAMES[code] ?? code.toLowerCase();
}

/** ReliefWeb status -> severity: an alert is high, an ongoing disaster medium, a past one low. */
export function disasterSeverity(status: string): string {
  if (status === 'alert') return 'high';
  if (status === 'ongoing') return 'medium';
  return 'low';
}

/** EONET categories that are climate disasters, with our type names. */
export const NATURAL_DISASTER_TYPES: Readonly<Record<string, string>> = {
  floods: 'flood',
  severeStorms: 'tropical_cyclone',
  drought: 'drought',
  tempExtremes: 'heat_wave',
  wildfires: 'wildfire',
};

/** Same type, same country (or both unknown) and starting within three days: one disaster. */
export function sameDisaster(
  a: { type: string; countryCode: string; startedAt: number; name: string },
  b: { type: string; countryCode: string; startedAt: number; name: string },
): boolean {
  if (a.type !== b.type) return false;
  if (a.countryCode && b.countryCode)
    return a.countryCode === b.countryCode && Math.abs(a.startedAt - b.startedAt) <= 3 * 86_400_000;
  // Natural events carry no country: match a named storm by name.
  const words = (s: string) =>
    new Set(
      s
        .toLowerCase()
        .split(/[^a-z-]+/)
        .filter((w) => w.length > 3),
    );
  const wa = words(a.name);
  return [...words(b.name)].some(
    (w) => wa.has(w) && !['tropical', 'cyclone', 'typhoon', 'hurricane', 'floods', 'wildfire', 'storm'].includes(w),
  );
}

export type AnomalySeverity = 'ANOMALY_SEVERITY_NORMAL' | 'ANOMALY_SEVERITY_MODERATE' | 'ANOMALY_SEVERITY_EXTREME';
export type AnomalyType =
  'ANOMALY_TYPE_WARM' | 'ANOMALY_TYPE_COLD' | 'ANOMALY_TYPE_WET' | 'ANOMALY_TYPE_DRY' | 'ANOMALY_TYPE_MIXED';

/** |ΔT| ≥ 5 °C or |ΔP| ≥ 12 mm/day extreme; ≥ 3 or ≥ 6 moderate; else normal. */
export function anomalySeverity(dT: number, dP: number): AnomalySeverity {
  if (Math.abs(dT) >= 5 || Math.abs(dP) >= 12) return 'ANOMALY_SEVERITY_EXTREME';
  if (Math.abs(dT) >= 3 || Math.abs(dP) >= 6) return 'ANOMALY_SEVERITY_MODERATE';
  return 'ANOMALY_SEVERITY_NORMAL';
}

/**
 * Temperature leads when |ΔT| ≥ |ΔP|/3: warm and dry together is MIXED, else WARM/COLD beyond 3 °C;
 * then precipitation beyond 6 mm/day is WET/DRY; otherwise the sign of ΔT.
 */
export function anomalyType(dT: number, dP: number): AnomalyType {
  if (Math.abs(dT) >= Math.abs(dP) / 3) {
    if (dT > 0 && dP < -3) return 'ANOMALY_TYPE_MIXED';
    if (dT > 3) return 'ANOMALY_TYPE_WARM';
    if (dT < -3) return 'ANOMALY_TYPE_COLD';
  }
  if (dP > 6) return 'ANOMALY_TYPE_WET';
  if (dP < -6) return 'ANOMALY_TYPE_DRY';
  return dT > 0 ? 'ANOMALY_TYPE_WARM' : 'ANOMALY_TYPE_COLD';
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * A zone's departure from its normal: the week's mean temperature and mean daily precipitation minus
 * the month's normal, each rounded to 1 decimal, then classified from the rounded departures.
 */
export function anomalyOf(
  week: { tempC: number; precipMm: number },
  normal: { tempC: number; precipMm: number },
): { tempDelta: number; precipDelta: number; severity: AnomalySeverity; type: AnomalyType } {
  const tempDelta = round1(week.tempC - normal.tempC);
  const precipDelta = round1(week.precipMm - normal.precipMm);
  return {
    tempDelta,
    precipDelta,
    severity: anomalySeverity(tempDelta, precipDelta),
    type: anomalyType(tempDelta, precipDelta),
  };
}

/** Days compared with the normal: the last seven with both values. */
export const ANOMALY_DAYS = 7;

/** Mean temperature and precipitation of the last seven complete days, with their dates. */
export function lastWeek(days: readonly { date: string; tempC: number | null; precipMm: number | null }[]) {
  const complete = days.filter((d) => d.tempC !== null && d.precipMm !== null).slice(-ANOMALY_DAYS);
  if (complete.length < ANOMALY_DAYS) return undefined;
  return {
    from: complete[0].date,
    to: complete.at(-1)!.date,
    tempC: complete.reduce((s, d) => s + d.tempC!, 0) / complete.length,
    precipMm: complete.reduce((s, d) => s + d.precipMm!, 0) / complete.length,
  };
}

/** Arctic extent this far (million km²) from the 1981-2010 median counts as below or above average. */
export const ICE_TREND_MARGIN = 0.5;

function dayOfYear(at: number): number {
  const d = new Date(at);
  return Math.floor((at - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}

/** Latest extent against the median for its day of year, and monthly means over the last 12 months. */
export function iceSummary(daily: readonly { at: number; extent: number }[], median: ReadonlyMap<number, number>) {
  const latest = daily.at(-1);
  if (!latest) throw new Error('no daily sea ice extent');
  const med = (at: number) => median.get(Math.min(dayOfYear(at), 365));
  const latestMedian = med(latest.at);
  if (latestMedian === undefined) throw new Error('no climatology for the latest day');
  const anomaly = round2(latest.extent - latestMedian);
  const byMonth = new Map<string, { sum: number; anom: number; n: number }>();
  for (const r of daily) {
    const m = med(r.at);
    if (m === undefined) continue;
    const key = new Date(r.at).toISOString().slice(0, 7);
    const acc = byMonth.get(key) ?? { sum: 0, anom: 0, n: 0 };
    acc.sum += r.extent;
    acc.anom += r.extent - m;
    acc.n += 1;
    byMonth.set(key, acc);
  }
  const months = [...byMonth.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .slice(-12)
    .map(([month, a]) => ({ month, extentMkm2: round2(a.sum / a.n), anomalyMkm2: round2(a.anom / a.n) }));
  return {
    extent: round2(latest.extent),
    anomaly,
    trend: anomaly < -ICE_TREND_MARGIN ? 'below_average' : anomaly > ICE_TREND_MARGIN ? 'above_average' : 'average',
    measuredAt: latest.at,
    months,
  };
}
