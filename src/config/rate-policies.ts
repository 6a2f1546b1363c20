/** Endpoint policies: extra per-credential limits on expensive operations, named in `meta.ratePolicy`. They fail closed. */
export const RATE_POLICIES: Readonly<Record<string, { perMinute: number }>> = Object.freeze({
  batch: { perMinute: 30 },
  'search-intel-history': { perMinute: 30 },
  'get-intel-timeline': { perMinute: 120 },
  'get-similar-events': { perMinute: 30 },
  'classify-event': { perMinute: 600 },
  'deduct-situation': { perMinute: 600 },
  'list-market-quotes': { perMinute: 60 },
  'get-resilience-ranking': { perMinute: 30 },
  'get-aircraft-details-batch': { perMinute: 30 },
  'get-vessel-snapshot': { perMinute: 60 },
  'reverse-geocode': { perMinute: 60 },
  'list-stablecoin-markets': { perMinute: 60 },
  'get-country-stock-index': { perMinute: 30 },
  'analyze-stock': { perMinute: 60 },
  'backtest-stock': { perMinute: 60 },
  'get-insider-transactions': { perMinute: 60 },
  'list-world-bank-indicators': { perMinute: 30 },
  'get-humanitarian-summary-batch': { perMinute: 30 },
  'lookup-sanction-entity': { perMinute: 30 },
  'run-scenario': { perMinute: 10 },
  'trigger-simulation': { perMinute: 10 },
  'summarize-article': { perMinute: 30 },
  'summarize-article-cache': { perMinute: 3000 },
  'get-company-enrichment': { perMinute: 30 },
  'list-company-signals': { perMinute: 30 },
  'search-sec-filings': { perMinute: 30 },
});

/** Parses `name=perMinute,...` overrides of the endpoint policies (operators tune them; tests relax them). */
export function parsePolicyOverrides(raw: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([a-z0-9-]+)=(\d{1,12})$/.exec(part);
    if (!m || !RATE_POLICIES[m[1]] || Number(m[2]) < 1)
      throw new Error(`RATE_POLICY_OVERRIDES: bad entry "${part}" (want <known policy>=<positive integer>)`);
    out[m[1]] = Number(m[2]);
  }
  return out;
}
