/** NOAA Global Monitoring Laboratory trend tables: `#` comment lines, then whitespace-separated numbers. */
export const GML_TRENDS = 'https://gml.noaa.gov/webdata/ccgg/trends';

/**
 * Parses a GML text table into numeric rows of at least `minColumns` cells. GML marks missing values
 * with negative sentinels (-99.99, -9.99); rows carrying one in a used column are for the caller to drop.
 * A document with no data row is refused.
 */
export function parseGmlTable(input: Buffer | string, minColumns: number, what: string): number[][] {
  const rows: number[][] = [];
  for (const line of (typeof input === 'string' ? input : input.toString('utf8')).split(/\r?\n/)) {
    const t = line.trim();
    if (!t || t.startsWith('#')) continue;
    const cells = t.split(/\s+/).map(Number);
    if (cells.length < minColumns || cells.some((c) => !Number.isFinite(c)))
      throw new Error(`GML ${what}: unreadable line "${t.slice(0, 80)}"`);
    rows.push(cells);
  }
  if (rows.length === 0) throw new Error(`GML ${what}: no data lines`);
  return rows;
}
