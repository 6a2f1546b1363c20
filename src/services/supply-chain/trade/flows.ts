import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { comtradeIso2, COMTRADE_WORLD } from '../../../sources/comtrade/countries.js';
import { COMTRADE_FLOWS, type ComtradeFlow } from '../../trade/index.js';
import { iso } from '../wire.js';
import { productImports, type ImportRow, type ProductImports } from './rules.js';

/**
 * The supply-chain view of the one Comtrade flows dataset (owned by the trade service): each
 * reporter's imports by HS heading with its suppliers, built once per snapshot.
 */
export { COMTRADE_FLOWS };

export interface Imports {
  /** Reporter ISO alpha-2 -> its imports by heading, largest first. */
  byReporter: ReadonlyMap<string, readonly ProductImports[]>;
  fetchedAt: string;
}

/** Comtrade rows -> import rows per reporter, ISO alpha-2; exports and rows of unnamed areas left out. */
export function importRowsByReporter(rows: readonly ComtradeFlow[]): Map<string, ImportRow[]> {
  const out = new Map<string, ImportRow[]>();
  for (const r of rows) {
    if (r.flowCode !== 'M') continue;
    const reporter = comtradeIso2(r.reporterIso, r.reporterCode);
    const world = r.partnerCode === COMTRADE_WORLD;
    const partner = world ? '' : comtradeIso2(r.partnerIso, r.partnerCode);
    if (!reporter || partner === undefined || partner === reporter) continue;
    let list = out.get(reporter);
    if (!list) out.set(reporter, (list = []));
    list.push({
      partnerIso2: partner,
      partnerCode: Number(r.partnerCode),
      hsCode: r.cmdCode,
      year: r.year,
      valueUsd: r.tradeValueUsd,
    });
  }
  return out;
}

export function readImports(store: SnapshotStore): Imports | undefined {
  const s = store.read<ComtradeFlow>(COMTRADE_FLOWS);
  if (!s) return undefined;
  const byReporter = s.derive(
    'supply-chain-imports',
    (snap) => new Map([...importRowsByReporter(snap.records)].map(([k, rows]) => [k, productImports(rows)])),
  );
  return { byReporter, fetchedAt: iso(s.capturedAt) };
}

/** A reporter's imported headings whose code starts with `hsPrefix` ('' for all). */
export function importsOf(imports: Imports, reporter: string, hsPrefix = ''): ProductImports[] {
  return (imports.byReporter.get(reporter) ?? []).filter((p) => p.hs4.startsWith(hsPrefix));
}
