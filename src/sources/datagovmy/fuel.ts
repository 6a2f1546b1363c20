/** Malaysia's open data catalogue (data.gov.my): weekly fixed pump prices, MYR per litre. JSON, no credential. */
export const MY_FUEL_URL = 'https://api.data.gov.my/data-catalogue?id=fuelprice&limit=20&sort=-date';

/** Weekly RON95 and diesel price levels (not the `change_weekly` rows), newest first. */
export function parseMyFuel(input: Buffer | string): { date: string; ron95?: number; diesel?: number }[] {
  let doc: unknown;
  try {
    doc = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch {
    throw new Error('data.gov.my: answer is not JSON');
  }
  if (!Array.isArray(doc)) throw new Error('data.gov.my: answer is not a list');
  const num = (v: unknown) => (typeof v === 'number' && v > 0 ? v : undefined);
  return (doc as Record<string, unknown>[])
    .filter((r) => r.series_type === 'level' && typeof r.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(r.date))
    .map((r) => ({ date: r.date as string, ron95: num(r.ron95), diesel: num(r.diesel) }))
    .sort((a, b) => (a.date < b.date ? 1 : -1));
}
