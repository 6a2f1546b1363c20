import { z } from 'zod';

// ---- get-fear-greed-index --------------------------------------------------------------------

export const FearGreedCategory = z
  .object({
    score: z
      .number()
      .meta({ format: 'double', description: '0 (extreme fear) to 100 (extreme greed); 50 when degraded.' }),
    weight: z.number().meta({ format: 'double', description: 'Nominal weight of the category in the composite.' }),
    contribution: z.number().meta({
      format: 'double',
      description: 'Points this category adds to the composite (weights rescaled over the non-degraded categories).',
    }),
    degraded: z
      .boolean()
      .meta({ description: 'True when the category’s input was missing; it then contributes nothing.' }),
    inputsJson: z.string().meta({ description: 'The category’s inputs as a JSON object string.' }),
  })
  .meta({ id: 'market_v1_FearGreedCategory', description: 'One component of the fear & greed composite.' });

export type FearGreedCategory = z.infer<typeof FearGreedCategory>;

export const FearGreedSectorPerformance = z
  .object({
    symbol: z.string(),
    name: z.string(),
    change1d: z.number().meta({ format: 'double', description: 'One-session percent change.' }),
  })
  .meta({ id: 'market_v1_FearGreedSectorPerformance', description: 'One S&P 500 sector fund’s last session.' });

export const GetFearGreedIndexRequest = z.object({});

const num = (description: string) => z.number().optional().meta({ format: 'double', description });

export const GetFearGreedIndexResponse = z
  .object({
    compositeScore: z
      .number()
      .meta({ format: 'double', description: 'Weighted composite, 0 to 100, one decimal; 0 when unavailable.' }),
    compositeLabel: z.string().meta({
      description:
        'Extreme Fear (≤20), Fear (≤40), Neutral (≤60), Greed (≤80) or Extreme Greed; empty when unavailable.',
    }),
    previousScore: num('The composite computed from the previous session’s inputs.'),
    seededAt: z.string().optional().meta({ description: 'When the snapshot was built, ISO 8601 UTC.' }),
    sentiment: FearGreedCategory.optional(),
    volatility: FearGreedCategory.optional(),
    positioning: FearGreedCategory.optional(),
    trend: FearGreedCategory.optional(),
    breadth: FearGreedCategory.optional(),
    momentum: FearGreedCategory.optional(),
    liquidity: FearGreedCategory.optional(),
    credit: FearGreedCategory.optional(),
    macro: FearGreedCategory.optional(),
    crossAsset: FearGreedCategory.optional(),
    vix: num('CBOE volatility index close.'),
    hySpread: num('ICE BofA US high-yield option-adjusted spread, percent.'),
    yield10y: num('US 10-year Treasury yield, percent.'),
    putCallRatio: num('Equity put/call ratio (5-day average); 0 when not available.'),
    pctAbove200d: num('Percent of the eleven S&P 500 sector funds trading above their 200-day average.'),
    cnnFearGreed: num('CNN Fear & Greed reading; 0 when not available.'),
    cnnLabel: z.string().optional().meta({ description: 'CNN’s rating word; empty when not available.' }),
    aaiiBull: num('AAII survey bullish share, percent; 0 (not ingested).'),
    aaiiBear: num('AAII survey bearish share, percent; 0 (not ingested).'),
    fedRate: z.string().optional().meta({ description: 'Effective federal funds rate, e.g. "3.88%".' }),
    unavailable: z.boolean().meta({
      description:
        'True when no composite is available; the body then holds only compositeScore, compositeLabel and this flag.',
    }),
    fsiValue: num('Financial stress indicator: (HYG/TLT) / (VIX × HY spread / 100). Higher is calmer.'),
    fsiLabel: z
      .string()
      .optional()
      .meta({ description: 'Low (≥1.5), Moderate (≥0.8), Elevated (≥0.3) or High Stress.' }),
    hygPrice: num('High-yield bond fund (HYG) close.'),
    tltPrice: num('Long Treasury fund (TLT) close.'),
    sectorPerformance: z.array(FearGreedSectorPerformance).optional(),
  })
  .meta({
    id: 'market_v1_GetFearGreedIndexResponse',
    description: 'Market fear & greed composite with its ten categories and headline inputs.',
  });

export type GetFearGreedIndexResponse = z.infer<typeof GetFearGreedIndexResponse>;

// ---- list-etf-flows --------------------------------------------------------------------------

const i64 = (description: string) => z.number().int().meta({ format: 'int64', description });
const i32 = (description: string) => z.number().int().meta({ format: 'int32', description });
const dbl = (description: string) => z.number().meta({ format: 'double', description });

export const EtfFlow = z
  .object({
    ticker: z.string().min(1).meta({ description: 'Fund ticker.' }),
    issuer: z.string().meta({ description: 'Fund issuer.' }),
    price: dbl('Last close, two decimals.'),
    priceChange: dbl('Percent change against the previous close, two decimals.'),
    volume: i64('Shares traded in the last session.'),
    avgVolume: i64('Mean shares traded over the earlier sessions.'),
    volumeRatio: dbl('Last volume over that mean, two decimals (1 when the mean is 0).'),
    direction: z.string().meta({ description: 'inflow (change above 0.1%), outflow (below −0.1%) or neutral.' }),
    estFlow: i64(
      'Estimated dollar flow: a tenth of the day’s traded value, signed by the price move. A heuristic, not reported creations/redemptions.',
    ),
  })
  .meta({ id: 'market_v1_EtfFlow', description: 'One spot-bitcoin ETF’s last session.' });

export const EtfFlowsSummary = z
  .object({
    etfCount: i32('Funds listed.'),
    totalVolume: i64('Sum of last-session volumes.'),
    totalEstFlow: i64('Sum of estimated flows.'),
    netDirection: z.string().meta({
      description: 'NET INFLOW, NET OUTFLOW or NEUTRAL by the sign of totalEstFlow; UNAVAILABLE without a snapshot.',
    }),
    inflowCount: i32('Funds with direction inflow.'),
    outflowCount: i32('Funds with direction outflow.'),
  })
  .meta({ id: 'market_v1_EtfFlowsSummary', description: 'Totals over the funds.' });

export const ListEtfFlowsRequest = z.object({});
export const ListEtfFlowsResponse = z
  .object({
    timestamp: z
      .string()
      .meta({ description: 'Open time of the newest session, ISO 8601 UTC; empty without a snapshot.' }),
    summary: EtfFlowsSummary,
    etfs: z.array(EtfFlow).meta({ description: 'Funds by last-session volume, largest first.' }),
    rateLimited: z.boolean().meta({ description: 'Always false: answers come from the snapshot.' }),
  })
  .meta({ id: 'market_v1_ListEtfFlowsResponse', description: 'US spot-bitcoin ETF flow estimates.' });
export type ListEtfFlowsResponse = z.infer<typeof ListEtfFlowsResponse>;

// ---- get-cot-positioning ---------------------------------------------------------------------

const contracts = (description: string) =>
  z
    .string()
    .regex(/^-?\d+$/)
    .meta({ format: 'int64', description: `${description} (contracts, as a decimal string).` });

export const CotInstrument = z
  .object({
    name: z.string().meta({ description: 'Instrument name.' }),
    code: z.string().meta({ description: 'Futures root (ES, NQ, ZN, ZT, EC, JY, GC, SI, CL).' }),
    reportDate: z.string().meta({ description: 'Positions as of this Tuesday, YYYY-MM-DD.' }),
    assetManagerLong: contracts('Asset managers long (managed money for commodities)'),
    assetManagerShort: contracts('Asset managers short (managed money for commodities)'),
    leveragedFundsLong: contracts('Leveraged funds long (other reportables for commodities)'),
    leveragedFundsShort: contracts('Leveraged funds short (other reportables for commodities)'),
    dealerLong: contracts('Dealers long (producers/merchants plus swap dealers for commodities)'),
    dealerShort: contracts('Dealers short (producers/merchants plus swap dealers for commodities)'),
    netPct: dbl('Asset managers’ (managed money’s) net position as a percent of their gross position.'),
    smallTraderLong: contracts('Non-reportable positions long; 0 when not reported'),
    smallTraderShort: contracts('Non-reportable positions short; 0 when not reported'),
    smallTraderAvailable: z.boolean().meta({ description: 'True when the report gave both non-reportable sides.' }),
  })
  .meta({ id: 'market_v1_CotInstrument', description: 'One futures market’s positioning by trader category.' });

export const GetCotPositioningRequest = z.object({});
export const GetCotPositioningResponse = z
  .object({
    instruments: z.array(CotInstrument).meta({ description: 'Financial futures, then commodities.' }),
    reportDate: z
      .string()
      .meta({ description: 'The newest report date among the instruments; empty when unavailable.' }),
    unavailable: z.boolean().meta({ description: 'True when no report is held (served with no-store).' }),
  })
  .meta({ id: 'market_v1_GetCotPositioningResponse', description: 'CFTC Commitments of Traders positioning.' });
export type GetCotPositioningResponse = z.infer<typeof GetCotPositioningResponse>;

// ---- get-hyperliquid-flow --------------------------------------------------------------------

const decimal = (description: string) =>
  z.string().meta({ description: `${description}, as Hyperliquid sends it (decimal string; empty when absent).` });
const score = (description: string) => dbl(`${description}, 0-100.`);
const series = (description: string) =>
  z
    .array(z.number().meta({ format: 'double' }))
    .meta({ description: `${description}, oldest first (at most 60 polls).` });

export const HyperliquidAssetFlow = z
  .object({
    symbol: z.string().meta({ description: 'Hyperliquid name (BTC, xyz:GOLD ...).' }),
    display: z.string().meta({ description: 'Short label.' }),
    assetClass: z.string().meta({ description: 'crypto, commodity or fx.' }),
    group: z.string().meta({ description: 'crypto, metals, energy or fx.' }),
    funding: decimal('Hourly funding rate'),
    openInterest: decimal('Open interest in contracts'),
    markPx: decimal('Mark price'),
    oraclePx: decimal('Oracle price'),
    dayNotional: decimal('Notional traded over 24 hours, US dollars'),
    fundingScore: score('|funding| against the threshold (0.1%/h crypto, 0.05%/h others)'),
    volumeScore: score(
      '24-hour notional against its mean over the previous 12 polls (5× crypto, 3× others); 0 below $500k a day or in warm-up',
    ),
    oiScore: score(
      'Open-interest change since 12 polls ago (20% crypto, 15% others); 0 in warm-up or after a gap over 15 minutes',
    ),
    basisScore: score('Mark/oracle gap (5% crypto, 3% others)'),
    composite: score('0.30 funding + 0.25 volume + 0.25 OI + 0.20 basis'),
    sparkFunding: series('Funding per poll'),
    sparkOi: series('Open interest per poll'),
    sparkScore: series('Composite per poll'),
    warmup: z.boolean().meta({ description: 'Fewer than 12 earlier polls: volume and OI are not scored yet.' }),
    stale: z
      .boolean()
      .meta({ description: 'Missing from the latest poll; carried for up to 3 polls with its last figures.' }),
    staleSince: z.string().regex(/^\d+$/).meta({
      format: 'int64',
      description: 'First poll that lacked it, epoch ms as a decimal string; "0" while present.',
    }),
    missingPolls: z.number().int().meta({ format: 'int32', description: 'Consecutive polls that lacked it.' }),
    alerts: z
      .array(z.string())
      .meta({ description: 'HIGH RISK nn/100 when the composite is 60 or more outside warm-up.' }),
  })
  .meta({ id: 'market_v1_HyperliquidAssetFlow', description: 'One perpetual’s flow and risk scores.' });

export const GetHyperliquidFlowRequest = z.object({});
export const GetHyperliquidFlowResponse = z
  .object({
    ts: z.string().regex(/^\d+$/).meta({
      format: 'int64',
      description: 'Time of the latest poll, epoch ms as a decimal string; "0" when unavailable.',
    }),
    fetchedAt: z.string().meta({ description: 'The same time, ISO 8601 UTC; empty when unavailable.' }),
    warmup: z.boolean().meta({ description: 'True while any listed asset is in warm-up.' }),
    assetCount: z.number().int().meta({ format: 'int32', description: 'Assets listed.' }),
    assets: z.array(HyperliquidAssetFlow).meta({ description: 'Crypto first, then energy, metals and FX.' }),
    unavailable: z.boolean().meta({ description: 'True when no state is held (served with no-store).' }),
  })
  .meta({ id: 'market_v1_GetHyperliquidFlowResponse', description: 'Hyperliquid perpetuals flow and risk.' });
export type GetHyperliquidFlowResponse = z.infer<typeof GetHyperliquidFlowResponse>;
