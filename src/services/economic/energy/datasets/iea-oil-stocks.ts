import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { IEA_LATEST_URL, ieaMonthlyUrl, parseIeaLatest, parseIeaMonthly } from '../../../../sources/iea/netimports.js';
import { IEA_ANOMALY_DAYS, ieaMember, type MemberStocks } from '../rules.js';

export const IEA_OIL_STOCKS = 'economic.iea-oil-stocks';

export interface IeaStocksInfo {
  /** Month the stocks stand for, YYYY-MM. */
  dataMonth: string;
  /** Members whose total was beyond belief (over 500 days), left out. */
  anomalies: string[];
}

/** Members of the newest month, mapped to ISO codes by name; non-members and anomalies are left out. */
export function buildOilStocks(latest: Buffer, monthly: Buffer): { records: MemberStocks[]; info: IeaStocksInfo } {
  const { year, month } = parseIeaLatest(latest);
  const records: MemberStocks[] = [];
  const anomalies: string[] = [];
  for (const row of parseIeaMonthly(monthly)) {
    const member = ieaMember(row.country);
    if (!member || records.some((r) => r.iso2 === member.iso2)) continue;
    if (row.total === 'exporter') records.push({ iso2: member.iso2, region: member.region, netExporter: true });
    else if (row.total > IEA_ANOMALY_DAYS) anomalies.push(member.iso2);
    else
      records.push({
        iso2: member.iso2,
        region: member.region,
        daysOfCover: Math.round(row.total),
        netExporter: false,
      });
  }
  if (records.length === 0) throw new Error('IEA: no member country in the monthly answer');
  return { records, info: { dataMonth: `${year}-${String(month).padStart(2, '0')}`, anomalies } };
}

export const ieaOilStocksDataset: Dataset<MemberStocks, IeaStocksInfo> = {
  name: IEA_OIL_STOCKS,
  source: 'International Energy Agency, oil stocks of IEA countries in days of net imports',
  kind: 'live',
  maxStaleMinutes: 57_600,
  sources: {
    latest: { url: IEA_LATEST_URL, sample: 'economic/iea/netimports-latest.json' },
    // The month to ask for comes from the `latest` answer.
    monthly: {
      url: ieaMonthlyUrl(2026, 8),
      sample: 'economic/iea/netimports-monthly.requests.json',
      fetch: async (get) => {
        const { year, month } = parseIeaLatest(await get(IEA_LATEST_URL));
        return get(ieaMonthlyUrl(year, month));
      },
    },
  },
  parse: (payloads) => buildOilStocks(payloads.latest!, payloads.monthly!),
};
