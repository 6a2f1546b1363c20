import { FormatError, isObject, parseJsonText } from '../formats/errors.js';

/**
 * WTO Timeseries API (https://api.wto.org/timeseries/v1): indicator values by reporting economy
 * and year. Every request needs a free subscription key in the `Ocp-Apim-Subscription-Key` header.
 */
export const WTO_API_BASE = 'https://api.wto.org/timeseries/v1';

/** `/data` address for one indicator, all reporters, partner World where the indicator has partners. */
export function wtoDataUrl(indicator: string, fromYear: number, toYear: number): string {
  const q = new URLSearchParams({
    i: indicator,
    r: 'all',
    ps: `${fromYear}-${toYear}`,
    fmt: 'json',
    mode: 'full',
    lang: '1',
    max: '100000',
  });
  return `${WTO_API_BASE}/data?${q.toString()}`;
}

export function wtoHeaders(key: string | undefined): Record<string, string> {
  return key ? { 'Ocp-Apim-Subscription-Key': key } : {};
}

/** One annual observation of a WTO indicator. */
export interface WtoObservation {
  indicator: string;
  /** WTO economy code, three digits (`840` United States). */
  reporterCode: string;
  reporterName: string;
  /** `000` (World) when the indicator has no partner dimension. */
  partnerCode: string;
  year: number;
  value: number;
}

/**
 * `/data` JSON (`{"Dataset":[{IndicatorCode, ReportingEconomyCode, ReportingEconomy, PartnerEconomyCode,
 * Year, Value, ...}]}`) -> observations. Rows without a numeric value or year are skipped; an API
 * error body (`{"statusCode":401,"message":...}`) or a missing Dataset is a FormatError.
 */
export function parseWtoData(input: Buffer | string): WtoObservation[] {
  const doc = parseJsonText('WTO', input);
  if (!isObject(doc)) throw new FormatError('WTO', 'expected a JSON object');
  if (!Array.isArray(doc.Dataset)) {
    const message = typeof doc.message === 'string' ? doc.message : 'no Dataset array';
    throw new FormatError('WTO', `upstream answered without data: ${message}`);
  }
  const out: WtoObservation[] = [];
  for (const row of doc.Dataset as unknown[]) {
    if (!isObject(row)) continue;
    // null means "no figure": Number(null) would read it as 0.
    const value =
      typeof row.Value === 'number'
        ? row.Value
        : typeof row.Value === 'string' && row.Value.trim() !== ''
          ? Number(row.Value)
          : NaN;
    const year = Number(row.Year);
    const reporterCode = String(row.ReportingEconomyCode ?? '').padStart(3, '0');
    if (
      !Number.isFinite(value) ||
      !Number.isInteger(year) ||
      !/^\d{3}$/.test(reporterCode) ||
      typeof row.IndicatorCode !== 'string'
    )
      continue;
    out.push({
      indicator: row.IndicatorCode,
      reporterCode,
      reporterName: String(row.ReportingEconomy ?? reporterCode),
      partnerCode:
        row.PartnerEconomyCode === undefined || row.PartnerEconomyCode === null
          ? '000'
          : String(row.PartnerEconomyCode).padStart(3, '0'),
      year,
      value,
    });
  }
  return out;
}
