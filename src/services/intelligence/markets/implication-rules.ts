import type { Signal } from './rules.js';
import type { MarketImplicationCard } from './schemas.js';

/** Instruments a card may name (the published allow-list, trimmed to liquid ETFs and futures). */
export const ALLOWED_TICKERS: Record<string, string> = {
  SPY: 'SPDR S&P 500 ETF',
  QQQ: 'Invesco QQQ Trust',
  GLD: 'SPDR Gold Shares',
  USO: 'United States Oil Fund',
  XLE: 'Energy Select Sector SPDR',
  UNG: 'United States Natural Gas Fund',
  ITA: 'iShares U.S. Aerospace & Defense ETF',
  TLT: 'iShares 20+ Year Treasury Bond ETF',
  UUP: 'Invesco DB US Dollar Index Bullish Fund',
  'BTC-USD': 'Bitcoin',
};
export const DIRECTIONS = ['LONG', 'SHORT', 'HEDGE'] as const;
export const TIMEFRAMES = ['1W', '2W', '1M', '3M'] as const;
export const CONFIDENCES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export const IMPACT_TYPES = [
  'supply_shock',
  'demand_shock',
  'risk_off',
  'risk_on',
  'inflation',
  'rates',
  'currency',
  'safe_haven',
] as const;
export const MAX_CARDS = 5;

/** The facts cards are written from. */
export interface MarketFacts {
  signals: readonly Signal[];
  /** Session moves, percent, by symbol (CL=F, GC=F, NG=F, ^GSPC ...); VIX as its level. */
  moves: { symbol: string; name: string; changePct: number }[];
  vix?: number;
}

const RULE_LABEL = '[Rule-based card from snapshot facts; not model-written.]';

const chain = (...steps: [string, (typeof IMPACT_TYPES)[number], string][]) =>
  steps.map(([node, impactType, logic]) => ({ node, impactType, logic }));

function card(
  ticker: string,
  c: Omit<MarketImplicationCard, 'ticker' | 'name' | 'narrative'> & { narrative: string },
): MarketImplicationCard {
  return { ticker, name: ALLOWED_TICKERS[ticker]!, ...c, narrative: `${RULE_LABEL} ${c.narrative}` };
}

/**
 * Deterministic cards: each rule fires on one snapshot fact and names its instrument, direction and
 * transmission; the first card per ticker wins, at most five, strongest driver first.
 */
export function ruleCards(f: MarketFacts): MarketImplicationCard[] {
  const out: { score: number; card: MarketImplicationCard }[] = [];
  const top = (kinds: string[], theaters?: string[]) =>
    f.signals
      .filter((s) => kinds.includes(s.kind) && (!theaters || theaters.includes(s.theater)))
      .sort((a, b) => b.score - a.score)[0];
  const oil = f.moves.find((m) => m.symbol === 'CL=F' || m.symbol === 'BZ=F');
  const gulf = top(
    ['SHIPPING_DISRUPTION', 'COMPOSITE_ESCALATION', 'OREF_ALERT_CLUSTER'],
    ['Persian Gulf', 'Red Sea', 'Middle East'],
  );
  if (gulf || (oil && Math.abs(oil.changePct) >= 5)) {
    const up = gulf ? true : oil!.changePct > 0;
    const driver = gulf ? gulf.summary : `${oil!.name} ${oil!.changePct > 0 ? '+' : ''}${oil!.changePct}% in a session`;
    out.push({
      score: gulf?.score ?? 2,
      card: card('USO', {
        direction: up ? 'LONG' : 'SHORT',
        timeframe: '1M',
        confidence: gulf && gulf.score >= 3.5 ? 'MEDIUM' : 'LOW',
        title: up ? 'Crude supply risk from Middle East disruption' : 'Crude sell-off after a large session drop',
        narrative: up
          ? `${driver}. Disruption around the Gulf and Red Sea routes puts a risk premium on crude.`
          : `${driver}. A move of this size tends to extend while positioning unwinds.`,
        riskCaveat: 'A single snapshot fact; flows can normalise quickly and spare capacity can offset losses.',
        driver,
        transmissionChain: chain(
          ['Shipping lanes and producers', 'supply_shock', 'Fewer barrels reach market'],
          ['Crude benchmarks', 'inflation', 'Prices reprice the risk'],
        ),
      }),
    });
  }
  const military = top(['MILITARY_FLIGHT_SURGE', 'COMPOSITE_ESCALATION']);
  if (military) {
    out.push({
      score: military.score,
      card: card('ITA', {
        direction: 'LONG',
        timeframe: '3M',
        confidence: 'LOW',
        title: `Defence demand as activity rises in ${military.theater}`,
        narrative: `${military.summary}. Sustained military activity supports defence procurement expectations.`,
        riskCaveat: 'Activity surges often fade without changing budgets; defence stocks price slowly.',
        driver: military.summary,
        transmissionChain: chain(
          [`${military.theater} activity`, 'demand_shock', 'Governments signal more spending'],
          ['Defence contractors', 'risk_on', 'Order expectations rise'],
        ),
      }),
    });
  }
  const stress =
    (f.vix !== undefined && f.vix > 30) || f.signals.some((s) => s.kind === 'MARKET_STRESS' || s.kind === 'VIX_SPIKE');
  if (stress) {
    const driver = f.vix !== undefined ? `VIX at ${f.vix}` : 'Equity market stress';
    out.push({
      score: 2.5,
      card: card('SPY', {
        direction: 'HEDGE',
        timeframe: '2W',
        confidence: 'MEDIUM',
        title: 'Hedge equity exposure while volatility is high',
        narrative: `${driver}. Elevated implied volatility signals a risk-off regime in which drawdowns cluster.`,
        riskCaveat: 'Volatility mean-reverts; hedges cost carry if the stress passes.',
        driver,
        transmissionChain: chain(
          ['Volatility', 'risk_off', 'Investors cut risk'],
          ['US equities', 'risk_off', 'Drawdowns deepen'],
        ),
      }),
    });
  }
  const gold = f.moves.find((m) => m.symbol === 'GC=F');
  const composite = top(['COMPOSITE_ESCALATION']);
  if ((gold && gold.changePct >= 1) || composite) {
    const driver = composite ? composite.summary : `Gold +${gold!.changePct}% in a session`;
    out.push({
      score: composite?.score ?? 1.5,
      card: card('GLD', {
        direction: 'LONG',
        timeframe: '1M',
        confidence: 'LOW',
        title: 'Safe-haven demand for gold',
        narrative: `${driver}. Converging geopolitical signals tend to lift demand for havens.`,
        riskCaveat: 'A stronger dollar or higher real yields can cap gold.',
        driver,
        transmissionChain: chain(
          ['Geopolitical stress', 'safe_haven', 'Investors seek havens'],
          ['Gold', 'safe_haven', 'Demand lifts the price'],
        ),
      }),
    });
  }
  const seen = new Set<string>();
  return out
    .sort((a, b) => b.score - a.score)
    .map((o) => o.card)
    .filter((c) => (seen.has(c.ticker) ? false : (seen.add(c.ticker), true)))
    .slice(0, MAX_CARDS);
}

/** The facts as the model's prompt: numbers to one significant digit so that near-identical facts share a cached answer. */
export function factsPrompt(f: MarketFacts): string {
  const sig = (v: number) => Number(v.toPrecision(1));
  return [
    'Signals (type, theater, score, summary):',
    ...f.signals.slice(0, 15).map((s) => `- ${s.kind} | ${s.theater} | ${sig(s.score)} | ${s.summary}`),
    'Session moves (percent):',
    ...f.moves.map((m) => `- ${m.name} (${m.symbol}): ${sig(m.changePct)}`),
    `VIX: ${f.vix !== undefined ? sig(f.vix) : 'unknown'}`,
  ].join('\n');
}

const str = (v: unknown, min: number, max: number) =>
  typeof v === 'string' && v.trim().length >= min && v.trim().length <= max;

/**
 * Cards from the model's JSON answer (an array, or `{cards: [...]}`), kept only when valid as
 * published: an allowed, unique ticker; known direction, timeframe and confidence; title 5-120 and
 * narrative 20-600 characters; two to four chain steps of known impact types. At most five.
 */
export function parseModelCards(text: string): MarketImplicationCard[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    return [];
  }
  const list = Array.isArray(doc)
    ? doc
    : Array.isArray((doc as { cards?: unknown })?.cards)
      ? (doc as { cards: unknown[] }).cards
      : [];
  const out: MarketImplicationCard[] = [];
  for (const raw of list as Record<string, unknown>[]) {
    const ticker = String(raw?.ticker ?? '');
    const steps = Array.isArray(raw?.transmissionChain) ? (raw.transmissionChain as Record<string, unknown>[]) : [];
    const valid =
      ALLOWED_TICKERS[ticker] !== undefined &&
      !out.some((c) => c.ticker === ticker) &&
      (DIRECTIONS as readonly unknown[]).includes(raw.direction) &&
      (TIMEFRAMES as readonly unknown[]).includes(raw.timeframe) &&
      (CONFIDENCES as readonly unknown[]).includes(raw.confidence) &&
      str(raw.title, 5, 120) &&
      str(raw.narrative, 20, 600) &&
      steps.length >= 2 &&
      steps.length <= 4 &&
      steps.every(
        (s) =>
          str(s?.node, 1, 200) &&
          (IMPACT_TYPES as readonly unknown[]).includes(s?.impactType) &&
          typeof s?.logic === 'string',
      );
    if (!valid) continue;
    out.push({
      ticker,
      name: ALLOWED_TICKERS[ticker]!,
      direction: raw.direction as string,
      timeframe: raw.timeframe as string,
      confidence: raw.confidence as string,
      title: (raw.title as string).trim(),
      narrative: (raw.narrative as string).trim(),
      riskCaveat: typeof raw.riskCaveat === 'string' ? raw.riskCaveat.slice(0, 400) : '',
      driver: typeof raw.driver === 'string' ? raw.driver.slice(0, 200) : '',
      transmissionChain: steps.map((s) => ({
        node: String(s.node),
        impactType: String(s.impactType),
        logic: String(s.logic).slice(0, 300),
      })),
    });
    if (out.length === MAX_CARDS) break;
  }
  return out;
}
