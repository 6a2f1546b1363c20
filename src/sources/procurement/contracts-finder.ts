import { iso, jsonOf, type RawNotice } from './notice.js';

/** UK Contracts Finder, OCDS release search (JSON, no credential): tender-stage notices of the last 14 days. */
export const CONTRACTS_FINDER_URL = (now: number) =>
  `https://www.contractsfinder.service.gov.uk/Published/Notices/OCDS/Search?publishedFrom=${new Date(now - 14 * 86_400_000).toISOString().slice(0, 10)}&stages=tender&size=100`;

export function parseContractsFinder(input: Buffer | string): RawNotice[] {
  const doc = jsonOf(input, 'Contracts Finder') as { releases?: unknown };
  if (!Array.isArray(doc?.releases)) throw new Error('Contracts Finder: answer has no releases');
  return (doc.releases as Record<string, any>[]).map((r) => {
    const t = r.tender ?? {};
    const docUrl =
      (t.documents ?? []).map((d: { url?: string }) => d.url).find((u: unknown) => typeof u === 'string') ?? '';
    return {
      sourceNoticeId: String(r.ocid ?? t.id ?? ''),
      title: String(t.title ?? ''),
      description: String(t.description ?? ''),
      buyer: String(r.buyer?.name ?? ''),
      officialUrl: docUrl,
      countryCode: 'GB',
      publishedAt: iso(r.date),
      deadline: iso(t.tenderPeriod?.endDate),
      status: String(t.status ?? ''),
      noticeType: 'tender',
      ...(typeof t.value?.amount === 'number'
        ? { amount: t.value.amount, currency: String(t.value.currency ?? '') }
        : {}),
      categoryCodes: t.classification?.id ? [`CPV:${t.classification.id}`] : [],
      sectors: [],
    };
  });
}
