import { parseCsv } from '../formats/csv.js';
import { iso, type RawNotice } from './notice.js';

/** CanadaBuys open tender notices (bilingual CSV, no credential). */
export const CANADABUYS_URL = 'https://canadabuys.canada.ca/opendata/pub/openTenderNotice-ouvertAvisAppelOffres.csv';

export function parseCanadaBuys(input: Buffer | string): RawNotice[] {
  const rows = parseCsv(input, { relaxColumnCount: true, trim: true });
  if (rows.length > 0 && !('referenceNumber-numeroReference' in rows[0]))
    throw new Error('CanadaBuys CSV: no referenceNumber column');
  return rows.map((r) => {
    const amount = Number(r['estimatedValue-valeurEstimee']);
    return {
      sourceNoticeId: r['referenceNumber-numeroReference'] ?? '',
      title: r['title-titre-eng'] ?? '',
      description: r['tenderDescription-descriptionAppelOffres-eng'] ?? '',
      buyer: r['contractingEntityName-nomEntitContractante-eng'] ?? '',
      officialUrl: r['noticeURL-URLavis-eng'] ?? '',
      countryCode: 'CA',
      publishedAt: iso(r['publicationDate-datePublication']),
      deadline: iso(r['tenderClosingDate-appelOffresDateCloture']),
      status: r['tenderStatus-appelOffresStatut-eng'] ?? '',
      noticeType: 'tender',
      ...(amount > 0 ? { amount, currency: 'CAD' } : {}),
      categoryCodes: r.unspsc ? [`UNSPSC:${r.unspsc}`] : [],
      sectors: r['gsinDescription-nibsDescription-eng'] ? [r['gsinDescription-nibsDescription-eng']] : [],
    };
  });
}
