import { ServiceError } from '../../../platform/errors.js';
import { dataTimeOf } from '../../../platform/snapshots/data-time.js';
import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import {
  filingIndexUrl,
  FORM_8K_ITEMS,
  type Submissions,
  type TickerEntry,
} from '../../../sources/sec-edgar/submissions.js';
import { SEC_COMPANY_TICKERS, SEC_SUBMISSIONS } from './datasets/company-filers.js';
import { filingSignals, stronger } from './signals.js';
import type {
  GetCompanyEnrichmentRequest,
  GetCompanyEnrichmentResponse,
  ListCompanySignalsRequest,
  ListCompanySignalsResponse,
} from './schemas.js';

const TICKER = /^[A-Z][A-Z0-9.-]{0,9}$/;
/** Forms worth listing on a profile (amendments included). */
const PROFILE_FORMS = ['10-K', '10-Q', '8-K', '20-F', '6-K', 'S-1', 'DEF 14A', '40-F'];
export const MAX_PROFILE_FILINGS = 15;

interface Resolved {
  /** The registry is loaded. */
  registry: boolean;
  entry?: TickerEntry;
  submissions?: Submissions;
  fetchedAt: number;
}

/**
 * Ticker (exact registry key) or else exact name (case-insensitive, must name one CIK) -> the
 * filer and, when on the watch list, its submissions. Indexes are built once per snapshot version.
 */
function resolve(store: SnapshotStore, ticker: string | undefined, name: string | undefined): Resolved {
  const reg = store.read<TickerEntry>(SEC_COMPANY_TICKERS);
  const subs = store.read<Submissions>(SEC_SUBMISSIONS);
  if (!reg) return { registry: false, fetchedAt: 0 };
  const idx = reg.derive('index', (s) => {
    const byTicker = new Map(s.records.map((e) => [e.ticker, e]));
    const byName = new Map<string, TickerEntry[]>();
    for (const e of s.records) {
      const k = e.name.toLowerCase();
      const list = byName.get(k) ?? [];
      if (!list.some((x) => x.cik === e.cik)) list.push(e);
      byName.set(k, list);
    }
    return { byTicker, byName };
  });
  let entry: TickerEntry | undefined;
  if (ticker) entry = TICKER.test(ticker) ? idx.byTicker.get(ticker) : undefined;
  else if (name) {
    const hits = idx.byName.get(name.trim().toLowerCase());
    entry = hits?.length === 1 ? hits[0] : undefined;
  }
  const submissions = entry && subs?.derive('byCik', (s) => new Map(s.records.map((r) => [r.cik, r]))).get(entry.cik);
  return { registry: true, entry, submissions, fetchedAt: submissions ? subs!.capturedAt : 0 };
}

function hostOf(website: string): string {
  try {
    return new URL(/^https?:\/\//i.test(website) ? website : `https://${website}`).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

const emptyEnrichment = (
  company: GetCompanyEnrichmentResponse['company'],
  unavailable: boolean,
): GetCompanyEnrichmentResponse => ({
  company,
  techStack: [],
  secFilings: { totalFilings: 0, recentFilings: [] },
  hackerNewsMentions: [],
  enrichedAtMs: 0,
  sources: [],
  earningsSurprises: [],
  newsMentions: [],
  unavailable,
});

const blankCompany = {
  name: '',
  domain: '',
  description: '',
  location: '',
  website: '',
  founded: 0,
  cik: '',
  ticker: '',
};

/**
 * A company profile from EDGAR: registry identity, submissions profile and the latest reports.
 * Market data, earnings and headlines need licensed providers that are not configured, so those
 * parts are absent or empty and `sources` says what contributed.
 */
export function getCompanyEnrichment(
  store: SnapshotStore,
  req: GetCompanyEnrichmentRequest,
): GetCompanyEnrichmentResponse {
  const ticker = req.ticker?.trim().toUpperCase() || undefined;
  const name = req.name?.trim() || undefined;
  if (!ticker && !name) {
    const domain = req.domain?.trim();
    if (domain) return emptyEnrichment({ ...blankCompany, name: domain, domain, website: `https://${domain}` }, false);
    throw ServiceError.validation([{ field: 'ticker', description: 'Provide ticker or name' }]);
  }
  const r = resolve(store, ticker, name);
  if (!r.entry) return emptyEnrichment({ ...blankCompany, ticker: ticker ?? '' }, !r.registry);
  const s = r.submissions;
  const company = {
    name: s?.name || r.entry.name,
    domain: s ? hostOf(s.website) : '',
    description: s?.sicDescription ?? '',
    location: s ? [s.city, s.state].filter(Boolean).join(', ') : '',
    website: s?.website ?? '',
    founded: 0,
    cik: r.entry.cik,
    ticker: r.entry.ticker,
  };
  if (!s) return emptyEnrichment(company, true);
  const recentFilings = s.filings
    .filter((f) => PROFILE_FORMS.some((p) => f.form === p || f.form === `${p}/A`))
    .slice(0, MAX_PROFILE_FILINGS)
    .map((f) => ({
      form: f.form,
      fileDate: f.filingDate,
      description: f.form.startsWith('8-K') ? f.items.map((i) => FORM_8K_ITEMS[i] ?? `Item ${i}`).join('; ') : '',
      url: filingIndexUrl(s.cik, f.accession),
      items: [...f.items],
    }));
  return {
    ...emptyEnrichment(company, false),
    secFilings: { totalFilings: s.filings.length, recentFilings },
    enrichedAtMs: r.fetchedAt,
    sources: ['sec_edgar'],
  };
}

/**
 * Material-event signals from the filer's 8-Ks of the 90 days before the filings were captured (the
 * data's time, never the clock's), with counts by type and the strongest signal. Headline signals
 * need a news provider that is not configured.
 */
export function listCompanySignals(store: SnapshotStore, req: ListCompanySignalsRequest): ListCompanySignalsResponse {
  const now = dataTimeOf(store, [SEC_SUBMISSIONS, SEC_COMPANY_TICKERS]);
  const ticker = req.ticker?.trim().toUpperCase() || undefined;
  const name = req.company?.trim() || undefined;
  const empty = (company: string, domain: string, cik: string, unavailable: boolean): ListCompanySignalsResponse => ({
    company,
    domain,
    signals: [],
    summary: { totalSignals: 0, byType: {}, signalDiversity: 0 },
    discoveredAtMs: now,
    cik,
    unavailable,
  });
  if (!ticker && !name) {
    const domain = req.domain?.trim();
    if (domain) return empty('', domain, '', false);
    throw ServiceError.validation([{ field: 'company', description: 'Provide ticker or company' }]);
  }
  const r = resolve(store, ticker, name);
  if (!r.entry) return empty(name ?? ticker ?? '', '', '', !r.registry);
  const s = r.submissions;
  if (!s) return empty(r.entry.name, '', r.entry.cik, true);
  const signals = filingSignals(s.filings, now).map((sig) => ({
    type: sig.type,
    title: `${sig.filing.form}: ${sig.materialItems.map((i) => FORM_8K_ITEMS[i] ?? `Item ${i}`).join('; ')}`,
    url: filingIndexUrl(s.cik, sig.filing.accession),
    source: 'sec_edgar',
    sourceTier: 1,
    timestampMs: sig.filing.acceptedAt,
    strength: sig.strength,
  }));
  const byType: Record<string, number> = {};
  for (const sig of signals) byType[sig.type] = (byType[sig.type] ?? 0) + 1;
  const strongest = signals.reduce<(typeof signals)[number] | undefined>(
    (best, sig) => (best ? stronger(best, sig) : sig),
    undefined,
  );
  return {
    company: s.name || r.entry.name,
    domain: '',
    signals,
    summary: {
      totalSignals: signals.length,
      byType,
      ...(strongest ? { strongestSignal: strongest } : {}),
      signalDiversity: new Set(signals.map((x) => x.source)).size,
    },
    discoveredAtMs: now,
    cik: s.cik,
    unavailable: false,
  };
}
