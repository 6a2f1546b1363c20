import { parsesNothing, type Dataset, type Parsed } from '../../../platform/snapshots/dataset.js';
import {
  importRowsByReporter,
  indexRouteModel,
  productImports,
  ROUTE_MODEL,
  type RouteModelInfo,
  type RouteModelRecord,
} from '../../supply-chain/index.js';
import { COMTRADE_FLOWS, type ComtradeFlow } from '../../trade/index.js';
import { exposureTable } from '../exposure-rules.js';
import type { TradeExposure } from '../rules.js';

export const TRADE_EXPOSURE = 'scenario.exposure';

export interface TradeExposureInfo {
  /** Rows computed from Comtrade imports, and from the importer's own lanes alone. */
  flowWeightedRows: number;
  fallbackRows: number;
}

/**
 * The exposure table from the current Comtrade flows (owned by the trade service) and the route
 * model (supply-chain's reference table). Without the route model there are no lanes to weigh and
 * nothing is computed; without flows every row is the route fallback.
 */
export function deriveTradeExposure(
  flows: readonly ComtradeFlow[] | undefined,
  routes: { records: readonly RouteModelRecord[]; info: RouteModelInfo } | undefined,
): Parsed<TradeExposure, TradeExposureInfo> {
  if (!routes) throw new Error(`trade exposure needs the route model (${ROUTE_MODEL})`);
  const model = indexRouteModel(routes.records, routes.info);
  const imports = new Map([...importRowsByReporter(flows ?? [])].map(([iso2, rows]) => [iso2, productImports(rows)]));
  const records = exposureTable(
    {
      countries: model.countries,
      chokepointRoutes: model.chokepointRoutes,
      shockModelChokepoints: model.info.shockModelChokepoints,
    },
    imports,
  );
  const flowWeightedRows = records.filter((r) => r.coverage === 'flow-weighted').length;
  return { records, info: { flowWeightedRows, fallbackRows: records.length - flowWeightedRows } };
}

export const tradeExposureDataset: Dataset<TradeExposure, TradeExposureInfo> = {
  name: TRADE_EXPOSURE,
  source:
    "Computed here: per importer and HS2 chapter, the share of its trade on the lanes through each chokepoint, from UN Comtrade imports (the trade service's flows) and the route model",
  kind: 'derived',
  maxStaleMinutes: 60 * 24 * 4,
  sources: {},
  parse: parsesNothing,
  inputs: [COMTRADE_FLOWS, ROUTE_MODEL],
  derive(inputs) {
    const flows = inputs[COMTRADE_FLOWS] as { records: readonly ComtradeFlow[] } | undefined;
    const routes = inputs[ROUTE_MODEL] as { records: readonly RouteModelRecord[]; info: RouteModelInfo } | undefined;
    return deriveTradeExposure(flows?.records, routes);
  },
};
