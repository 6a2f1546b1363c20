import type { RawNotice } from '../../../sources/procurement/notice.js';

/** Tender sources read, with the hosts their official notice pages live on. */
export const TENDER_SOURCES: readonly { id: string; hosts: string[]; region: string }[] = [
  { id: 'contracts-finder', hosts: ['www.contractsfinder.service.gov.uk'], region: 'europe' },
  { id: 'canada-buys', hosts: ['canadabuys.canada.ca'], region: 'north_america' },
  { id: 'gets', hosts: ['www.gets.govt.nz'], region: 'oceania' },
  { id: 'world-bank', hosts: ['projects.worldbank.org'], region: 'global' },
];

/** Words in a status or notice type that mean the opportunity is no longer open. */
const CLOSED = /award|cancel|closed|withdraw|expire|complete|draft/i;

/** Open: a deadline in the future and nothing in status or type saying otherwise. */
export function isOpen(n: RawNotice, now: number): boolean {
  const deadline = Date.parse(n.deadline);
  return Number.isFinite(deadline) && deadline > now && !CLOSED.test(n.status) && !CLOSED.test(n.noticeType);
}

/** The notice links to its source's own site over https. */
export function isOfficialUrl(url: string, hosts: readonly string[]): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && hosts.includes(u.hostname);
  } catch {
    return false;
  }
}

/** Terms that mark work suited to software and automation suppliers. */
export const AUTOMATION_TERMS: readonly { reason: string; pattern: RegExp }[] = [
  { reason: 'ai', pattern: /\b(AI|artificial intelligence)\b/ },
  { reason: 'machine learning', pattern: /machine learning/i },
  { reason: 'cybersecurity', pattern: /cyber ?security/i },
  { reason: 'software', pattern: /\bsoftware\b/i },
  { reason: 'data platform', pattern: /data platform/i },
  { reason: 'data management', pattern: /data management/i },
  { reason: 'automation', pattern: /\bautomation\b/i },
  { reason: 'cloud', pattern: /\bcloud\b/i },
  { reason: 'digital', pattern: /\bdigital\b/i },
];

export interface AutomationFit {
  level: string;
  score: number;
  classificationVersion: string;
  matchReasons: string[];
  evidence: string[];
}

/** Keyword classification: three or more matched terms is high (90), two medium (60), one low (30). */
export function automationFit(text: string): AutomationFit {
  const matches = AUTOMATION_TERMS.filter((t) => t.pattern.test(text));
  const n = matches.length;
  const [level, score] = n >= 3 ? ['high', 90] : n === 2 ? ['medium', 60] : n === 1 ? ['low', 30] : ['none', 0];
  return {
    level,
    score,
    classificationVersion: 'keyword-v1',
    matchReasons: matches.map((m) => m.reason),
    evidence: matches.map((m) => text.match(m.pattern)![0]),
  };
}

/** Availability of the whole answer from the per-source states. */
export function availabilityOf(states: readonly string[], tenders: number): string {
  if (!states.includes('ok')) return 'unavailable';
  if (states.some((s) => s !== 'ok')) return 'partial';
  return tenders === 0 ? 'empty' : 'available';
}
