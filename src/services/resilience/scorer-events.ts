/**
 * Per-country summaries of the event datasets the published resilience scorer reads: UCDP conflict
 * events, UNHCR displacement figures and unrest events. Pure; countries matched through the
 * reference table (names and ISO codes).
 */
import { resolveCountry } from '../../reference/countries.js';

/** A UCDP event as the conflict dataset stores it (the fields read here). */
export interface UcdpEventRow {
  country: string;
  deathsBest: number;
  violenceType: string;
}

/** A row of the displacement summary (the fields read here); flows are skipped. */
export interface DisplacementRow {
  kind: string;
  code?: string;
  totalDisplaced?: number;
  hostTotal?: number;
}

/** An internet outage as the outages dataset stores it (the fields read here). */
export interface OutageRow {
  countryCode: string;
  severity: string;
}

export interface OutageSummary {
  total: number;
  major: number;
  partial: number;
}

/** An unrest event as the unrest dataset stores it (the fields read here). */
export interface UnrestEventRow {
  country: string;
  severity: string;
  fatalities: number;
}

export interface UcdpSummary {
  eventCount: number;
  deaths: number;
  /** State-based 2, one-sided 1.5, others 1 per event. */
  typeWeight: number;
}

export interface UnrestSummary {
  /** High-severity events count 2, medium 1.2, others 1. */
  unrestCount: number;
  fatalities: number;
}

export interface DisplacementFigures {
  totalDisplaced: number | null;
  hostTotal: number | null;
}

const codeOf = (name: string) => resolveCountry(name)?.alpha2;

export function summarizeUcdp(events: readonly UcdpEventRow[]): Map<string, UcdpSummary> {
  const out = new Map<string, UcdpSummary>();
  for (const e of events) {
    const code = codeOf(e.country);
    if (!code) continue;
    const s = out.get(code) ?? { eventCount: 0, deaths: 0, typeWeight: 0 };
    s.eventCount += 1;
    s.deaths += Number.isFinite(e.deathsBest) ? e.deathsBest : 0;
    s.typeWeight +=
      e.violenceType === 'UCDP_VIOLENCE_TYPE_STATE_BASED'
        ? 2
        : e.violenceType === 'UCDP_VIOLENCE_TYPE_ONE_SIDED'
          ? 1.5
          : 1;
    out.set(code, s);
  }
  return out;
}

export function summarizeUnrest(events: readonly UnrestEventRow[]): Map<string, UnrestSummary> {
  const out = new Map<string, UnrestSummary>();
  for (const e of events) {
    const code = codeOf(e.country);
    if (!code) continue;
    const s = out.get(code) ?? { unrestCount: 0, fatalities: 0 };
    const severity = e.severity.toUpperCase();
    s.unrestCount += severity.includes('HIGH') ? 2 : severity.includes('MEDIUM') ? 1.2 : 1;
    s.fatalities += Number.isFinite(e.fatalities) ? e.fatalities : 0;
    out.set(code, s);
  }
  return out;
}

/** Outages per country by severity: total (or nationwide), major (or regional), the rest partial. */
export function summarizeOutages(outages: readonly OutageRow[]): Map<string, OutageSummary> {
  const out = new Map<string, OutageSummary>();
  for (const o of outages) {
    const code = resolveCountry(o.countryCode)?.alpha2;
    if (!code) continue;
    const s = out.get(code) ?? { total: 0, major: 0, partial: 0 };
    const severity = o.severity.toUpperCase();
    if (severity.includes('TOTAL') || severity === 'NATIONWIDE') s.total += 1;
    else if (severity.includes('MAJOR') || severity === 'REGIONAL') s.major += 1;
    else s.partial += 1;
    out.set(code, s);
  }
  return out;
}

export function displacementByCountry(rows: readonly DisplacementRow[]): Map<string, DisplacementFigures> {
  const out = new Map<string, DisplacementFigures>();
  for (const r of rows)
    if (r.kind === 'country' && r.code)
      out.set(r.code, { totalDisplaced: r.totalDisplaced ?? null, hostTotal: r.hostTotal ?? null });
  return out;
}
