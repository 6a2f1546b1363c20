import { FormatError, isObject, parseJsonText } from '../formats/errors.js';

/** EDGAR's ticker -> CIK registry (every listed filer, no key). */
export const COMPANY_TICKERS_URL = 'https://www.sec.gov/files/company_tickers.json';

/** One filer's submissions history (profile plus its most recent ~1000 filings), by 10-digit CIK. */
export function submissionsUrl(cik: string): string {
  return `https://data.sec.gov/submissions/CIK${cik.padStart(10, '0')}.json`;
}

export interface TickerEntry {
  ticker: string;
  /** 10 digits with leading zeros. */
  cik: string;
  name: string;
}

/** `company_tickers.json` (`{"0":{"cik_str":320193,"ticker":"AAPL","title":"Apple Inc."},...}`) -> entries. */
export function parseCompanyTickers(input: Buffer | string): TickerEntry[] {
  const doc = parseJsonText('EDGAR company tickers', input);
  if (!isObject(doc)) throw new FormatError('EDGAR company tickers', 'expected an object of numbered entries');
  const out: TickerEntry[] = [];
  for (const v of Object.values(doc)) {
    if (!isObject(v)) continue;
    const cik = Number(v.cik_str);
    const ticker = typeof v.ticker === 'string' ? v.ticker.trim().toUpperCase() : '';
    if (!Number.isInteger(cik) || cik <= 0 || !ticker) continue;
    out.push({ ticker, cik: String(cik).padStart(10, '0'), name: typeof v.title === 'string' ? v.title.trim() : '' });
  }
  if (out.length === 0) throw new FormatError('EDGAR company tickers', 'no entry has a CIK and a ticker');
  return out;
}

export interface SubmissionFiling {
  accession: string;
  form: string;
  /** `YYYY-MM-DD`. */
  filingDate: string;
  /** EDGAR acceptance time, epoch ms (the filing date's midnight UTC when absent). */
  acceptedAt: number;
  /** 8-K item numbers. */
  items: string[];
  primaryDocument: string;
}

export interface Submissions {
  cik: string;
  name: string;
  tickers: string[];
  sicDescription: string;
  city: string;
  state: string;
  website: string;
  filings: SubmissionFiling[];
}

const col = (recent: Record<string, unknown>, key: string): unknown[] =>
  Array.isArray(recent[key]) ? (recent[key] as unknown[]) : [];
const s = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** One submissions document -> profile and its recent filings (the columnar `filings.recent` arrays read row-wise). */
export function readSubmissions(doc: unknown): Submissions {
  if (!isObject(doc) || !doc.cik || !isObject(doc.filings) || !isObject(doc.filings.recent)) {
    throw new FormatError('EDGAR submissions', 'expected cik and filings.recent');
  }
  const recent = doc.filings.recent;
  const acc = col(recent, 'accessionNumber');
  const [forms, dates, accepted, items, docs] = [
    'form',
    'filingDate',
    'acceptanceDateTime',
    'items',
    'primaryDocument',
  ].map((k) => col(recent, k));
  const filings: SubmissionFiling[] = acc.map((a, i) => {
    const filingDate = s(dates[i]);
    const at = Date.parse(s(accepted[i]));
    return {
      accession: s(a),
      form: s(forms[i]).toUpperCase(),
      filingDate,
      acceptedAt: Number.isFinite(at) ? at : Date.parse(`${filingDate}T00:00:00Z`) || 0,
      items: s(items[i])
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
      primaryDocument: s(docs[i]),
    };
  });
  const business = isObject(doc.addresses) && isObject(doc.addresses.business) ? doc.addresses.business : {};
  return {
    cik: String(doc.cik).padStart(10, '0'),
    name: s(doc.name),
    tickers: Array.isArray(doc.tickers) ? doc.tickers.map(s).filter(Boolean) : [],
    sicDescription: s(doc.sicDescription),
    city: s(business.city),
    state: s(business.stateOrCountry),
    website: s(doc.website),
    filings,
  };
}

/** The filing's index page on sec.gov. */
export function filingIndexUrl(cik: string, accession: string): string {
  return `https://www.sec.gov/Archives/edgar/data/${Number(cik)}/${accession.replace(/-/g, '')}/${accession}-index.htm`;
}

/** Titles of 8-K items, as Form 8-K names them. */
export const FORM_8K_ITEMS: Readonly<Record<string, string>> = {
  '1.01': 'Entry into a Material Definitive Agreement',
  '1.02': 'Termination of a Material Definitive Agreement',
  '1.03': 'Bankruptcy or Receivership',
  '1.04': 'Mine Safety - Reporting of Shutdowns and Patterns of Violations',
  '1.05': 'Material Cybersecurity Incidents',
  '2.01': 'Completion of Acquisition or Disposition of Assets',
  '2.02': 'Results of Operations and Financial Condition',
  '2.03': 'Creation of a Direct Financial Obligation',
  '2.04': 'Triggering Events That Accelerate or Increase a Direct Financial Obligation',
  '2.05': 'Costs Associated with Exit or Disposal Activities',
  '2.06': 'Material Impairments',
  '3.01': 'Notice of Delisting or Failure to Satisfy a Continued Listing Rule',
  '3.02': 'Unregistered Sales of Equity Securities',
  '3.03': 'Material Modification to Rights of Security Holders',
  '4.01': 'Changes in Registrant’s Certifying Accountant',
  '4.02': 'Non-Reliance on Previously Issued Financial Statements',
  '5.01': 'Changes in Control of Registrant',
  '5.02': 'Departure or Appointment of Directors or Officers',
  '5.03': 'Amendments to Articles of Incorporation or Bylaws',
  '5.05': 'Amendments to the Code of Ethics',
  '5.07': 'Submission of Matters to a Vote of Security Holders',
  '5.08': 'Shareholder Director Nominations',
  '6.01': 'ABS Informational and Computational Material',
  '7.01': 'Regulation FD Disclosure',
  '8.01': 'Other Events',
  '9.01': 'Financial Statements and Exhibits',
};
