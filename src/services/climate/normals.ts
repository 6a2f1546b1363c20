import { parseCsvRows } from '../../sources/formats/csv.js';

/** One zone's climate for one calendar month: mean temperature (°C) and mean daily precipitation (mm). */
export interface ZoneNormal {
  zone: string;
  latitude: number;
  longitude: number;
  month: number;
  tempC: number;
  precipMm: number;
}

/** The reference period of the normals. */
export const NORMALS_START = '1991-01-01';
export const NORMALS_END = '2020-12-31';

const round2 = (x: number) => Math.round(x * 100) / 100;
const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * Monthly normals from a daily series, as the published normals seeder computes them: days with both
 * values are grouped by year and month, each year-month is averaged, and a calendar month's normal is
 * the mean of its year-month means (so a short month or a year with gaps weighs as much as any
 * other), rounded to 2 decimals. Months with no complete day are left out.
 */
export function monthlyNormals(
  days: readonly { date: string; tempC: number | null; precipMm: number | null }[],
): { month: number; tempC: number; precipMm: number }[] {
  const byYearMonth = new Map<string, { month: number; temps: number[]; precips: number[] }>();
  for (const d of days) {
    const month = Number(d.date.slice(5, 7));
    if (d.tempC === null || d.precipMm === null || !Number.isInteger(month) || month < 1 || month > 12) continue;
    const key = d.date.slice(0, 7);
    const bucket = byYearMonth.get(key) ?? { month, temps: [], precips: [] };
    bucket.temps.push(d.tempC);
    bucket.precips.push(d.precipMm);
    byYearMonth.set(key, bucket);
  }
  const out: { month: number; tempC: number; precipMm: number }[] = [];
  for (let month = 1; month <= 12; month++) {
    const years = [...byYearMonth.values()].filter((b) => b.month === month);
    if (years.length === 0) continue;
    out.push({
      month,
      tempC: round2(mean(years.map((y) => mean(y.temps)))),
      precipMm: round2(mean(years.map((y) => mean(y.precips)))),
    });
  }
  return out;
}

/** Header of the normals table (CSV, `#` comment lines). */
export const NORMALS_HEADER = 'zone,latitude,longitude,month,temperature_2m_mean,precipitation_sum_per_day';

/** The normals table: one row per zone and calendar month. */
export function parseNormals(input: Buffer | string): ZoneNormal[] {
  const rows = parseCsvRows(input, { comment: '#', relaxColumnCount: true, trim: true });
  if (rows[0]?.join(',') !== NORMALS_HEADER) throw new Error('climate normals: unexpected header');
  return rows.slice(1).map((c, i) => {
    const [lat, lon, month, t, p] = c.slice(1).map(Number);
    if (
      c.length !== 6 ||
      !c[0] ||
      !Number.isInteger(month) ||
      month < 1 ||
      month > 12 ||
      ![lat, lon, t, p].every(Number.isFinite)
    )
      throw new Error(`climate normals line ${i + 2} is unreadable`);
    return { zone: c[0], latitude: lat, longitude: lon, month, tempC: t, precipMm: p };
  });
}

/** Writes the normals table, each comment line prefixed with `# `. */
export function formatNormals(rows: readonly ZoneNormal[], comments: readonly string[]): string {
  return [
    ...comments.map((c) => `# ${c}`),
    NORMALS_HEADER,
    ...rows.map((r) => [r.zone, r.latitude, r.longitude, r.month, r.tempC, r.precipMm].join(',')),
    '',
  ].join('\n');
}
