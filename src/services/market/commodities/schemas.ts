import { z } from 'zod';
import { listParam } from '../../../platform/query-params.js';
import { MAX_COMMODITY_SYMBOLS } from './instruments.js';

const dbl = (description: string) => z.number().meta({ format: 'double', description });

// ---- list-commodity-quotes -------------------------------------------------------------------

export const CommodityQuote = z
  .object({
    symbol: z.string().min(1).meta({ description: 'Yahoo symbol (GC=F, EURUSD=X, URA).' }),
    name: z.string().meta({ description: 'Instrument name.' }),
    display: z.string().meta({ description: 'Short board label (GOLD, OIL, EUR/USD).' }),
    price: dbl('Latest price in the instrument’s quote currency.'),
    change: dbl('Percent change against the previous session’s close, two decimals.'),
    sparkline: z
      .array(z.number().meta({ format: 'double' }))
      .meta({ description: 'Daily closes of the last month, oldest first, 7 significant digits.' }),
  })
  .meta({
    id: 'market_v1_CommodityQuote',
    description: 'Latest price of one commodity, commodity fund or currency pair.',
  });
export type CommodityQuote = z.infer<typeof CommodityQuote>;

export const ListCommodityQuotesRequest = z.object({
  symbols: listParam(
    `Board symbols, repeated or comma-separated; whitespace removed, upper-cased, de-duplicated, the first ${MAX_COMMODITY_SYMBOLS} served. ` +
      'A symbol off the board is a 400. Omitted: the whole board.',
  ),
});
export type ListCommodityQuotesRequest = z.infer<typeof ListCommodityQuotesRequest>;

export const ListCommodityQuotesResponse = z
  .object({
    quotes: z
      .array(CommodityQuote)
      .meta({ description: 'In board order (not request order); empty without a snapshot.' }),
  })
  .meta({ id: 'market_v1_ListCommodityQuotesResponse', description: 'Commodity and currency quotes.' });
export type ListCommodityQuotesResponse = z.infer<typeof ListCommodityQuotesResponse>;

// ---- get-gold-intelligence -------------------------------------------------------------------

const contracts = (description: string) =>
  z
    .string()
    .regex(/^-?\d+$/)
    .meta({ format: 'int64', description: `${description} (contracts, decimal string).` });

export const GoldCrossCurrencyPrice = z
  .object({
    currency: z.string().meta({ description: 'ISO currency code.' }),
    flag: z.string().meta({ description: 'Flag emoji.' }),
    price: dbl('Gold per troy ounce in that currency, two decimals.'),
  })
  .meta({ id: 'market_v1_GoldCrossCurrencyPrice', description: 'Gold priced in another currency.' });

export const GoldCotCategory = z
  .object({
    longPositions: contracts('Long'),
    shortPositions: contracts('Short'),
    netPct: dbl('Net as a percent of the category’s gross position.'),
    oiSharePct: dbl('Share of open interest held by the category, percent.'),
    wowNetDelta: contracts('Change of the net position since the week before'),
  })
  .meta({ id: 'market_v1_GoldCotCategory', description: 'One trader category in gold futures.' });

export const GoldCotPositioning = z
  .object({
    reportDate: z.string().meta({ description: 'Positions as of this Tuesday.' }),
    nextReleaseDate: z.string().meta({ description: 'The Friday the next report is due.' }),
    openInterest: contracts('Open interest'),
    managedMoney: GoldCotCategory,
    producerSwap: GoldCotCategory,
  })
  .meta({ id: 'market_v1_GoldCotPositioning', description: 'Gold futures positioning (CFTC disaggregated report).' });

export const GoldSessionRange = z
  .object({ dayHigh: dbl('Session high.'), dayLow: dbl('Session low.'), prevClose: dbl('Previous session’s close.') })
  .meta({ id: 'market_v1_GoldSessionRange', description: 'The latest session’s range.' });

export const GoldReturns = z
  .object({
    w1: dbl('Percent change over five sessions.'),
    m1: dbl('Percent change over 21 sessions.'),
    ytd: dbl('Percent change since the first close of the year.'),
    y1: dbl('Percent change over the year held.'),
  })
  .meta({ id: 'market_v1_GoldReturns', description: 'Gold returns over standard spans.' });

export const GoldRange52w = z
  .object({
    hi: dbl('Highest close of the year.'),
    lo: dbl('Lowest close of the year.'),
    positionPct: dbl('Where the price sits in that range, percent.'),
  })
  .meta({ id: 'market_v1_GoldRange52w', description: 'The 52-week range.' });

export const GoldDriver = z
  .object({
    symbol: z.string().meta({ description: 'Yahoo symbol.' }),
    label: z.string().meta({ description: 'What it is.' }),
    value: dbl('Latest value.'),
    changePct: dbl('Percent change against the previous close.'),
    correlation30d: dbl('Correlation of its daily returns with gold’s over the last 30 common sessions.'),
  })
  .meta({ id: 'market_v1_GoldDriver', description: 'A series gold is read against.' });

export const GoldEtfFlows = z
  .object({
    asOfDate: z.string(),
    tonnes: dbl('Holdings, tonnes.'),
    aumUsd: dbl('Assets, US dollars.'),
    nav: dbl('Net asset value per share.'),
    changeW1Tonnes: dbl('Change over a week, tonnes.'),
    changeM1Tonnes: dbl('Change over a month, tonnes.'),
    changeY1Tonnes: dbl('Change over a year, tonnes.'),
    changeW1Pct: dbl('Change over a week, percent.'),
    changeM1Pct: dbl('Change over a month, percent.'),
    changeY1Pct: dbl('Change over a year, percent.'),
    sparkline90d: z.array(z.number().meta({ format: 'double' })),
  })
  .meta({ id: 'market_v1_GoldEtfFlows', description: 'SPDR Gold Shares holdings.' });

export const GoldCbHolder = z
  .object({
    iso3: z.string(),
    name: z.string(),
    tonnes: dbl('Gold reserves, tonnes.'),
    pctOfReserves: dbl('Share of total reserves, percent.'),
  })
  .meta({ id: 'market_v1_GoldCbHolder', description: 'A central bank’s gold.' });
export const GoldCbMover = z
  .object({ iso3: z.string(), name: z.string(), deltaTonnes12m: dbl('Change over twelve months, tonnes.') })
  .meta({ id: 'market_v1_GoldCbMover', description: 'A central bank’s twelve-month change.' });
export const GoldCbReserves = z
  .object({
    asOfMonth: z.string(),
    totalTonnes: dbl('Total of the listed holders.'),
    topHolders: z.array(GoldCbHolder),
    topBuyers12m: z.array(GoldCbMover),
    topSellers12m: z.array(GoldCbMover),
  })
  .meta({ id: 'market_v1_GoldCbReserves', description: 'Central-bank gold reserves (IMF).' });

export const GetGoldIntelligenceRequest = z.object({});
export const GetGoldIntelligenceResponse = z
  .object({
    goldPrice: dbl('Gold futures (GC=F), US dollars per troy ounce.'),
    goldChangePct: dbl('Percent change against the previous close.'),
    goldSparkline: z
      .array(z.number().meta({ format: 'double' }))
      .meta({ description: 'Daily closes of the last month, oldest first.' }),
    silverPrice: dbl('Silver futures (SI=F).'),
    platinumPrice: dbl('Platinum futures (PL=F).'),
    palladiumPrice: dbl('Palladium futures (PA=F).'),
    goldSilverRatio: dbl('Gold over silver, two decimals (0 without silver).'),
    goldPlatinumPremiumPct: dbl('Gold’s premium over platinum, percent (0 without platinum).'),
    crossCurrencyPrices: z
      .array(GoldCrossCurrencyPrice)
      .meta({ description: 'Gold in EUR, GBP, CHF, JPY, CNY and INR from the USD pairs held.' }),
    cot: GoldCotPositioning.optional().meta({
      description: 'Gold futures positioning; omitted when no CFTC report is held.',
    }),
    updatedAt: z.string().meta({ description: 'Time of the newest price, ISO 8601 UTC; empty when unavailable.' }),
    unavailable: z.boolean().meta({ description: 'True when no gold price is held (served with no-store).' }),
    session: GoldSessionRange,
    returns: GoldReturns,
    range52w: GoldRange52w,
    drivers: z.array(GoldDriver).meta({ description: 'US 10-year yield and the dollar index.' }),
    etfFlows: GoldEtfFlows.optional().meta({
      description:
        'SPDR Gold Shares (GLD) holdings and their 1-week, 1-month and 1-year changes; omitted when no holdings are held.',
    }),
    cbReserves: GoldCbReserves.optional().meta({
      description:
        'Central-bank gold from IMF IRFCL: top 20 holders, top 10 buyers and sellers over 12 months; omitted with fewer than five holders.',
    }),
  })
  .meta({
    id: 'market_v1_GetGoldIntelligenceResponse',
    description: 'Gold price, ratios, currencies, positioning, returns and drivers.',
  });
export type GetGoldIntelligenceResponse = z.infer<typeof GetGoldIntelligenceResponse>;

// ---- get-physical-premiums -------------------------------------------------------------------

export const BenchmarkLeg = z
  .object({
    price: dbl('Price in the leg’s currency and unit.'),
    currency: z.string().meta({ description: 'CNY for the physical leg, USD for the paper leg.' }),
    unit: z.string().meta({ description: 'gram (SGE gold), kilogram (SGE silver) or troy ounce (COMEX).' }),
    source: z.string().meta({ description: 'Where the price comes from.' }),
    asOf: z.string().meta({ description: 'Date (SGE, YYYY-MM-DD) or time (futures, ISO 8601) of the price.' }),
  })
  .meta({ id: 'market_v1_BenchmarkLeg', description: 'One side of a premium.' });

export const PhysicalPremium = z
  .object({
    metal: z.string().meta({ description: 'gold or silver.' }),
    physical: BenchmarkLeg,
    paper: BenchmarkLeg,
    premiumUsdPerOz: dbl('Physical minus paper, US dollars per troy ounce, four decimals.'),
    premiumPct: dbl('That premium as a percent of the paper price, four decimals.'),
    computedAt: z.string().meta({ description: 'Time of the newest input, ISO 8601 UTC.' }),
  })
  .meta({ id: 'market_v1_PhysicalPremium', description: 'Shanghai physical price against the COMEX futures price.' });

export const FxSnapshot = z
  .object({
    pair: z.string().meta({ description: 'CNY/USD: US dollars per yuan.' }),
    rate: dbl('The rate used.'),
    source: z.string().meta({ description: 'Where the rate comes from.' }),
    asOf: z.string().meta({ description: 'Time of the rate, ISO 8601 UTC.' }),
  })
  .meta({ id: 'market_v1_FxSnapshot', description: 'The exchange rate the physical legs were converted with.' });

export const GetPhysicalPremiumsRequest = z.object({
  metals: listParam(
    'gold and/or silver (case-insensitive), repeated or comma-separated; anything else is a 400. Omitted: both.',
  ),
});
export type GetPhysicalPremiumsRequest = z.infer<typeof GetPhysicalPremiumsRequest>;

export const GetPhysicalPremiumsResponse = z
  .object({
    premiums: z.array(PhysicalPremium).meta({
      description:
        'Gold, then silver; empty (served with no-store) when a benchmark, futures price or rate is missing, or the benchmark is over 10 days old.',
    }),
    fx: FxSnapshot,
  })
  .meta({ id: 'market_v1_GetPhysicalPremiumsResponse', description: 'Physical gold and silver premiums in Shanghai.' });
export type GetPhysicalPremiumsResponse = z.infer<typeof GetPhysicalPremiumsResponse>;
