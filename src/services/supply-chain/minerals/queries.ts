import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { groupBy, iso } from '../wire.js';
import { CRITICAL_MINERALS, type MineralProductionRecord } from './datasets/minerals.js';
import { summariseMineral, summariseStage } from './rules.js';
import { MINERAL_PRODUCTION, type Stage, type StageRow } from './datasets/mineral-production.js';
import type {
  CriticalMineral,
  GetCriticalMineralsResponse,
  GetMineralProductionRequest,
  GetMineralProductionResponse,
} from './schemas.js';

// ---------------------------------------------------------------------------------------------
// Critical minerals
// ---------------------------------------------------------------------------------------------

export function getCriticalMinerals(store: SnapshotStore): GetCriticalMineralsResponse {
  const snapshot = store.read<MineralProductionRecord>(CRITICAL_MINERALS);
  if (!snapshot) return { minerals: [], fetchedAt: '', upstreamUnavailable: true };
  const minerals = snapshot.derive('minerals', (s): CriticalMineral[] => {
    const byMineral = groupBy(s.records, (r) => r.mineral);
    return [...byMineral.entries()]
      .map(([mineral, rows]) => summariseMineral(mineral, rows[0]!.unit, rows))
      .sort((a, b) => b.hhi - a.hhi || a.mineral.localeCompare(b.mineral));
  });
  return { minerals, fetchedAt: iso(snapshot.capturedAt), upstreamUnavailable: false };
}

// ---------------------------------------------------------------------------------------------
// Mineral production (USGS MCS)
// ---------------------------------------------------------------------------------------------

const MCS_SOURCE = 'USGS Mineral Commodity Summaries';

type ProductionRecord = GetMineralProductionResponse['commodities'][number];

export function getMineralProduction(
  store: SnapshotStore,
  req: GetMineralProductionRequest,
): GetMineralProductionResponse {
  const snapshot = store.read<StageRow>(MINERAL_PRODUCTION);
  if (!snapshot) return { commodities: [], countries: [], fetchedAt: '', upstreamUnavailable: true, dataYear: 0 };
  const stage: Stage | undefined = req.stage === undefined ? undefined : req.stage === 'mine' ? 'mine' : 'refinery';
  const wanted = req.commodity?.trim().toLowerCase();
  const groups = snapshot.derive('by-commodity', (s) => groupBy(s.records, (r) => r.commodityId));
  const commodities: ProductionRecord[] = [];
  const holdings: GetMineralProductionResponse['countries'][number]['holdings'] = [];
  for (const [commodityId, rows] of groups) {
    const label = rows[0]!.commodity;
    if (wanted && wanted !== commodityId && wanted !== label.toLowerCase()) continue;
    const record: ProductionRecord = {
      commodityId,
      commodity: label,
      year: 0,
      unit: rows[0]!.unit,
      sources: [MCS_SOURCE],
    };
    for (const st of ['mine', 'refinery'] as const) {
      if (stage && stage !== st) continue;
      const stageRows = rows.filter((r) => r.stage === st);
      if (stageRows.length === 0) continue;
      const summary = summariseStage(stageRows);
      const countries = req.iso2 ? summary.countries.filter((c) => c.iso2 === req.iso2) : summary.countries;
      if (req.iso2 && countries.length === 0) continue;
      for (const c of req.iso2 ? countries : [])
        holdings.push({
          commodityId,
          commodity: label,
          stage: st,
          ...(c.output !== undefined ? { output: c.output } : {}),
          ...(c.share !== undefined ? { share: c.share } : {}),
          withheld: c.withheld,
        });
      record[st] = { year: stageRows[0]!.year, unit: stageRows[0]!.unit, ...summary, countries };
      record.year = Math.max(record.year, stageRows[0]!.year);
      record.unit = record.mine?.unit ?? stageRows[0]!.unit;
    }
    if (record.mine || record.refinery) commodities.push(record);
  }
  commodities.sort((a, b) => a.commodityId.localeCompare(b.commodityId));
  return {
    commodities,
    countries: req.iso2 ? [{ iso2: req.iso2, holdings }] : [],
    fetchedAt: iso(snapshot.capturedAt),
    upstreamUnavailable: false,
    dataYear: commodities.reduce((m, c) => Math.max(m, c.year), 0),
  };
}
