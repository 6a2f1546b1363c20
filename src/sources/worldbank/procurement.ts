import { iso, jsonOf, type RawNotice } from '../procurement/notice.js';

/** World Bank procurement notices search API (JSON, no credential), newest first. */
export const WB_PROCNOTICES_URL =
  'https://search.worldbank.org/api/v2/procnotices?format=json&rows=100&srt=noticedate&order=desc';

export function parseProcNotices(input: Buffer | string): RawNotice[] {
  const doc = jsonOf(input, 'World Bank procurement') as { procnotices?: unknown };
  if (!Array.isArray(doc?.procnotices)) throw new Error('World Bank procurement: answer has no procnotices');
  return (doc.procnotices as Record<string, unknown>[]).map((n) => ({
    sourceNoticeId: String(n.id ?? ''),
    title: String(n.project_name ?? ''),
    description: String(n.bid_description ?? ''),
    buyer: String(n.contact_organization ?? ''),
    officialUrl: String(n.url ?? ''),
    countryCode: typeof n.project_ctry_code === 'string' ? n.project_ctry_code.toUpperCase() : '',
    publishedAt: iso(n.noticedate),
    deadline: iso(n.submission_deadline_date),
    status: String(n.notice_status ?? ''),
    noticeType: String(n.notice_type ?? ''),
    categoryCodes: [],
    sectors: n.procurement_method_name ? [String(n.procurement_method_name)] : [],
  }));
}
