import { parseCsv } from '../formats/csv.js';

/**
 * UK Department for Energy Security and Net Zero, weekly road fuel prices (CSV): one row per week
 * dated dd/mm/yyyy, ULSP (petrol) and ULSD (diesel) pump prices in pence per litre.
 */
/** The statistics page's record in the GOV.UK Content API: its attachments name the current CSV. */
export const DESNZ_ROAD_FUEL_CONTENT_URL =
  'https://www.gov.uk/api/content/government/statistics/weekly-road-fuel-prices';

/** Weeks with petrol and diesel prices in pounds per litre, newest first. */
export function parseRoadFuel(input: Buffer | string): { date: string; petrol?: number; diesel?: number }[] {
  const rows = parseCsv(input, { trim: true });
  const cols = Object.keys(rows[0] ?? {});
  const petrolCol = cols.find((c) => /^ULSP:\s*Pump price/i.test(c));
  const dieselCol = cols.find((c) => /^ULSD:\s*Pump price/i.test(c));
  if (!petrolCol || !dieselCol || !cols.includes('Date'))
    throw new Error('DESNZ road fuel CSV: no Date, ULSP or ULSD pump price column');
  // Pence with two decimals are pounds with four.
  const pounds = (v: string | undefined) => (v && Number(v) > 0 ? Math.round(Number(v) * 100) / 10_000 : undefined);
  return rows
    .map((r) => ({ m: /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(r.Date ?? ''), r }))
    .filter((x) => x.m !== null)
    .map(({ m, r }) => ({
      date: `${m![3]}-${m![2]}-${m![1]}`,
      petrol: pounds(r[petrolCol]),
      diesel: pounds(r[dieselCol]),
    }))
    .sort((a, b) => (a.date < b.date ? 1 : -1));
}
