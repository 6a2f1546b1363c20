/** NOAAGlobalTemp monthly ocean-only average (90S-90N), anomalies against 1991-2020, fixed-width ASCII. */
export const NOAA_OCEAN_TEMP_URL =
  'https://www.ncei.noaa.gov/data/noaa-global-surface-temperature/v6/access/timeseries/aravg.mon.ocean.90S.90N.v6.0.0.asc';

/** Year, month and anomaly (°C) per row; rows with the -999 sentinel are dropped. */
export function parseOceanTemperature(input: Buffer | string): { year: number; month: number; anomalyC: number }[] {
  const out: { year: number; month: number; anomalyC: number }[] = [];
  for (const line of (typeof input === 'string' ? input : input.toString('utf8')).split(/\r?\n/)) {
    const c = line.trim().split(/\s+/).map(Number);
    if (c.length < 3 || !Number.isInteger(c[0]) || !Number.isInteger(c[1]) || !Number.isFinite(c[2]) || c[2] <= -999)
      continue;
    out.push({ year: c[0], month: c[1], anomalyC: c[2] });
  }
  if (out.length === 0) throw new Error('NOAAGlobalTemp ocean series: no data rows');
  return out;
}
