import type { OdpApplication } from '../../../sources/uspto/odp.js';

/** The five technology areas the defense patent watch covers, by CPC subclass. */
export const PATENT_CATEGORIES: Record<string, string> = {
  H04B: 'Transmission (radio, satellite and optical links)',
  H01L: 'Semiconductor devices',
  F42B: 'Explosive charges, ammunition and guided projectiles',
  G06N: 'Computing arrangements based on specific computational models (AI)',
  C12N: 'Microorganisms, enzymes and genetic engineering',
};

/** First applicants whose filings are watched (ODP wildcards). */
export const WATCHED_APPLICANTS = [
  'Raytheon*',
  'Lockheed*',
  'Northrop*',
  'Huawei*',
  'SMIC*',
  'Semiconductor Manufacturing International*',
  'TSMC*',
  'Taiwan Semiconductor*',
  'DARPA*',
  'Defense Advanced Research*',
  'Boeing*',
  'The Boeing*',
  'L3Harris*',
  'General Dynamics',
  'BAE Systems',
  'Thales*',
];

export interface DefensePatent {
  patentId: string;
  title: string;
  date: string;
  assignee: string;
  cpcCode: string;
  cpcDesc: string;
  abstract: string;
  url: string;
}

/**
 * One application in a watched subclass -> a patent filing: id and link from the publication when
 * there is one (Google Patents), else the application's page on the USPTO data portal; the date is
 * the filing date, else publication, else grant.
 */
export function toDefensePatent(a: OdpApplication, subclass: string): DefensePatent {
  const cpcCode = a.cpcCodes.find((c) => c.replace(/\s+/g, '').startsWith(subclass)) ?? subclass;
  const published = a.patentNumber || a.publicationNumber;
  return {
    patentId: published || a.applicationNumber,
    title: a.title.slice(0, 300),
    date: a.filingDate || a.publicationDate || a.grantDate,
    assignee: a.firstApplicant.slice(0, 200),
    cpcCode,
    cpcDesc: PATENT_CATEGORIES[subclass] ?? '',
    abstract: '',
    url: published
      ? `https://patents.google.com/patent/${published.startsWith('US') ? published : `US${published}`}/en`
      : `https://data.uspto.gov/patent-file-wrapper/search/details/${a.applicationNumber}`,
  };
}

/** Newest first, then by id; the first occurrence of an id wins. */
export function mergePatents(lists: readonly DefensePatent[][]): DefensePatent[] {
  const byId = new Map<string, DefensePatent>();
  for (const p of lists.flat()) if (!byId.has(p.patentId)) byId.set(p.patentId, p);
  return [...byId.values()].sort((a, b) =>
    a.date < b.date ? 1 : a.date > b.date ? -1 : a.patentId < b.patentId ? -1 : 1,
  );
}

// ---------------------------------------------------------------------------------------------
// Defense industrial base
// ---------------------------------------------------------------------------------------------

export interface IndustrialMetric {
  available: boolean;
  value: number;
  year: number;
  previousValue: number;
  previousYear: number;
  source: string;
}

/** Latest and previous non-empty observation of one indicator for one country. */
export function latestPair(
  observations: readonly { year: number; value: number | null }[],
  source: string,
): IndustrialMetric {
  const known = observations
    .filter((o): o is { year: number; value: number } => o.value !== null && Number.isFinite(o.value))
    .sort((a, b) => b.year - a.year);
  const [latest, previous] = known;
  if (!latest) return { available: false, value: 0, year: 0, previousValue: 0, previousYear: 0, source };
  return {
    available: true,
    value: latest.value,
    year: latest.year,
    previousValue: previous?.value ?? 0,
    previousYear: previous?.year ?? 0,
    source,
  };
}

export interface SupplierDependence {
  suppliers: { supplierIso2: string; tivShare: number }[];
  hhi: number;
  coverage: number;
}

/**
 * Shares of an importer's arms imports by supplier over a window. Suppliers that map to no
 * country (unknown, multinational bodies) stay in the denominator and in the concentration index
 * but are not listed; coverage is the mapped share of the total.
 */
export function supplierDependence(
  bySupplier: readonly { iso2: string | undefined; tiv: number }[],
): SupplierDependence {
  const total = bySupplier.reduce((s, r) => s + Math.max(0, r.tiv), 0);
  if (total <= 0) return { suppliers: [], hhi: 0, coverage: 0 };
  const mapped = new Map<string, number>();
  let hhi = 0;
  for (const r of bySupplier) {
    const share = Math.max(0, r.tiv) / total;
    hhi += share * share;
    if (r.iso2) mapped.set(r.iso2, (mapped.get(r.iso2) ?? 0) + share);
  }
  const round = (v: number) => Math.round(v * 1e4) / 1e4;
  const suppliers = [...mapped]
    .map(([supplierIso2, s]) => ({ supplierIso2, tivShare: round(s) }))
    .sort((a, b) => b.tivShare - a.tivShare || (a.supplierIso2 < b.supplierIso2 ? -1 : 1));
  const coverage = [...mapped.values()].reduce((s, v) => s + v, 0);
  return { suppliers, hhi: round(Math.min(1, hhi)), coverage: round(Math.min(1, coverage)) };
}
