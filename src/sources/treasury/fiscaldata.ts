/**
 * US Treasury FiscalData API (https://api.fiscaldata.treasury.gov). JSON, no credential; rows in
 * `data`, amounts as decimal strings.
 */
export const FISCALDATA_API = 'https://api.fiscaldata.treasury.gov/services/api/fiscal_service';

/** The newest "debt to the penny" record. */
export const DEBT_TO_PENNY_URL = `${FISCALDATA_API}/v2/accounting/od/debt_to_penny?sort=-record_date&page[size]=1`;

/** Total public debt outstanding on the newest record date. */
export function parseDebtToPenny(input: Buffer | string): { recordDate: string; totalPublicDebt: number } {
  let doc: unknown;
  try {
    doc = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch {
    throw new Error('FiscalData: answer is not JSON');
  }
  const row = (doc as { data?: Record<string, unknown>[] })?.data?.[0];
  const total = Number(row?.tot_pub_debt_out_amt);
  if (!row || !(total > 0) || typeof row.record_date !== 'string')
    throw new Error('FiscalData: no debt to the penny record');
  return { recordDate: row.record_date, totalPublicDebt: total };
}
