import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { parseCsvRows } from '../../../../sources/formats/csv.js';
import {
  CATEGORY_KEYS,
  type CategoryKey,
  composite,
  compositeLabel,
  financialStress,
  round1,
  stressLabel,
} from '../rules.js';
import { percentChange } from '../../equities/rules.js';
import { type ChartSeries, parseYahooSpark } from '../../../../sources/yahoo/spark.js';

export const FEAR_GREED = 'market.fear-greed';

/** One stored category row. */
export interface StoredCategory {
  key: CategoryKey;
  score: number;
  weight: number;
  contribution: number;
  degraded: boolean;
  inputsJson: string;
}

/** Everything in the response besides the ten categories. */
export interface FearGreedInfo {
  compositeScore: number;
  compositeLabel: string;
  previousScore: number;
  seededAt: string;
  vix: number;
  hySpread: number;
  yield10y: number;
  putCallRatio: number;
  pctAbove200d: number;
  cnnFearGreed: number;
  cnnLabel: string;
  aaiiBull: number;
  aaiiBear: number;
  fedRate: string;
  fsiValue: number;
  fsiLabel: string;
  hygPrice: number;
  tltPrice: number;
  sectorPerformance: { symbol: string; name: string; change1d: number }[];
}

export const SECTOR_FUNDS: readonly { symbol: string; name: string }[] = [
  { symbol: 'XLK', name: 'Technology' },
  { symbol: 'XLF', name: 'Financials' },
  { symbol: 'XLE', name: 'Energy' },
  { symbol: 'XLV', name: 'Health Care' },
  { symbol: 'XLY', name: 'Consumer Discretionary' },
  { symbol: 'XLP', name: 'Consumer Staples' },
  { symbol: 'XLI', name: 'Industrials' },
  { symbol: 'XLB', name: 'Materials' },
  { symbol: 'XLU', name: 'Utilities' },
  { symbol: 'XLRE', name: 'Real Estate' },
  { symbol: 'XLC', name: 'Communication Services' },
];

const YAHOO_SYMBOLS = ['SPY', '^VIX', 'HYG', 'TLT', ...SECTOR_FUNDS.map((s) => s.symbol)];
const FRED_SERIES = ['BAMLH0A0HYM2', 'T10Y2Y', 'DGS10', 'DFF', 'WALCL'];

// ---- upstream readers ------------------------------------------------------------------------

/** FRED's graph CSV (one date column, one column per series; empty or `.` for no observation). */
export function parseFredCsv(bytes: Buffer): Map<string, number[]> {
  let rows: string[][];
  try {
    rows = parseCsvRows(bytes, { relaxColumnCount: true, trim: true });
  } catch (err) {
    throw new Error(`FRED CSV is unreadable: ${(err as Error).message}`, { cause: err });
  }
  const header = rows[0];
  if (!header || !/^(observation_date|DATE)$/i.test(header[0]) || header.length < 2) {
    throw new Error('FRED CSV has no observation_date header');
  }
  const out = new Map<string, number[]>(header.slice(1).map((id) => [id, []]));
  for (const cells of rows.slice(1)) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(cells[0] ?? ''))
      throw new Error(`FRED CSV row has no date: ${cells.join(',').slice(0, 40)}`);
    header.slice(1).forEach((id, i) => {
      const cell = cells[i + 1] ?? '';
      if (cell === '' || cell === '.') return;
      const v = Number(cell);
      if (Number.isFinite(v)) out.get(id)!.push(v);
    });
  }
  return out;
}

const CnnGraph = z.object({
  fear_and_greed: z.object({ score: z.number(), rating: z.string(), previous_close: z.number().nullish() }),
  put_call_options: z.object({ data: z.array(z.object({ x: z.number(), y: z.number() })) }).nullish(),
});
type CnnGraph = z.infer<typeof CnnGraph>;

/** CNN's fear-and-greed graph data document. */
export function parseCnn(bytes: Buffer): CnnGraph {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`CNN graph data is not JSON: ${(err as Error).message}`);
  }
  const doc = CnnGraph.safeParse(json);
  if (!doc.success) throw new Error('CNN graph data has no fear_and_greed score');
  return doc.data;
}

// ---- inputs ----------------------------------------------------------------------------------

/** Value `back` observations before the latest. */
const at = (xs: readonly number[] | undefined, back: number) =>
  xs && xs.length > back ? xs[xs.length - 1 - back] : undefined;

function sma(xs: readonly number[], back: number, n: number): number | undefined {
  const end = xs.length - back;
  if (n <= 0 || end < n) return undefined;
  let s = 0;
  for (let i = end - n; i < end; i++) s += xs[i];
  return s / n;
}

function pctChange(xs: readonly number[] | undefined, back: number, span: number): number | undefined {
  const now = at(xs, back);
  const then = at(xs, back + span);
  return now !== undefined && then ? (now / then - 1) * 100 : undefined;
}

interface Upstreams {
  yahoo: Map<string, ChartSeries>;
  fred: Map<string, number[]>;
  cnn?: CnnGraph;
}

/** Each category's headline input as of `back` sessions ago, plus the inputs shown to clients. */
function categoryInputs(
  u: Upstreams,
  back: number,
): { values: Partial<Record<CategoryKey, number>>; shown: Record<CategoryKey, Record<string, number>> } {
  const closes = (sym: string) => u.yahoo.get(sym)?.closes;
  const spy = closes('SPY');
  const values: Partial<Record<CategoryKey, number>> = {};
  const shown = Object.fromEntries(CATEGORY_KEYS.map((k) => [k, {}])) as Record<CategoryKey, Record<string, number>>;
  const put = (k: CategoryKey, value: number | undefined, inputs: Record<string, number | undefined>) => {
    if (value === undefined || !Number.isFinite(value)) return;
    values[k] = value;
    for (const [name, v] of Object.entries(inputs))
      if (v !== undefined && Number.isFinite(v)) shown[k][name] = Math.round(v * 1e4) / 1e4;
  };

  if (u.cnn) {
    const cnnScore = back === 0 ? u.cnn.fear_and_greed.score : (u.cnn.fear_and_greed.previous_close ?? undefined);
    put('sentiment', cnnScore, { cnnFearGreed: cnnScore });
    const pcs = u.cnn.put_call_options?.data.map((d) => d.y) ?? [];
    const avg = sma(pcs, back, Math.min(5, pcs.length - back));
    put('positioning', avg, { putCallRatio5d: avg });
  }
  const vix = at(closes('^VIX'), back);
  put('volatility', vix, { vix });
  const spyNow = at(spy, back);
  const spy200 = spy ? sma(spy, back, 200) : undefined;
  put('trend', spyNow !== undefined && spy200 ? (spyNow / spy200 - 1) * 100 : undefined, {
    spy: spyNow,
    spy200dAverage: spy200,
  });
  const above = SECTOR_FUNDS.flatMap((f) => {
    const c = closes(f.symbol);
    const avg = c ? sma(c, back, 200) : undefined;
    const last = at(c, back);
    return avg === undefined || last === undefined ? [] : [last > avg];
  });
  const share = above.length ? (above.filter(Boolean).length / above.length) * 100 : undefined;
  put('breadth', share, { pctSectorsAbove200d: share, sectorsMeasured: above.length });
  const roc = pctChange(spy, back, 20);
  put('momentum', roc, { spyChange20dPct: roc });
  const walcl = u.fred.get('WALCL');
  const bs = pctChange(walcl, 0, 13); // weekly series: the latest release stands for every session of its week
  put('liquidity', bs, { fedBalanceSheetMillions: at(walcl, 0), change13wPct: bs });
  const oas = at(u.fred.get('BAMLH0A0HYM2'), back);
  put('credit', oas, { hySpreadPct: oas });
  const curve = at(u.fred.get('T10Y2Y'), back);
  put('macro', curve, { curve10y2yPct: curve });
  const tltRoc = pctChange(closes('TLT'), back, 20);
  const rel = roc !== undefined && tltRoc !== undefined ? roc - tltRoc : undefined;
  put('crossAsset', rel, { spyChange20dPct: roc, tltChange20dPct: tltRoc });
  return { values, shown };
}

/** Builds the ten category rows and the headline figures from the three upstreams. */
export function buildFearGreed(u: Upstreams, now: number): { records: StoredCategory[]; info: FearGreedInfo } {
  for (const sym of ['SPY', '^VIX', 'HYG', 'TLT'])
    if (!u.yahoo.has(sym)) throw new Error(`Yahoo document lacks ${sym}`);
  const today = categoryInputs(u, 0);
  const current = composite(today.values);
  if (!current) throw new Error('no fear & greed category could be scored');
  const previous = composite(categoryInputs(u, 1).values);
  const records = CATEGORY_KEYS.map((key) => {
    const c = current.categories[key];
    const inputs = c.degraded ? { unavailable: true } : today.shown[key];
    return { key, ...c, inputsJson: JSON.stringify(inputs) };
  });
  const last = (sym: string) => u.yahoo.get(sym)?.closes.at(-1) ?? 0;
  const vix = last('^VIX');
  const hySpread = at(u.fred.get('BAMLH0A0HYM2'), 0) ?? 0;
  const fsi = financialStress(last('HYG'), last('TLT'), vix, hySpread);
  const dff = at(u.fred.get('DFF'), 0);
  const sectors = SECTOR_FUNDS.flatMap((f) => {
    const s = u.yahoo.get(f.symbol);
    if (!s) return [];
    const change = percentChange(s.closes.at(-1) ?? s.price, at(s.closes, 1));
    return [{ symbol: f.symbol, name: f.name, change1d: Number.isFinite(change) ? change : 0 }];
  });
  return {
    records,
    info: {
      compositeScore: current.score,
      compositeLabel: compositeLabel(current.score),
      previousScore: previous?.score ?? current.score,
      seededAt: new Date(now).toISOString(),
      vix,
      hySpread,
      yield10y: at(u.fred.get('DGS10'), 0) ?? 0,
      putCallRatio: today.values.positioning !== undefined ? Math.round(today.values.positioning * 1000) / 1000 : 0,
      pctAbove200d: today.values.breadth !== undefined ? round1(today.values.breadth) : 0,
      cnnFearGreed: u.cnn?.fear_and_greed.score ?? 0,
      cnnLabel: u.cnn?.fear_and_greed.rating ?? '',
      aaiiBull: 0,
      aaiiBear: 0,
      fedRate: dff !== undefined ? `${dff.toFixed(2)}%` : '',
      fsiValue: fsi !== undefined ? Math.round(fsi * 1000) / 1000 : 0,
      fsiLabel: fsi !== undefined ? stressLabel(fsi) : '',
      hygPrice: last('HYG'),
      tltPrice: last('TLT'),
      sectorPerformance: sectors,
    },
  };
}

/** An optional feed that cannot be read counts as absent: its categories degrade instead of the run failing. */
function readOptional<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

export const fearGreedDataset: Dataset<StoredCategory, FearGreedInfo> = {
  name: FEAR_GREED,
  source: 'Yahoo Finance chart data; FRED (St. Louis Fed); CNN Fear & Greed',
  kind: 'live',
  maxStaleMinutes: 720,
  sources: {
    yahoo: {
      url: `https://query1.finance.yahoo.com/v7/finance/spark?range=1y&interval=1d&symbols=${YAHOO_SYMBOLS.map(encodeURIComponent).join(',')}`,
      sample: 'market/yahoo-spark-fear-greed.json',
    },
    fred: {
      url: `https://fred.stlouisfed.org/graph/fredgraph.csv?id=${FRED_SERIES.join(',')}`,
      sample: 'market/fred-fear-greed-inputs.csv',
    },
    cnn: {
      url: 'https://production.dataviz.cnn.io/index/fearandgreed/graphdata',
      sample: 'market/cnn-fear-greed-graphdata.json',
      // CNN only answers browser-like requests; without it sentiment and positioning are degraded.
      optional: true,
      headers: () => ({ accept: 'application/json', referer: 'https://edition.cnn.com/' }),
    },
  },
  parse(payloads, now) {
    return buildFearGreed(
      {
        yahoo: parseYahooSpark(payloads.yahoo!),
        fred: parseFredCsv(payloads.fred!),
        cnn: payloads.cnn ? readOptional(() => parseCnn(payloads.cnn!)) : undefined,
      },
      now,
    );
  },
};
