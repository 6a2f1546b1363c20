import type { PolicyDocument } from '../../../sources/mofcom/announcements.js';
import type { ExchangeBulletin } from '../../../sources/sse/bulletins.js';
import { documentClaims, PROVENANCE_VERSION, type Freshness, type Publisher } from './china-provenance.js';
import type { GroupState, Input, SignalGroup, SignalItem } from './china-signals.js';

/**
 * The document groups of the China decision signals: policy enforcement (ministry releases) and
 * corporate disclosures (exchange announcements), each document typed by keywords of its title.
 */
const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const MAX_ITEMS = 4;

export interface Topic {
  id: string;
  label: string;
  pattern: RegExp;
}

/** Enforcement types of a policy title, checked in order; none matches -> `general-policy`. */
export const POLICY_TOPICS: readonly Topic[] = [
  { id: 'export-control', label: 'Export control', pattern: /出口管制/ },
  { id: 'trade-remedy', label: 'Trade remedy', pattern: /反倾销|反补贴|保障措施/ },
  { id: 'unreliable-entity-list', label: 'Unreliable entity list', pattern: /不可靠实体/ },
  { id: 'tariff', label: 'Tariff measure', pattern: /关税/ },
  { id: 'licensing', label: 'Trade licensing', pattern: /许可证/ },
];

/** Material announcement types, checked in order; none matches -> `routine`. */
export const DISCLOSURE_TOPICS: readonly Topic[] = [
  { id: 'acquisition', label: 'Acquisition or restructuring', pattern: /收购|重组|并购/ },
  { id: 'stake-reduction', label: 'Shareholder stake reduction', pattern: /减持/ },
  { id: 'buyback', label: 'Share buyback', pattern: /回购/ },
  { id: 'related-party', label: 'Related-party transaction', pattern: /关联交易/ },
  { id: 'suspension', label: 'Trading suspension', pattern: /停牌/ },
  { id: 'litigation', label: 'Litigation', pattern: /诉讼|仲裁/ },
];

export function classify(
  title: string,
  topics: readonly Topic[],
  fallback: string,
): { id: string; label: string; score: number } {
  const t = topics.find((x) => x.pattern.test(title));
  return t
    ? { id: t.id, label: t.label, score: 0.8 }
    : { id: fallback, label: fallback === 'routine' ? 'Routine announcement' : 'General policy', score: 0.3 };
}

/** Typed documents first (newest first), then untyped ones, at most MAX_ITEMS. */
function pick<T extends { date: string; title: string }>(
  rows: readonly T[],
  topics: readonly Topic[],
  fallback: string,
) {
  const typed = rows.map((r) => ({ r, c: classify(r.title, topics, fallback) }));
  const order = (x: (typeof typed)[number]) => (x.c.id === fallback ? 1 : 0);
  return typed.sort((a, b) => order(a) - order(b) || b.r.date.localeCompare(a.r.date)).slice(0, MAX_ITEMS);
}

const MOFCOM: Publisher = {
  id: 'cn-mofcom',
  name: 'Ministry of Commerce of the PRC',
  type: 'official_government',
  registryReference: {
    sourceName: 'Ministry of Commerce of the PRC',
    sourceType: 'government ministry',
    propagandaRisk: 'medium',
  },
};
const SSE: Publisher = {
  id: 'cn-sse',
  name: 'Shanghai Stock Exchange',
  type: 'official_exchange',
  registryReference: {
    sourceName: 'Shanghai Stock Exchange',
    sourceType: 'stock exchange disclosure system',
    propagandaRisk: 'low',
  },
};

/** Documents older than this before the fetch no longer count. */
export const POLICY_WINDOW_DAYS = 30;
export const DISCLOSURE_WINDOW_DAYS = 3;

function documentGroup<T extends { date: string; title: string; url: string }>(
  id: 'policy-enforcement' | 'corporate-disclosures',
  input: Input<T> | undefined,
  now: number,
  o: {
    publisher: Publisher;
    topics: readonly Topic[];
    fallback: string;
    windowDays: number;
    what: string;
    label: (r: T, c: { label: string }) => string;
    summary: (r: T, c: { label: string }) => string;
  },
): SignalGroup {
  if (!input || !input.rows.length)
    return { id, state: 'unavailable', reason: `No ${o.what} snapshot is loaded.`, items: [], metadata: {} };
  const age = (day: string) => input.fetchedAt - Date.parse(`${day}T00:00:00Z`);
  const recent = input.rows.filter((r) => age(r.date) <= o.windowDays * DAY_MS && r.url.startsWith('https://'));
  const chosen = pick(
    recent.length ? recent : input.rows.filter((r) => r.url.startsWith('https://')),
    o.topics,
    o.fallback,
  );
  if (!chosen.length)
    return { id, state: 'unavailable', reason: `The ${o.what} carry no https link.`, items: [], metadata: {} };
  const items = chosen.map(({ r, c }): SignalItem => {
    const stale = age(r.date) > o.windowDays * DAY_MS;
    const signalId = `${id}:${r.url}`;
    const f: Freshness = {
      retrievedAt: iso(input.fetchedAt),
      assessedAt: iso(now),
      transportStale: input.failed,
      contentStale: stale,
      contentAsOf: r.date,
    };
    return {
      id: signalId,
      lineageId: `${id}:${c.id}`,
      label: o.label(r, c),
      summary: o.summary(r, c),
      sourceName: o.publisher.name,
      sourceUrl: r.url,
      publisherType: o.publisher.type,
      observedAt: null,
      publishedAt: r.date,
      effectiveAt: null,
      retrievedAt: iso(input.fetchedAt),
      stale,
      metadata: { type: c.id, originalTitle: r.title },
      provenance: {
        contractVersion: PROVENANCE_VERSION,
        signalId,
        familyId: id === 'policy-enforcement' ? 'typed_document_event' : 'exchange_disclosure',
        claims: documentClaims(o.publisher, f, {
          sourceUrl: r.url,
          day: r.date,
          classificationScore: c.score,
          classificationMethod: 'title keywords',
          exchange: id === 'corporate-disclosures',
        }),
      },
    };
  });
  const typedCount = recent.filter((r) => classify(r.title, o.topics, o.fallback).id !== o.fallback).length;
  const state: GroupState = input.failed || !recent.length ? 'stale' : typedCount === 0 ? 'partial' : 'available';
  const reason =
    state === 'stale'
      ? input.failed
        ? `The last ${o.what} refresh failed; documents are from the previous one.`
        : `No document in the last ${o.windowDays} days.`
      : state === 'partial'
        ? `Only routine documents in the last ${o.windowDays} days.`
        : null;
  return { id, state, reason, items, metadata: { documentsInWindow: recent.length, typedInWindow: typedCount } };
}

export function policyGroup(input: Input<PolicyDocument> | undefined, now: number): SignalGroup {
  return documentGroup('policy-enforcement', input, now, {
    publisher: MOFCOM,
    topics: POLICY_TOPICS,
    fallback: 'general-policy',
    windowDays: POLICY_WINDOW_DAYS,
    what: 'MOFCOM policy list',
    label: (_r, c) => `MOFCOM: ${c.label}`,
    summary: (r, c) => `${c.label} document released ${r.date}: ${r.title}`,
  });
}

export function disclosureGroup(input: Input<ExchangeBulletin> | undefined, now: number): SignalGroup {
  return documentGroup('corporate-disclosures', input, now, {
    publisher: SSE,
    topics: DISCLOSURE_TOPICS,
    fallback: 'routine',
    windowDays: DISCLOSURE_WINDOW_DAYS,
    what: 'SSE bulletin',
    label: (r, c) => `${r.securityName} (${r.securityCode}): ${c.label}`,
    summary: (r, c) => `${c.label} announced ${r.date} by ${r.securityName} (${r.securityCode}): ${r.title}`,
  });
}
