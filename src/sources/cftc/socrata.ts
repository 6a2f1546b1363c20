/**
 * CFTC Commitments of Traders on the CFTC Public Reporting Environment (Socrata). Socrata answers a
 * JSON array of rows whose values are all strings; a query error comes back as an object.
 */

export const CFTC_ORIGIN = 'https://publicreporting.cftc.gov';
/** Traders in Financial Futures, futures and options combined. */
export const TFF_DATASET = 'yw9f-hn96';
/** Disaggregated report (physical commodities), futures and options combined. */
export const DISAGGREGATED_DATASET = 'rxbv-e226';

/** The latest combined reports of the given contract codes, newest first. */
export function cotUrl(dataset: string, codes: readonly string[]): string {
  const where = `futonly_or_combined='Combined' AND cftc_contract_market_code in(${codes.map((c) => `'${c}'`).join(',')})`;
  const q = new URLSearchParams({ $limit: '200', $order: 'report_date_as_yyyy_mm_dd DESC', $where: where });
  return `${CFTC_ORIGIN}/resource/${dataset}.json?${q.toString()}`;
}

/** One report row: the market, its report date (YYYY-MM-DD) and every numeric column by name. */
export interface CotRow {
  market: string;
  code: string;
  reportDate: string;
  values: Record<string, number>;
}

/** Reads a Socrata answer into rows; rows without a contract code or report date are skipped. */
export function parseCotRows(input: Buffer | string): CotRow[] {
  let json: unknown;
  try {
    json = JSON.parse(input.toString());
  } catch (err) {
    throw new Error(`CFTC Socrata answer is not JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(json)) {
    const message = (json as { message?: unknown } | null)?.message;
    throw new Error(`CFTC Socrata answer is not an array of rows${typeof message === 'string' ? `: ${message}` : ''}`);
  }
  const out: CotRow[] = [];
  for (const item of json) {
    if (!item || typeof item !== 'object') continue;
    const r = item as Record<string, unknown>;
    const code = r.cftc_contract_market_code;
    const date = typeof r.report_date_as_yyyy_mm_dd === 'string' ? r.report_date_as_yyyy_mm_dd.slice(0, 10) : '';
    if (typeof code !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) continue;
    const values: Record<string, number> = {};
    for (const [k, v] of Object.entries(r)) {
      // Codes and ids look numeric ("088691") but are identifiers.
      if (k === 'id' || k.endsWith('_code')) continue;
      if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) values[k] = Number(v);
    }
    out.push({
      market: typeof r.market_and_exchange_names === 'string' ? r.market_and_exchange_names : '',
      code,
      reportDate: date,
      values,
    });
  }
  return out;
}
