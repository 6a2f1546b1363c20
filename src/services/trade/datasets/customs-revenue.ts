import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { mtsTable9Url, parseMtsRows } from '../../../sources/fiscaldata/mts.js';
import { toBillions } from '../rules.js';
import type { CustomsRevenueMonth } from '../schemas.js';

export const CUSTOMS_REVENUE = 'trade.customs-revenue';

/** More rows than three years of months means the query or the table changed shape. */
const MAX_ROWS = 100;

/** US customs duties per month from the Monthly Treasury Statement, oldest first, in billions of dollars. */
export function customsMonths(bytes: Buffer): CustomsRevenueMonth[] {
  const rows = parseMtsRows(bytes).filter((r) => r.classification === 'Customs Duties');
  if (rows.length > MAX_ROWS) throw new Error(`FiscalData: ${rows.length} customs rows, expected at most ${MAX_ROWS}`);
  return rows
    .map((r) => ({
      recordDate: r.recordDate,
      fiscalYear: r.fiscalYear,
      calendarYear: r.calendarYear,
      calendarMonth: r.calendarMonth,
      monthlyAmountBillions: toBillions(r.currentMonthAmount),
      fytdAmountBillions: toBillions(r.fiscalYearToDateAmount),
    }))
    .sort((a, b) => (a.recordDate < b.recordDate ? -1 : a.recordDate > b.recordDate ? 1 : 0));
}

export const customsRevenueDataset: Dataset<CustomsRevenueMonth> = {
  name: CUSTOMS_REVENUE,
  source: 'U.S. Treasury FiscalData, Monthly Treasury Statement table 9',
  kind: 'live',
  maxStaleMinutes: 2 * 24 * 60,
  sources: {
    mts: {
      url: mtsTable9Url('Customs Duties', `${new Date().getUTCFullYear() - 3}-01-01`),
      urlAt: (now) => mtsTable9Url('Customs Duties', `${new Date(now).getUTCFullYear() - 3}-01-01`),
      sample: 'trade/fiscaldata-mts-table-9-customs.json',
    },
  },
  parse(payloads) {
    return { records: customsMonths(payloads.mts!) };
  },
};
