import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { MARKET_QUOTES, type QuotesInfo, type StoredQuote } from './datasets/quotes.js';
import { SKIP_REASON, type ProviderAnswer, type QuoteProvider } from './provider.js';
import {
  DEFAULT_QUOTES,
  displayFor,
  isEquitySymbol,
  normaliseSymbols,
  percentChange,
  PROVIDER_LOOKUP_BUDGET,
} from './rules.js';
import type {
  ListMarketQuotesRequest,
  ListMarketQuotesResponse,
  MarketQuote,
  MarketQuoteUnavailable,
  UnavailableReason,
} from './schemas.js';

const REASON = (r: string) => `MARKET_QUOTE_UNAVAILABLE_REASON_${r}` as UnavailableReason;
const PROVIDER_CONCURRENCY = 4;
const PROVIDER_TIMEOUT_MS = 5000;

export interface QuotesOutcome {
  response: ListMarketQuotesResponse;
  /** The snapshot was missing: served, but must not be cached. */
  degraded: boolean;
}

function toQuote(q: StoredQuote): MarketQuote {
  return {
    symbol: q.symbol,
    name: q.name,
    display: displayFor(q.symbol),
    price: q.price,
    change: q.change,
    sparkline: q.sparkline,
  };
}

/**
 * Quotes in requested order from the snapshot; symbols it lacks go to the live provider when one
 * is configured (equity tickers only, within the per-request budget), and are otherwise reported
 * with the reason. No symbols requested means the default board.
 */
export async function listMarketQuotes(
  store: SnapshotStore,
  req: ListMarketQuotesRequest,
  provider: QuoteProvider | undefined,
): Promise<QuotesOutcome> {
  const requested = req.symbols?.length ? req.symbols : DEFAULT_QUOTES.map((q) => q.symbol);
  const { accepted, overflow } = normaliseSymbols(requested);
  const overflowed: MarketQuoteUnavailable[] = overflow.map((symbol) => ({
    symbol,
    reason: REASON('REQUEST_LIMIT_EXCEEDED'),
  }));
  const base = { providerSkipped: !provider, skipReason: provider ? '' : SKIP_REASON, rateLimited: false };

  const snapshot = store.read<StoredQuote, QuotesInfo>(MARKET_QUOTES);
  if (!snapshot) {
    // Without the snapshot nothing is looked up live either: the provider is a gap filler, not the tape.
    const unavailableSymbols = [
      ...accepted.map((symbol) => ({ symbol, reason: REASON('SEED_UNAVAILABLE') })),
      ...overflowed,
    ];
    return { response: { quotes: [], ...base, unavailableSymbols, asOf: '' }, degraded: true };
  }
  const bySymbol = snapshot.derive('bySymbol', (s) => new Map(s.records.map((q) => [q.symbol, q])));

  const answers = new Map<string, MarketQuote | UnavailableReason>();
  const misses: string[] = [];
  for (const symbol of accepted) {
    const hit = bySymbol.get(symbol);
    if (hit) answers.set(symbol, toQuote(hit));
    else if (!isEquitySymbol(symbol)) answers.set(symbol, REASON('NOT_FOUND'));
    else if (!provider) answers.set(symbol, REASON('PROVIDER_NOT_CONFIGURED'));
    else misses.push(symbol);
  }
  let rateLimited = false;
  if (provider && misses.length) {
    const budget = misses.slice(0, PROVIDER_LOOKUP_BUDGET);
    for (const symbol of misses.slice(PROVIDER_LOOKUP_BUDGET)) answers.set(symbol, REASON('UPSTREAM_BUDGET_EXHAUSTED'));
    const results = await lookupAll(provider, budget);
    budget.forEach((symbol, i) => {
      const a = results[i];
      if (a.kind === 'quote') {
        answers.set(symbol, {
          symbol,
          name: symbol,
          display: symbol,
          price: a.price,
          change: percentChange(a.price, a.previousClose),
          sparkline: [],
        });
      } else {
        if (a.kind === 'rate_limited') rateLimited = true;
        answers.set(
          symbol,
          REASON(
            a.kind === 'not_found'
              ? 'NOT_FOUND'
              : a.kind === 'rate_limited'
                ? 'PROVIDER_RATE_LIMITED'
                : 'PROVIDER_ERROR',
          ),
        );
      }
    });
  }

  const quotes: MarketQuote[] = [];
  const unavailableSymbols: MarketQuoteUnavailable[] = [];
  for (const symbol of accepted) {
    const a = answers.get(symbol)!;
    if (typeof a === 'string') unavailableSymbols.push({ symbol, reason: a });
    else quotes.push(a);
  }
  unavailableSymbols.push(...overflowed);
  const asOf = snapshot.info.asOf ? new Date(snapshot.info.asOf).toISOString() : '';
  return { response: { quotes, ...base, rateLimited, unavailableSymbols, asOf }, degraded: false };
}

/** Provider lookups with bounded concurrency; a lookup that throws or times out is a provider error. */
async function lookupAll(provider: QuoteProvider, symbols: string[]): Promise<ProviderAnswer[]> {
  const out: ProviderAnswer[] = new Array(symbols.length);
  let next = 0;
  const worker = async () => {
    while (next < symbols.length) {
      const i = next++;
      out[i] = await provider
        .lookup(symbols[i], AbortSignal.timeout(PROVIDER_TIMEOUT_MS))
        .catch((): ProviderAnswer => ({ kind: 'error' }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PROVIDER_CONCURRENCY, symbols.length) }, worker));
  return out;
}
