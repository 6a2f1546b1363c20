import { FormatError, isObject, parseJsonText } from '../formats/errors.js';

/**
 * UN Comtrade public preview API (no key): annual HS commodity trade of one reporter with every
 * partner, imports (M) and exports (X). One response holds at most 500 rows.
 */
export const COMTRADE_PREVIEW_BASE = 'https://comtradeapi.un.org/public/v1/preview/C/A/HS';

export function comtradePreviewUrl(
  reporterCode: string,
  cmdCodes: readonly string[],
  periods: readonly number[],
): string {
  const q = new URLSearchParams({
    reporterCode,
    cmdCode: cmdCodes.join(','),
    flowCode: 'X,M',
    period: periods.join(','),
    includeDesc: 'true',
  });
  return `${COMTRADE_PREVIEW_BASE}?${q.toString()}`;
}

/** One row of a Comtrade response: a reporter's trade in one HS code with one partner in one year. */
export interface ComtradeRow {
  /** UN M49 reporter code as Comtrade writes it (`842` USA, `156` China, `490` "Other Asia, nes" = Taiwan). */
  reporterCode: string;
  reporterIso: string;
  reporterName: string;
  /** `0` is World (the total over partners). */
  partnerCode: string;
  partnerIso: string;
  partnerName: string;
  flowCode: 'X' | 'M';
  /** HS code, 2 to 6 digits. */
  cmdCode: string;
  cmdDesc: string;
  year: number;
  /** `primaryValue`: CIF for imports, FOB for exports, US dollars. */
  tradeValueUsd: number;
  /** Net weight in kilograms, 0 when not reported. */
  netWeightKg: number;
}

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/**
 * Preview JSON (`{"data":[{reporterCode, reporterISO, reporterDesc, flowCode, partnerCode, partnerISO,
 * partnerDesc, cmdCode, cmdDesc, refYear, primaryValue, netWgt, ...}], "error": ""}`) -> rows. Rows for
 * other flows (re-exports, ...) or without a value are skipped; a non-empty `error` is a FormatError.
 */
export function parseComtradePreview(input: Buffer | string): ComtradeRow[] {
  const doc = parseJsonText('Comtrade', input);
  if (!isObject(doc)) throw new FormatError('Comtrade', 'expected a JSON object');
  if (typeof doc.error === 'string' && doc.error.trim() !== '')
    throw new FormatError('Comtrade', `upstream error: ${doc.error.trim().slice(0, 200)}`);
  if (!Array.isArray(doc.data)) throw new FormatError('Comtrade', 'no data array');
  const out: ComtradeRow[] = [];
  for (const r of doc.data as unknown[]) {
    if (!isObject(r)) continue;
    const flowCode = str(r.flowCode);
    const value = typeof r.primaryValue === 'number' ? r.primaryValue : NaN;
    const year = Number(r.refYear ?? r.period);
    const cmdCode = str(r.cmdCode);
    if (
      (flowCode !== 'X' && flowCode !== 'M') ||
      !Number.isFinite(value) ||
      !Number.isInteger(year) ||
      !/^\d{2,6}$/.test(cmdCode)
    )
      continue;
    const weight = Number(r.netWgt);
    out.push({
      reporterCode: str(r.reporterCode),
      reporterIso: str(r.reporterISO),
      reporterName: str(r.reporterDesc),
      partnerCode: str(r.partnerCode),
      partnerIso: str(r.partnerISO),
      partnerName: str(r.partnerDesc),
      flowCode,
      cmdCode,
      cmdDesc: str(r.cmdDesc),
      year,
      tradeValueUsd: value,
      netWeightKg: Number.isFinite(weight) && weight > 0 ? weight : 0,
    });
  }
  return out;
}
