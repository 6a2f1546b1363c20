/** NCEI global ocean heat content, 0-700 m, yearly (pentadal-centred) values in 10^22 J, whitespace text. */
export const NCEI_OHC_700M_URL =
  'https://www.ncei.noaa.gov/data/oceans/woa/DATA_ANALYSIS/3M_HEAT_CONTENT/DATA/basin/yearly/h22-w0-700m.dat';

/** The world-ocean (WO) column, by mid-year; the header line is skipped. */
export function parseOceanHeat(input: Buffer | string): { year: number; zettajoules: number }[] {
  const out: { year: number; zettajoules: number }[] = [];
  for (const line of (typeof input === 'string' ? input : input.toString('utf8')).split(/\r?\n/)) {
    const c = line.trim().split(/\s+/).map(Number);
    if (c.length < 2 || !Number.isFinite(c[0]) || !Number.isFinite(c[1])) continue;
    // 10^22 J -> zettajoules (10^21 J).
    out.push({ year: Math.floor(c[0]), zettajoules: Math.round(c[1] * 10 * 100) / 100 });
  }
  if (out.length === 0) throw new Error('NCEI ocean heat content: no data rows');
  return out;
}
