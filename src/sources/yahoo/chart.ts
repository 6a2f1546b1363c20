/**
 * Yahoo Finance chart API v8 (`/v8/finance/chart/<symbol>`): JSON, no credential. One symbol per
 * request; bars in `timestamp` with parallel `indicators.quote[0]` arrays, holes as null.
 */
export const YAHOO_CHART_API = 'https://query1.finance.yahoo.com/v8/finance/chart';

export function yahooChartUrl(symbol: string, range = '1y', interval = '1d'): string {
  return `${YAHOO_CHART_API}/${encodeURIComponent(symbol)}?range=${range}&interval=${interval}`;
}

export interface ChartBar {
  /** Bar time, Unix epoch milliseconds. */
  time: number;
  close: number;
  volume: number;
}

export interface Chart {
  symbol: string;
  /** Bars with a close, oldest first. */
  bars: ChartBar[];
}

/** One chart answer; an error document (`chart.error`) or one without a result is refused. */
export function parseYahooChart(input: Buffer | string): Chart {
  let doc: unknown;
  try {
    doc = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch {
    throw new Error('Yahoo chart: answer is not JSON');
  }
  const chart = (doc as { chart?: { result?: unknown; error?: { description?: string } | null } })?.chart;
  if (!chart) throw new Error('Yahoo chart: answer has no chart object');
  if (chart.error) throw new Error(`Yahoo chart: ${chart.error.description ?? 'error'}`);
  const result = Array.isArray(chart.result) ? (chart.result[0] as Record<string, unknown> | undefined) : undefined;
  const meta = result?.meta as { symbol?: string } | undefined;
  if (!result || typeof meta?.symbol !== 'string') throw new Error('Yahoo chart: answer has no result');
  const stamps = Array.isArray(result.timestamp) ? (result.timestamp as unknown[]) : [];
  const quote = ((result.indicators as { quote?: unknown[] } | undefined)?.quote?.[0] ?? {}) as { close?: unknown[]; volume?: unknown[] };
  const bars: ChartBar[] = [];
  stamps.forEach((t, i) => {
    const close = quote.close?.[i];
    const volume = quote.volume?.[i];
    if (typeof t !== 'number' || typeof close !== 'number' || !Number.isFinite(close)) return;
    bars.push({ time: t * 1000, close, volume: typeof volume === 'number' && Number.isFinite(volume) ? volume : 0 });
  });
  return { symbol: meta.symbol.toUpperCase(), bars: bars.sort((a, b) => a.time - b.time) };
}
