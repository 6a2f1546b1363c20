import { FormatError, isObject, parseJsonText } from '../formats/errors.js';

/** US Treasury FiscalData API (no key): Monthly Treasury Statement tables. */
export const FISCALDATA_BASE = 'https://api.fiscaldata.treasury.gov/services/api/fiscal_service';

/** MTS table 9 (receipts and outlays by source) rows for one classification since a date, newest first. */
export function mtsTable9Url(classification: string, sinceIsoDate: string): string {
  const fields =
    'record_date,classification_desc,current_month_rcpt_outly_amt,current_fytd_rcpt_outly_amt,record_fiscal_year,record_calendar_year,record_calendar_month';
  return `${FISCALDATA_BASE}/v1/accounting/mts/mts_table_9?fields=${fields}&filter=classification_desc:eq:${encodeURIComponent(classification)},record_date:gte:${sinceIsoDate}&sort=-record_date&page[size]=50`;
}

export interface MtsRow {
  recordDate: string;
  classification: string;
  /** Dollars received (or spent) in the month. */
  currentMonthAmount: number;
  /** Dollars since the start of the fiscal year (1 October). */
  fiscalYearToDateAmount: number;
  fiscalYear: number;
  calendarYear: number;
  calendarMonth: number;
}

/** FiscalData JSON (`{"data":[{record_date, current_month_rcpt_outly_amt, ...}], "meta":{...}}`) -> rows. */
export function parseMtsRows(input: Buffer | string): MtsRow[] {
  const doc = parseJsonText('FiscalData', input);
  if (!isObject(doc) || !Array.isArray(doc.data)) {
    const msg = isObject(doc) && typeof doc.message === 'string' ? doc.message : 'no data array';
    throw new FormatError('FiscalData', msg);
  }
  const out: MtsRow[] = [];
  for (const r of doc.data as unknown[]) {
    if (!isObject(r)) continue;
    const row: MtsRow = {
      recordDate: String(r.record_date ?? ''),
      classification: String(r.classification_desc ?? ''),
      currentMonthAmount: Number(r.current_month_rcpt_outly_amt),
      fiscalYearToDateAmount: Number(r.current_fytd_rcpt_outly_amt),
      fiscalYear: Number(r.record_fiscal_year),
      calendarYear: Number(r.record_calendar_year),
      calendarMonth: Number(r.record_calendar_month),
    };
    // "null" amounts (a line not reported that month) are left out rather than read as 0.
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(row.recordDate) ||
      !Number.isFinite(row.currentMonthAmount) ||
      !Number.isFinite(row.fiscalYearToDateAmount) ||
      r.current_month_rcpt_outly_amt === null
    )
      continue;
    out.push(row);
  }
  return out;
}
