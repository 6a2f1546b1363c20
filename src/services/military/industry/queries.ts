import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { DEFENSE_PATENTS } from './datasets/defense-patents.js';
import {
  ARMS_SUPPLIERS,
  INDUSTRIAL_BASE,
  INDUSTRIAL_INDICATORS,
  type ArmsSuppliersRecord,
  type IndustrialBaseRecord,
  type IndustrialField,
} from './datasets/industrial-base.js';
import type { DefensePatent } from './rules.js';
import type {
  GetDefenseIndustrialBaseRequest,
  GetDefenseIndustrialBaseResponse,
  ListDefensePatentsRequest,
  ListDefensePatentsResponse,
} from './schemas.js';

const DEFAULT_LIMIT = 20;

/** Filings filtered by CPC prefix and applicant, newest first, `limit` of them. */
export function listDefensePatents(
  store: SnapshotStore,
  req: ListDefensePatentsRequest,
): { response: ListDefensePatentsResponse; degraded: boolean } {
  const snap = store.read<DefensePatent>(DEFENSE_PATENTS);
  if (!snap) return { response: { patents: [], total: 0, fetchedAt: '' }, degraded: true };
  const cpc = req.cpc_code?.replace(/\s+/g, '').toUpperCase();
  const assignee = req.assignee?.trim().toLowerCase();
  const matching = snap.records.filter(
    (p) =>
      (!cpc || p.cpcCode.replace(/\s+/g, '').toUpperCase().startsWith(cpc)) &&
      (!assignee || p.assignee.toLowerCase().includes(assignee)),
  );
  return {
    response: {
      patents: matching.slice(0, req.limit || DEFAULT_LIMIT),
      total: matching.length,
      fetchedAt: new Date(snap.capturedAt).toISOString(),
    },
    degraded: false,
  };
}

const ABSENT = (source: string) => ({ available: false, value: 0, year: 0, previousValue: 0, previousYear: 0, source });

/**
 * A country's spending, personnel and arms trade (World Bank) and supplier dependence (SIPRI).
 * Either snapshot missing, or the country in neither, answers `available: false` or partial data, uncached.
 */
export function getDefenseIndustrialBase(
  store: SnapshotStore,
  req: GetDefenseIndustrialBaseRequest,
): { response: GetDefenseIndustrialBaseResponse; degraded: boolean } {
  const industrial = store.read<IndustrialBaseRecord>(INDUSTRIAL_BASE);
  const suppliers = store.read<ArmsSuppliersRecord>(ARMS_SUPPLIERS);
  const ind = industrial
    ?.derive('byCountry', (s) => new Map(s.records.map((r) => [r.countryCode, r])))
    .get(req.country_code);
  const sup = suppliers
    ?.derive('byCountry', (s) => new Map(s.records.map((r) => [r.countryCode, r])))
    .get(req.country_code);
  const iso = (t: number | undefined) => (t ? new Date(t).toISOString() : '');
  const metric = (field: IndustrialField) =>
    ind?.metrics[field] ?? ABSENT(`World Bank ${INDUSTRIAL_INDICATORS[field]}`);
  const response: GetDefenseIndustrialBaseResponse = {
    countryCode: req.country_code,
    available: !!ind || !!sup,
    expenditurePctGdp: metric('expenditurePctGdp'),
    expenditureUsd: metric('expenditureUsd'),
    personnel: metric('personnel'),
    armsExportsTiv: metric('armsExportsTiv'),
    armsImportsTiv: metric('armsImportsTiv'),
    suppliers: sup?.suppliers ?? [],
    supplierHhi: sup?.hhi ?? 0,
    windowStartYear: sup?.windowStartYear ?? 0,
    windowEndYear: sup?.windowEndYear ?? 0,
    supplierSource: sup ? 'SIPRI Arms Transfers Database' : '',
    fetchedAt: industrial && suppliers ? iso(Math.min(industrial.capturedAt, suppliers.capturedAt)) : '',
    industrialFetchedAt: iso(industrial?.capturedAt),
    supplierFetchedAt: iso(suppliers?.capturedAt),
    supplierRetained: false,
    supplierMappingCoverage: sup?.coverage ?? 0,
  };
  return { response, degraded: !industrial || !suppliers || !response.available };
}
