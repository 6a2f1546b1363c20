import type { Dataset, DatasetSource } from '../../../../platform/snapshots/dataset.js';
import { CANADABUYS_URL, parseCanadaBuys } from '../../../../sources/procurement/canadabuys.js';
import { CONTRACTS_FINDER_URL, parseContractsFinder } from '../../../../sources/procurement/contracts-finder.js';
import { GETS_RSS_URL, parseGets } from '../../../../sources/procurement/gets.js';
import type { RawNotice } from '../../../../sources/procurement/notice.js';
import { parseProcNotices, WB_PROCNOTICES_URL } from '../../../../sources/worldbank/procurement.js';
import { automationFit, isOfficialUrl, isOpen, TENDER_SOURCES, type AutomationFit } from '../tender-rules.js';

export const GLOBAL_TENDERS = 'economic.global-tenders';

export interface Tender extends Omit<RawNotice, 'amount' | 'currency'> {
  id: string;
  source: string;
  region: string;
  updatedAt: string;
  money: { amount?: number; currency?: string };
  automationFit: AutomationFit;
}

export interface SourceStatus {
  source: string;
  state: string;
  recordCount: number;
  error?: string;
}

const PARSERS: Record<string, (b: Buffer) => RawNotice[]> = {
  'contracts-finder': parseContractsFinder,
  'canada-buys': parseCanadaBuys,
  gets: parseGets,
  'world-bank': parseProcNotices,
};

const sources: Record<string, DatasetSource> = {
  'contracts-finder': {
    url: CONTRACTS_FINDER_URL(Date.UTC(2026, 10, 20)),
    urlAt: CONTRACTS_FINDER_URL,
    sample: 'economic/tenders/contracts-finder-ocds.json',
    optional: true,
  },
  'canada-buys': { url: CANADABUYS_URL, sample: 'economic/tenders/canadabuys-open-tenders.csv', optional: true },
  gets: { url: GETS_RSS_URL, sample: 'economic/tenders/gets-rss.xml', optional: true },
  'world-bank': { url: WB_PROCNOTICES_URL, sample: 'economic/tenders/worldbank-procnotices.json', optional: true },
};

/**
 * Open opportunities from every source that answered: past deadlines, closed or awarded notices and
 * notices not linking to the source's own https site are dropped; each keeps its automation fit.
 */
export function buildTenders(
  payloads: Partial<Record<string, Buffer>>,
  now: number,
): { records: Tender[]; info: { statuses: SourceStatus[] } } {
  const records: Tender[] = [];
  const statuses: SourceStatus[] = [];
  for (const src of TENDER_SOURCES) {
    const bytes = payloads[src.id];
    if (!bytes) {
      statuses.push({ source: src.id, state: 'failed', recordCount: 0, error: 'source did not answer' });
      continue;
    }
    let notices: RawNotice[];
    try {
      notices = PARSERS[src.id](bytes);
    } catch (err) {
      statuses.push({
        source: src.id,
        state: 'failed',
        recordCount: 0,
        error: err instanceof Error ? err.message : String(err),
      });
      continue;
    }
    const kept = notices.filter((n) => n.sourceNoticeId && isOpen(n, now) && isOfficialUrl(n.officialUrl, src.hosts));
    for (const { amount, currency, ...n } of kept) {
      records.push({
        ...n,
        id: `${src.id}:${n.sourceNoticeId}`,
        source: src.id,
        region: src.region,
        updatedAt: n.publishedAt,
        money: { ...(amount !== undefined ? { amount } : {}), ...(currency ? { currency } : {}) },
        automationFit: automationFit(`${n.title} ${n.description}`),
      });
    }
    statuses.push({ source: src.id, state: 'ok', recordCount: kept.length });
  }
  if (!statuses.some((s) => s.state === 'ok'))
    throw new Error(`tenders: no source answered (${statuses.map((s) => `${s.source}: ${s.error}`).join('; ')})`);
  return { records, info: { statuses } };
}

export const globalTendersDataset: Dataset<Tender, { statuses: SourceStatus[] }> = {
  name: GLOBAL_TENDERS,
  source: 'Public tender notices: UK Contracts Finder (OCDS), CanadaBuys, New Zealand GETS, World Bank procurement',
  kind: 'live',
  maxStaleMinutes: 180,
  allowEmpty: true,
  sources,
  parse: (payloads, now) => buildTenders(payloads, now),
};
