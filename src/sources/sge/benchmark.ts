/**
 * Shanghai Gold Exchange benchmark price pages (HTML). The page's data table has exactly the columns
 * Trade Date | Contract | Benchmark Price AM | Benchmark Price PM, dates as YYYYMMDD, prices in CNY
 * (per gram for gold SHAU, per kilogram for silver SHAG).
 */

export const SGE_ORIGIN = 'https://en.sge.com.cn';
export const SGE_GOLD_URL = `${SGE_ORIGIN}/data_BenchmarkPrice_Daily`;
export const SGE_SILVER_URL = `${SGE_ORIGIN}/data/data_silver_daily`;

export interface BenchmarkPrice {
  /** YYYY-MM-DD. */
  date: string;
  contract: string;
  /** The PM benchmark, or the AM one when the PM session has not priced. */
  price: number;
  session: 'AM' | 'PM';
}

const EXPECTED_HEADER = ['Trade Date', 'Contract', 'Benchmark Price AM', 'Benchmark Price PM'];

const cellText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Every row of the benchmark table, newest first. Throws when the page has no table with the expected header. */
export function parseSgeBenchmark(input: Buffer | string): BenchmarkPrice[] {
  const html = input.toString();
  for (const table of html.match(/<table[\s\S]*?<\/table>/gi) ?? []) {
    const rows = (table.match(/<tr[\s\S]*?<\/tr>/gi) ?? []).map((tr) =>
      (tr.match(/<t[hd][^>]*>[\s\S]*?<\/t[hd]>/gi) ?? []).map(cellText),
    );
    const headerAt = rows.findIndex((r) => r.join('|') === EXPECTED_HEADER.join('|'));
    if (headerAt < 0) continue;
    const out: BenchmarkPrice[] = [];
    for (const r of rows.slice(headerAt + 1)) {
      const [date, contract, am, pm] = r;
      if (!/^\d{8}$/.test(date ?? '')) continue;
      const amN = Number(am);
      const pmN = Number(pm);
      const usePm = pm !== '' && pm !== undefined && Number.isFinite(pmN) && pmN > 0;
      if (!usePm && !(am !== '' && Number.isFinite(amN) && amN > 0)) continue;
      out.push({
        date: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`,
        contract: contract ?? '',
        price: usePm ? pmN : amN,
        session: usePm ? 'PM' : 'AM',
      });
    }
    return out.sort((a, b) => b.date.localeCompare(a.date));
  }
  throw new Error('SGE page has no table headed Trade Date | Contract | Benchmark Price AM | Benchmark Price PM');
}
