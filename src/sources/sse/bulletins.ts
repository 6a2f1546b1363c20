import { z } from 'zod';
import { FormatError } from '../formats/errors.js';

/**
 * Shanghai Stock Exchange company bulletin query API (`queryCompanyBulletin.do`): JSON, or JSONP
 * when a callback is asked for; `result` lists announcements with the issuer's code and name, the
 * title, the PDF path on the disclosure site and the exchange date.
 */
export const SSE_DISCLOSURE_ORIGIN = 'https://static.sse.com.cn';
export const SSE_BULLETIN_URL =
  'https://query.sse.com.cn/security/stock/queryCompanyBulletin.do?isPagination=true&pageHelp.pageSize=50&pageHelp.pageNo=1&securityType=0101&reportType=ALL';

export interface ExchangeBulletin {
  securityCode: string;
  securityName: string;
  title: string;
  url: string;
  /** Exchange date, YYYY-MM-DD. */
  date: string;
  bulletinType: string;
}

const FORMAT = 'SSE bulletin query';
const Row = z.object({
  SECURITY_CODE: z.string().regex(/^\d{6}$/),
  SECURITY_NAME: z.string().min(1),
  TITLE: z.string().min(1),
  URL: z.string().min(1),
  SSEDATE: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  BULLETIN_TYPE: z.string().default(''),
});

/** Bulletins of the answer, newest first; rows that do not validate are skipped. */
export function parseSseBulletins(input: Buffer | string): ExchangeBulletin[] {
  let text = input.toString().trim();
  const jsonp = /^[A-Za-z_$][\w$]*\(([\s\S]*)\);?$/.exec(text);
  if (jsonp) text = jsonp[1]!;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new FormatError(FORMAT, `not JSON or JSONP: ${(err as Error).message}`);
  }
  const result = (doc as { result?: unknown } | null)?.result;
  if (!Array.isArray(result)) throw new FormatError(FORMAT, 'no result array');
  const out: ExchangeBulletin[] = [];
  for (const raw of result) {
    const r = Row.safeParse(raw);
    if (!r.success) continue;
    out.push({
      securityCode: r.data.SECURITY_CODE,
      securityName: r.data.SECURITY_NAME.trim(),
      title: r.data.TITLE.trim(),
      url: new URL(r.data.URL, SSE_DISCLOSURE_ORIGIN).toString(),
      date: r.data.SSEDATE,
      bulletinType: r.data.BULLETIN_TYPE,
    });
  }
  return out.sort((a, b) => b.date.localeCompare(a.date));
}
