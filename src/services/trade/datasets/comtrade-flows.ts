import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { comtradePreviewUrl, parseComtradePreview, type ComtradeRow } from '../../../sources/comtrade/preview.js';

export const COMTRADE_FLOWS = 'trade.comtrade-flows';

/**
 * One snapshot row: a reporter's annual trade in one HS code with one partner, imports (`M`) or
 * exports (`X`), as UN Comtrade reports it. `partnerCode` `0` is the reporter's total with the World;
 * the other rows are bilateral, so a share of supply (imports from China / imports from World) is a
 * division of two rows. Reporter and partner codes are UN M49 as Comtrade writes them (`490` is
 * "Other Asia, nes", i.e. Taiwan). Values in US dollars (CIF imports, FOB exports), weights in kg.
 *
 * The one Comtrade flows dataset of the service: trade/list-comtrade-flows reads the strategic codes
 * of the followed reporters; the supply-chain trade-exposure and cost-shock operations read every
 * reporter's imports (see src/services/supply-chain/trade/flows.ts).
 */
export type ComtradeFlow = ComtradeRow;

/** Reporters followed: USA, China, Russia, Iran, India, Taiwan (Comtrade "Other Asia, nes"). */
export const COMTRADE_REPORTERS = ['842', '156', '643', '364', '699', '490'] as const;

/**
 * Strategic HS codes followed: integrated circuits, lithium-ion cells, battery electric cars, silicon,
 * photovoltaic cells and modules, crude oil, petroleum gases, LNG, coal, iron ore, copper ore, gold,
 * military weapons.
 */
export const COMTRADE_STRATEGIC_CODES = [
  '8542',
  '850760',
  '870380',
  '280530',
  '854142',
  '854143',
  '2709',
  '2711',
  '271111',
  '2701',
  '2601',
  '2603',
  '7108',
  '9301',
] as const;

/** Importers whose supply chains the supply-chain service models: China, Japan, Germany, India. */
export const SUPPLY_CHAIN_IMPORTERS = ['156', '392', '276', '699'] as const;

/**
 * HS subheadings of those importers' dependencies: crude, LNG, diesel, iron ore, processors, laptops,
 * cars, medicaments, hot-rolled steel, polyethylene, xylenes, wheat, trousers, phones. Where a
 * strategic heading covers one (2709 covers 270900), the supply-chain reading keeps the heading.
 */
export const SUPPLY_CHAIN_CODES = [
  '270900',
  '271111',
  '271019',
  '260111',
  '854231',
  '847130',
  '870323',
  '300490',
  '720839',
  '390110',
  '290250',
  '100199',
  '620342',
  '851713',
] as const;

/** Every (reporter, HS code) pair asked for, one request each (an answer holds at most 500 rows). */
export const COMTRADE_REQUESTS: readonly (readonly [reporter: string, cmdCode: string])[] = (() => {
  const pairs = [
    ...COMTRADE_REPORTERS.flatMap((r) => COMTRADE_STRATEGIC_CODES.map((c) => [r, c] as const)),
    ...SUPPLY_CHAIN_IMPORTERS.flatMap((r) => SUPPLY_CHAIN_CODES.map((c) => [r, c] as const)),
  ];
  const seen = new Set<string>();
  return pairs.filter(([r, c]) => (seen.has(`${r}|${c}`) ? false : (seen.add(`${r}|${c}`), true)));
})();

const STRATEGIC = new Set<string>(COMTRADE_STRATEGIC_CODES);
const FOLLOWED = new Set<string>(COMTRADE_REPORTERS);

/** A row of the strategic view (list-comtrade-flows): a followed reporter in a strategic code. */
export const isStrategicFlow = (r: ComtradeFlow) => FOLLOWED.has(r.reporterCode) && STRATEGIC.has(r.cmdCode);

/** Two consecutive years so that year-on-year changes have a base (the published seeder asked for one). */
function periods(now: number): number[] {
  const y = new Date(now).getUTCFullYear();
  return [y - 3, y - 2];
}

/** Combines per-(reporter, code) answers into one preview-shaped document. */
async function fetchAll(get: (url: string) => Promise<Buffer>, ctx: { now: number }): Promise<Buffer> {
  const data: unknown[] = [];
  for (const [reporter, cmd] of COMTRADE_REQUESTS) {
    const doc = JSON.parse((await get(comtradePreviewUrl(reporter, [cmd], periods(ctx.now)))).toString('utf8')) as {
      data?: unknown[];
      error?: string;
    };
    if (doc.error) throw new Error(`Comtrade: ${reporter}/${cmd}: ${doc.error}`);
    data.push(...(doc.data ?? []));
  }
  return Buffer.from(JSON.stringify({ count: data.length, data, error: '' }));
}

export const comtradeFlowsDataset: Dataset<ComtradeFlow> = {
  name: COMTRADE_FLOWS,
  source: 'UN Comtrade public preview API (annual HS trade by partner)',
  kind: 'live',
  maxStaleMinutes: 3 * 24 * 60,
  sources: {
    preview: {
      url: comtradePreviewUrl(COMTRADE_REPORTERS[0], [COMTRADE_STRATEGIC_CODES[0]], periods(Date.now())),
      sample: 'trade/comtrade-preview.requests.json',
      fetch: fetchAll,
    },
  },
  parse(payloads) {
    const rows = parseComtradePreview(payloads.preview!);
    // One row per (reporter, partner, flow, code, year): a repeated answer keeps its first copy.
    const seen = new Set<string>();
    const records = rows.filter((r) => {
      const key = `${r.reporterCode}|${r.partnerCode}|${r.flowCode}|${r.cmdCode}|${r.year}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
    return { records };
  },
};
