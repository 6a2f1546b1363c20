/**
 * Provenance of a China decision signal (contract `decision-signal-provenance/v1`): seventeen
 * claims, each either known (with a value) or not (`unknown` / `not_applicable` with a reason). Each
 * signal family fixes which claims must be known; the builders below follow those rules, and say
 * `unknown` rather than guess where the input does not carry a fact.
 */
export const PROVENANCE_VERSION = 'decision-signal-provenance/v1';

export type Family =
  | 'china_macro_official_numeric_observation'
  | 'operational_activity_record'
  | 'composed_corridor_condition'
  | 'derived_comparison'
  | 'typed_document_event'
  | 'exchange_disclosure';

export type PublisherType = 'official_government' | 'official_exchange' | 'derived_output';
export type Precision = 'instant' | 'day' | 'month' | 'year';

type Claim = { status: 'known'; value: unknown } | { status: 'unknown' | 'not_applicable'; reason: string };
export type Claims = Record<string, Claim>;

export const known = (value: unknown): Claim => ({ status: 'known', value });
export const unknown = (reason: string): Claim => ({ status: 'unknown', reason });
export const na = (reason: string): Claim => ({ status: 'not_applicable', reason });
const at = (role: string, value: string, precision: Precision): Claim => known({ role, value, precision });

/** How this service rates an outside publisher (the contract's registry reference); null for its own output. */
export interface RegistryReference {
  sourceName: string;
  sourceType: string;
  /** This service's curated judgment; official sources that are a party to the subject rate `medium`. */
  propagandaRisk: string;
}

export interface Publisher {
  id: string;
  name: string;
  type: PublisherType;
  registryReference: RegistryReference | null;
}

export const MDS_PUBLISHER: Publisher = {
  id: 'mds',
  name: 'Monitoring Data Service',
  type: 'derived_output',
  registryReference: null,
};

/** What every family shares: retrieval, freshness of transport and content, supersession. */
export interface Freshness {
  /** ISO instant the input was fetched. */
  retrievedAt: string;
  /** ISO instant the assessment was made (the snapshot's time). */
  assessedAt: string;
  /** The input's last refresh failed (its previous snapshot serves). */
  transportStale: boolean;
  contentStale: boolean;
  /** The content's own date (period, day). */
  contentAsOf: string;
}

function common(p: Publisher, f: Freshness): Claims {
  return {
    publisher: known({ id: p.id, name: p.name, type: p.type, registryReference: p.registryReference }),
    retrieval_time: at('retrieval', f.retrievedAt, 'instant'),
    supersession: known({ state: 'current' }),
    transport_freshness: known({
      state: f.transportStale ? 'stale' : 'fresh',
      assessedAt: f.assessedAt,
      ...(f.transportStale ? {} : { lastSuccessAt: f.retrievedAt }),
    }),
    content_freshness: known({
      state: f.contentStale ? 'stale' : 'current',
      assessedAt: f.assessedAt,
      contentAsOf: f.contentAsOf,
    }),
  };
}

/** An official monthly figure read from the publisher's structured API. */
export function officialObservationClaims(
  p: Publisher,
  f: Freshness,
  o: {
    sourceUrl: string;
    referenceId: string;
    period: string;
    publishedMonth: string;
    vintageId: string;
    signalId: string;
  },
): Claims {
  return {
    ...common(p, f),
    source_url: known(o.sourceUrl),
    original_reference: known({ kind: 'observation', id: o.referenceId }),
    original_language: known('en'),
    translation: na('read from the publisher’s English-language portal'),
    observation_time: at('observation', o.period, 'month'),
    effective_time: unknown('the portal does not state an effective date'),
    publication_time: at('publication', o.publishedMonth, 'month'),
    revision: known({ vintageId: o.vintageId, sequence: 1, state: 'original' }),
    extraction_confidence: known({ score: 1, method: 'structured-api-field' }),
    classification_confidence: na('a numeric observation is not classified'),
    corroboration: known({ state: 'single_source', sourceSignalIds: [o.signalId] }),
    derivation: na('the published figure, not derived'),
  };
}

/** A dated operational report read from a publisher's page (counts extracted from its sentence). */
export function activityRecordClaims(
  p: Publisher,
  f: Freshness,
  o: { sourceUrl: string; referenceId: string; day: string },
): Claims {
  return {
    ...common(p, f),
    source_url: known(o.sourceUrl),
    original_reference: known({ kind: 'document', id: o.referenceId }),
    original_language: known('en'),
    translation: known({ state: 'not_translated' }),
    observation_time: at('observation', o.day, 'day'),
    effective_time: unknown('the report gives no effective time beyond its date'),
    publication_time: at('publication', o.day, 'day'),
    revision: unknown('the list page carries no revision marker'),
    extraction_confidence: known({ score: 0.9, method: 'summary-sentence-pattern' }),
    classification_confidence: known({ score: 1, method: 'publisher-report-category' }),
    corroboration: unknown('not cross-checked against another observer here'),
    derivation: na('counts as reported, not derived'),
  };
}

/** A value this service computed from other signals (a corridor condition or a comparison). */
export function derivedClaims(
  f: Freshness,
  o: {
    observed: string;
    precision: Precision;
    vintageId: string;
    method: string;
    methodVersion: string;
    inputSignalIds: string[];
    classificationScore: number;
    classificationMethod: string;
  },
): Claims {
  const inputs = [...new Set(o.inputSignalIds)];
  return {
    ...common(MDS_PUBLISHER, f),
    source_url: na('computed by this service'),
    original_reference: na('computed by this service'),
    original_language: na('computed by this service'),
    translation: na('computed by this service'),
    observation_time: at('observation', o.observed, o.precision),
    effective_time: at('effective', o.observed, o.precision),
    publication_time: na('not published by an outside source'),
    revision: known({ vintageId: o.vintageId, sequence: 1, state: 'original' }),
    extraction_confidence: na('nothing extracted from text'),
    classification_confidence: known({ score: o.classificationScore, method: o.classificationMethod }),
    corroboration: known(
      inputs.length > 1
        ? { state: 'multi_source', sourceSignalIds: inputs }
        : { state: 'single_source', sourceSignalIds: inputs },
    ),
    derivation: known({
      methodId: o.method,
      methodVersion: o.methodVersion,
      computedAt: f.assessedAt,
      inputSignalIds: inputs,
    }),
  };
}

/** A dated document (policy release, exchange announcement) read from a publisher's list, in Chinese, classified by keywords. */
export function documentClaims(
  p: Publisher,
  f: Freshness,
  o: { sourceUrl: string; day: string; classificationScore: number; classificationMethod: string; exchange: boolean },
): Claims {
  return {
    ...common(p, f),
    source_url: known(o.sourceUrl),
    original_reference: known({ kind: 'document', id: o.sourceUrl }),
    original_language: known('zh'),
    translation: known({ state: 'not_translated' }),
    observation_time: na('a document, not an observation'),
    effective_time: unknown('the list gives no effective date'),
    publication_time: at('publication', o.day, 'day'),
    // An exchange announcement is one filing: this is its original version. A ministry list has no revision marker.
    revision: o.exchange
      ? known({ vintageId: o.sourceUrl, sequence: 1, state: 'original' })
      : unknown('the list page carries no revision marker'),
    extraction_confidence: known({ score: 0.95, method: 'list-entry-fields' }),
    classification_confidence: known({ score: o.classificationScore, method: o.classificationMethod }),
    corroboration: unknown('not cross-checked against another source here'),
    derivation: na('the document as listed, not derived'),
  };
}
