import { FormatError } from '../formats/errors.js';

/**
 * Ministry of Commerce of the PRC, policy release list page (Chinese, HTML): one `<li>` per
 * document with its link, full title and release date (YYYY-MM-DD).
 */
export const MOFCOM_ORIGIN = 'https://www.mofcom.gov.cn';
export const MOFCOM_POLICY_URL = `${MOFCOM_ORIGIN}/zwgk/zcfb/index.html`;

export interface PolicyDocument {
  title: string;
  url: string;
  /** Release date, YYYY-MM-DD. */
  date: string;
}

const FORMAT = 'MOFCOM policy list';
const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();

/** Documents of the list, newest first; a relative link is resolved against the page. */
export function parseMofcomPolicyList(input: Buffer | string, pageUrl = MOFCOM_POLICY_URL): PolicyDocument[] {
  const html = input.toString();
  const list = /<ul class="txtList_01">([\s\S]*?)<\/ul>/i.exec(html)?.[1];
  if (list === undefined) throw new FormatError(FORMAT, 'no document list (ul.txtList_01) on the page');
  const out: PolicyDocument[] = [];
  for (const li of list.match(/<li[\s\S]*?<\/li>/gi) ?? []) {
    const tag = /<a\s[^>]*>/i.exec(li)?.[0] ?? '';
    const href = /href="([^"]+)"/i.exec(tag)?.[1];
    const title = /title="([^"]+)"/i.exec(tag)?.[1];
    const date = /(\d{4}-\d{2}-\d{2})/.exec(li.replace(/<a[\s\S]*?<\/a>/i, ''))?.[1];
    if (!href || !title || !date) continue;
    out.push({ title: unescape(title), url: new URL(href, pageUrl).toString(), date });
  }
  return out.sort((x, y) => y.date.localeCompare(x.date));
}
