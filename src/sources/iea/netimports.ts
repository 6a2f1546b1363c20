/**
 * IEA oil stocks of member countries (the data behind the "Oil stocks of IEA countries" tool):
 * `netimports/latest` names the newest month (`{year, month}`), `netimports/monthly?year&month`
 * lists each member's stocks in days of net imports, `total` being a number of days or the text
 * `Net Exporter`. JSON, no credential.
 */
export const IEA_API = 'https://api.iea.org';
export const IEA_LATEST_URL = `${IEA_API}/netimports/latest`;

export function ieaMonthlyUrl(year: number, month: number): string {
  return `${IEA_API}/netimports/monthly/?year=${year}&month=${String(month).padStart(2, '0')}`;
}

function json(input: Buffer | string, what: string): unknown {
  try {
    return JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch {
    throw new Error(`IEA: ${what} answer is not JSON`);
  }
}

/** The newest month with data. */
export function parseIeaLatest(input: Buffer | string): { year: number; month: number } {
  const d = json(input, 'latest') as { year?: unknown; month?: unknown };
  const year = Number(d?.year);
  const month = Number(d?.month);
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12)
    throw new Error('IEA: latest answer has no year and month');
  return { year, month };
}

export interface IeaStockRow {
  country: string;
  /** Days of net imports held, or `exporter` for a net exporter. */
  total: number | 'exporter';
}

/** One row per member with a readable total; refuses a body that is not a list. */
export function parseIeaMonthly(input: Buffer | string): IeaStockRow[] {
  const d = json(input, 'monthly');
  if (!Array.isArray(d)) throw new Error('IEA: monthly answer is not a list');
  const out: IeaStockRow[] = [];
  for (const row of d as Record<string, unknown>[]) {
    const country = String(row?.countryName ?? row?.country ?? '').trim();
    const raw = String(row?.total ?? '').trim();
    if (!country || !raw) continue;
    if (/^net\s*exporter$/i.test(raw)) out.push({ country, total: 'exporter' });
    else if (Number.isFinite(Number(raw))) out.push({ country, total: Number(raw) });
  }
  return out;
}
