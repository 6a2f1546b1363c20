import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import type { Snapshot } from '../../../../platform/snapshots/store.js';
import { iso2Of, WORLD_M49 } from '../codes.js';

export const TRADE_FLOWS = 'supply-chain.trade-flows';

/**
 * One bilateral flow of one HS subheading in one year, as every trade-exposure operation reads it.
 * This is the shape the shared Comtrade flows dataset is to provide (see the report of the branch).
 */
export interface TradeFlowRecord {
  reporterIso2: string;
  partnerIso2: string;
  /** Six-digit HS subheading, e.g. "270900". */
  hsCode: string;
  year: number;
  flow: 'import' | 'export';
  valueUsd: number;
  quantityKg?: number;
}

export interface TradeFlowsInfo {
  /** Rows left out: World totals, re-imports, unknown countries, non-HS6 codes. */
  skipped: number;
}

const Row = z.object({
  reporterCode: z.number().int(),
  reporterISO: z.string().optional(),
  partnerCode: z.number().int(),
  partnerISO: z.string().optional(),
  flowCode: z.string(),
  cmdCode: z.string(),
  refYear: z.number().int().optional(),
  period: z.union([z.string(), z.number()]).optional(),
  primaryValue: z.number().nullable().optional(),
  netWgt: z.number().nullable().optional(),
});

const Doc = z.object({ data: z.array(z.unknown()), error: z.string().nullable().optional() });

const FLOWS: Record<string, TradeFlowRecord['flow']> = { M: 'import', X: 'export' };

/**
 * A UN Comtrade `data/v1/get` JSON answer -> flows between two named countries at HS6. The World
 * row, re-import/re-export flows, aggregates and countries the code table does not know are left
 * out (counted in `skipped`); an error answer is refused.
 */
export function parseComtradeFlows(bytes: Buffer): { records: TradeFlowRecord[]; info: TradeFlowsInfo } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`Comtrade answer is not JSON: ${(err as Error).message}`);
  }
  const doc = Doc.safeParse(json);
  if (!doc.success) throw new Error('Comtrade answer has no data array');
  if (doc.data.error) throw new Error(`Comtrade answered an error: ${doc.data.error}`);
  const records: TradeFlowRecord[] = [];
  let skipped = 0;
  for (const raw of doc.data.data) {
    const r = Row.safeParse(raw);
    const flow = r.success ? FLOWS[r.data.flowCode] : undefined;
    if (!r.success || !flow || r.data.partnerCode === WORLD_M49 || !/^\d{6}$/.test(r.data.cmdCode) || !r.data.primaryValue || r.data.primaryValue < 0) {
      skipped++;
      continue;
    }
    const reporterIso2 = iso2Of(r.data.reporterISO, r.data.reporterCode);
    const partnerIso2 = iso2Of(r.data.partnerISO, r.data.partnerCode);
    const year = r.data.refYear ?? Number(r.data.period);
    if (!reporterIso2 || !partnerIso2 || !Number.isInteger(year)) {
      skipped++;
      continue;
    }
    records.push({
      reporterIso2,
      partnerIso2,
      hsCode: r.data.cmdCode,
      year,
      flow,
      valueUsd: r.data.primaryValue,
      ...(r.data.netWgt ? { quantityKg: r.data.netWgt } : {}),
    });
  }
  return { records, info: { skipped } };
}

/** Flows indexed by reporter, built once per snapshot. */
export function flowsByReporter(snapshot: Snapshot<TradeFlowRecord, TradeFlowsInfo>): Map<string, TradeFlowRecord[]> {
  return snapshot.derive('by-reporter', (s) => {
    const out = new Map<string, TradeFlowRecord[]>();
    for (const r of s.records) out.set(r.reporterIso2, [...(out.get(r.reporterIso2) ?? []), r]);
    return out;
  });
}

/** The interface the trade operations are written against: a reporter's flows of one HS prefix. */
export function flowsFor(byReporter: ReadonlyMap<string, readonly TradeFlowRecord[]>, reporter: string, hsPrefix: string, flow: TradeFlowRecord['flow'] = 'import'): TradeFlowRecord[] {
  return (byReporter.get(reporter) ?? []).filter((r) => r.flow === flow && r.hsCode.startsWith(hsPrefix));
}

export const tradeFlowsDataset: Dataset<TradeFlowRecord, TradeFlowsInfo> = {
  name: TRADE_FLOWS,
  source: 'UN Comtrade bilateral merchandise trade, annual, HS6 (strategic subheadings of selected reporters)',
  maxStaleMinutes: 60 * 24 * 45,
  sources: {
    flows: {
      url: 'https://comtradeapi.un.org/public/v1/preview/C/A/HS?reporterCode=156,392,276,699&period=2023&flowCode=M,X&cmdCode=270900,271111,271019,260111,854231,847130,870323,300490,720839,390110,290250,100199,620342,851713',
      sample: 'supply-chain/comtrade-flows.json',
    },
  },
  parse(payloads) {
    return parseComtradeFlows(payloads.flows!);
  },
};
