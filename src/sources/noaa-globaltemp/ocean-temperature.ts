/**
 * NOAAGlobalTemp v6 time series directory. The monthly ocean-only average (90S-90N, anomalies against
 * 1991-2020, fixed-width ASCII) is published there under a name ending in its last month,
 * `aravg.mon.ocean.90S.90N.v6.<x>.<YYYYMM>.asc`, a new file each month.
 */
export const NOAA_OCEAN_TEMP_INDEX_URL =
  'https://www.ncei.noaa.gov/data/noaa-global-surface-temperature/v6/access/timeseries/';

/** The newest monthly ocean series named in the directory listing (latest month, then highest version). */
export function newestOceanSeries(indexHtml: Buffer | string): string {
  const names = [
    ...(typeof indexHtml === 'string' ? indexHtml : indexHtml.toString('utf8')).matchAll(
      /href="(aravg\.mon\.ocean\.90S\.90N\.v6\.([\d.]+?)\.(\d{6})\.asc)"/g,
    ),
  ].map((m) => ({ name: m[1], version: m[2].split('.').map(Number), period: Number(m[3]) }));
  if (names.length === 0) throw new Error('NOAAGlobalTemp directory lists no monthly ocean series');
  const newer = (a: (typeof names)[number], b: (typeof names)[number]) =>
    a.period - b.period || a.version.reduce((d, v, i) => d || v - (b.version[i] ?? 0), 0);
  return new URL(names.reduce((a, b) => (newer(b, a) > 0 ? b : a)).name, NOAA_OCEAN_TEMP_INDEX_URL).toString();
}

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
