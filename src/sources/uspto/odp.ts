import { z } from 'zod';
import type { Config } from '../../config.js';

/** USPTO Open Data Portal patent application search: address, credential and response reader. */
export const ODP_SEARCH_URL = 'https://api.uspto.gov/api/v1/patent/applications/search';

export function odpHeaders(config: Config): Record<string, string> {
  const key = config.USPTO_API_KEY;
  return { accept: 'application/json', ...(key ? { 'x-api-key': key } : {}) };
}

/** Newest filings of one CPC subclass by the given first applicants (wildcards as ODP takes them). */
export function odpSearchUrl(cpcSubclass: string, applicants: readonly string[], rows = 20): string {
  const who = applicants.map((a) => (a.includes(' ') ? `"${a}"` : a)).join(' OR ');
  const q = `applicationMetaData.cpcClassificationBag:${cpcSubclass}* AND applicationMetaData.firstApplicantName:(${who})`;
  const params = new URLSearchParams({
    q,
    sort: 'applicationMetaData.filingDate desc',
    limit: String(rows),
    offset: '0',
  });
  return `${ODP_SEARCH_URL}?${params}`;
}

export interface OdpApplication {
  applicationNumber: string;
  title: string;
  filingDate: string;
  publicationNumber: string;
  publicationDate: string;
  patentNumber: string;
  grantDate: string;
  firstApplicant: string;
  cpcCodes: string[];
}

const s = z.string().nullable().optional();
const Wrapper = z.object({
  applicationNumberText: z.string().min(1),
  applicationMetaData: z.object({
    inventionTitle: s,
    filingDate: s,
    firstApplicantName: s,
    cpcClassificationBag: z.array(z.string()).nullable().optional(),
    earliestPublicationNumber: s,
    earliestPublicationDate: s,
    patentNumber: s,
    grantDate: s,
  }),
});
const Response = z.object({ patentFileWrapperDataBag: z.array(z.unknown()).default([]) });

/** One ODP search response -> applications; wrappers without metadata are skipped. */
export function parseOdpSearch(bytes: Buffer): OdpApplication[] {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`USPTO ODP response is not JSON: ${(err as Error).message}`);
  }
  const doc = Response.safeParse(json);
  if (!doc.success) throw new Error('USPTO ODP response has no patentFileWrapperDataBag');
  const out: OdpApplication[] = [];
  for (const raw of doc.data.patentFileWrapperDataBag) {
    const w = Wrapper.safeParse(raw);
    if (!w.success) continue;
    const m = w.data.applicationMetaData;
    out.push({
      applicationNumber: w.data.applicationNumberText,
      title: (m.inventionTitle ?? '').trim(),
      filingDate: m.filingDate ?? '',
      publicationNumber: m.earliestPublicationNumber ?? '',
      publicationDate: m.earliestPublicationDate ?? '',
      patentNumber: m.patentNumber ?? '',
      grantDate: m.grantDate ?? '',
      firstApplicant: (m.firstApplicantName ?? '').trim(),
      cpcCodes: m.cpcClassificationBag ?? [],
    });
  }
  return out;
}
