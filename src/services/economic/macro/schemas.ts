import { z } from 'zod';
import { int32Param, stringParam } from '../../../platform/query-params.js';
import { PaginationResponse } from '../../../platform/schemas/core.js';

const int32 = (description: string) => z.number().int().meta({ format: 'int32', description });

// ---------------------------------------------------------------------------------------------
// FRED series
// ---------------------------------------------------------------------------------------------

export const FredObservation = z
  .object({
    date: z.string().meta({
      description: 'YYYY-MM-DD; monthly and quarterly observations are dated on the first day of their period.',
    }),
    value: z.number().meta({ format: 'double' }),
  })
  .meta({ id: 'economic_v1_FredObservation', description: 'One dated value of a series.' });

export const FredSeries = z
  .object({
    seriesId: z.string().min(1).meta({ description: 'FRED series id, e.g. `FEDFUNDS`.' }),
    title: z.string(),
    units: z.string(),
    frequency: z.string(),
    observations: z
      .array(FredObservation)
      .meta({ description: 'Observations in date order, oldest first; missing values are left out.' }),
  })
  .meta({ id: 'economic_v1_FredSeries', description: 'A FRED economic time series.' });

export type FredSeries = z.infer<typeof FredSeries>;

const limitDescription = (fallback: number, cap: number) =>
  `Newest observations to return (default ${fallback}; zero or less means the default; more than ${cap} means ${cap}).`;

export const GetFredSeriesRequest = z.object({
  series_id: stringParam(
    'FRED series id (case-insensitive), one of the series the dataset holds (default FEDFUNDS, the effective federal funds rate).',
    64,
  ),
  limit: int32Param({ description: limitDescription(120, 1000) }),
});

export type GetFredSeriesRequest = z.infer<typeof GetFredSeriesRequest>;

export const GetFredSeriesResponse = z
  .object({ series: FredSeries.optional().meta({ description: 'Absent when the dataset is not available.' }) })
  .meta({ id: 'economic_v1_GetFredSeriesResponse', description: 'One FRED series.' });

export type GetFredSeriesResponse = z.infer<typeof GetFredSeriesResponse>;

export const GetFredSeriesBatchRequest = z
  .object({
    seriesIds: z.array(z.string().max(64)).min(1).max(20).optional().meta({
      description: '1 to 20 series ids (case-insensitive, duplicates counted once); omitted means the headline set.',
    }),
    limit: z
      .number()
      .int()
      .min(-2147483648)
      .max(2147483647)
      .optional()
      .meta({ format: 'int32', description: limitDescription(120, 1000) }),
  })
  .meta({ id: 'economic_v1_GetFredSeriesBatchRequest', description: 'Several FRED series in one call.' });

export type GetFredSeriesBatchRequest = z.infer<typeof GetFredSeriesBatchRequest>;

export const GetFredSeriesBatchResponse = z
  .object({
    results: z.record(z.string(), FredSeries).meta({ description: 'Series by id; only the series found are present.' }),
    fetched: int32('Series found.'),
    requested: int32('Distinct series requested.'),
  })
  .meta({ id: 'economic_v1_GetFredSeriesBatchResponse', description: 'FRED series by id.' });

export type GetFredSeriesBatchResponse = z.infer<typeof GetFredSeriesBatchResponse>;

// ---------------------------------------------------------------------------------------------
// BLS series
// ---------------------------------------------------------------------------------------------

export const BlsObservation = z
  .object({
    year: z.string(),
    period: z.string().meta({ description: '`M01` to `M12`; quarterly series use the first month of the quarter.' }),
    periodName: z.string().meta({ description: 'Month name.' }),
    value: z.string().meta({ description: 'The value as text, as BLS publishes it.' }),
  })
  .meta({ id: 'economic_v1_BlsObservation' });

export const BlsSeries = z
  .object({
    seriesId: z.string(),
    title: z.string(),
    units: z.string(),
    observations: z.array(BlsObservation).meta({ description: 'Oldest first.' }),
  })
  .meta({ id: 'economic_v1_BlsSeries', description: 'A BLS labour-market series.' });

export const GetBlsSeriesRequest = z.object({
  series_id: stringParam(
    '`USPRIV` (total private payrolls, the default) or `ECIALLCIV` (employment cost index); case-insensitive.',
    32,
  ),
  limit: int32Param({ description: limitDescription(60, 500) }),
});

export type GetBlsSeriesRequest = z.infer<typeof GetBlsSeriesRequest>;

export const GetBlsSeriesResponse = z
  .object({ series: BlsSeries.optional().meta({ description: 'Absent when the dataset is not available.' }) })
  .meta({ id: 'economic_v1_GetBlsSeriesResponse' });

export type GetBlsSeriesResponse = z.infer<typeof GetBlsSeriesResponse>;

// ---------------------------------------------------------------------------------------------
// Economic stress
// ---------------------------------------------------------------------------------------------

export const EconomicStressComponent = z
  .object({
    id: z.string().meta({ description: 'Input series id.' }),
    label: z.string(),
    rawValue: z.number().meta({ format: 'double', description: 'Latest reading of the series; 0 when missing.' }),
    score: z.number().meta({ format: 'double', description: 'Stress score 0-100 of the reading, one decimal.' }),
    weight: z.number().meta({ format: 'double', description: 'Weight in the composite.' }),
    missing: z
      .boolean()
      .meta({ description: 'True when the series had no reading; it is then left out of the composite.' }),
  })
  .meta({ id: 'economic_v1_EconomicStressComponent' });

export const GetEconomicStressRequest = z.object({});

export const GetEconomicStressResponse = z
  .object({
    compositeScore: z.number().meta({ format: 'double', description: 'Weighted stress score 0-100, one decimal.' }),
    label: z.string().meta({ description: 'Low (<20), Moderate (<40), Elevated (<60), Severe (<80) or Critical.' }),
    components: z.array(EconomicStressComponent),
    seededAt: z
      .string()
      .meta({ description: 'When the input series were fetched (ISO 8601); empty when unavailable.' }),
    unavailable: z.boolean(),
  })
  .meta({ id: 'economic_v1_GetEconomicStressResponse', description: 'A composite US economic stress index.' });

export type GetEconomicStressResponse = z.infer<typeof GetEconomicStressResponse>;

// ---------------------------------------------------------------------------------------------
// World Bank indicators
// ---------------------------------------------------------------------------------------------

export const WorldBankCountryData = z
  .object({
    countryCode: z.string().min(1).meta({ description: 'ISO 3166-1 alpha-3 (as the World Bank reports it).' }),
    countryName: z.string(),
    indicatorCode: z.string().min(1),
    indicatorName: z.string(),
    year: z.number().int().meta({ format: 'int32' }),
    value: z.number().meta({ format: 'double' }),
  })
  .meta({ id: 'economic_v1_WorldBankCountryData', description: 'One country-year value of a World Bank indicator.' });

export type WorldBankCountryData = z.infer<typeof WorldBankCountryData>;

export const ListWorldBankIndicatorsRequest = z.object({
  indicator_code: stringParam(
    'Indicator code: NY.GDP.MKTP.CD, IT.NET.USER.ZS or FP.CPI.TOTL.ZG (case-insensitive; default: all three).',
    64,
  ),
  country_code: stringParam(
    'Only these countries: ISO alpha-2 or alpha-3 codes separated by `;` or `,` (default: every country held).',
    512,
  ),
  year: int32Param({
    min: 1960,
    max: 2100,
    description: 'Only this calendar year (default: every year held, about the last six).',
  }),
  page_size: int32Param({ min: 1, max: 1000, description: 'Rows per page (default and maximum 1000).' }),
  cursor: stringParam('Cursor from the previous page’s pagination.nextCursor.', 512),
});

export type ListWorldBankIndicatorsRequest = z.infer<typeof ListWorldBankIndicatorsRequest>;

export const ListWorldBankIndicatorsResponse = z
  .object({
    data: z.array(WorldBankCountryData).meta({
      description:
        'Country-years with a value: indicator by indicator in the order listed, then in World Bank order (country, then newest year first).',
    }),
    pagination: PaginationResponse,
  })
  .meta({ id: 'economic_v1_ListWorldBankIndicatorsResponse' });

export type ListWorldBankIndicatorsResponse = z.infer<typeof ListWorldBankIndicatorsResponse>;

// ---------------------------------------------------------------------------------------------
// Eurostat country data
// ---------------------------------------------------------------------------------------------

export const EurostatMetric = z
  .object({
    value: z.number().meta({ format: 'double', description: 'Newest value, percent (2 decimals).' }),
    date: z.string().meta({ description: 'Its period: YYYY-MM for monthly data, YYYY-Qn for quarterly.' }),
    unit: z.string().meta({ description: '`%`.' }),
    priorValue: z
      .number()
      .meta({ format: 'double', description: 'The period before; 0 when there is none (see hasPrior).' }),
    hasPrior: z.boolean(),
  })
  .meta({ id: 'economic_v1_EurostatMetric' });

export const EurostatCountryEntry = z
  .object({
    cpi: EurostatMetric.optional().meta({ description: 'HICP inflation, annual rate of change (all items).' }),
    unemployment: EurostatMetric.optional().meta({
      description: 'Unemployment rate, seasonally adjusted, percent of the labour force.',
    }),
    gdpGrowth: EurostatMetric.optional().meta({
      description: 'Real GDP growth on the previous quarter, seasonally and calendar adjusted.',
    }),
  })
  .meta({ id: 'economic_v1_EurostatCountryEntry' });

export const GetEurostatCountryDataRequest = z.object({});

export const GetEurostatCountryDataResponse = z
  .object({
    countries: z
      .record(z.string(), EurostatCountryEntry)
      .meta({ description: 'By ISO alpha-2 code; a country without any metric is absent.' }),
    seededAt: z.string().meta({
      format: 'int64',
      description: 'When the data was fetched, Unix epoch milliseconds; "0" when unavailable.',
    }),
    unavailable: z.boolean(),
  })
  .meta({
    id: 'economic_v1_GetEurostatCountryDataResponse',
    description: 'Inflation, unemployment and growth of ten EU economies.',
  });

export type GetEurostatCountryDataResponse = z.infer<typeof GetEurostatCountryDataResponse>;

// ---------------------------------------------------------------------------------------------
// Macro signals
// ---------------------------------------------------------------------------------------------

const dbl = (description?: string) =>
  z.number().meta(description ? { format: 'double', description } : { format: 'double' });
const series = (description: string) => z.array(z.number().meta({ format: 'double' })).meta({ description });

export const MacroSignalsSchema = z
  .object({
    liquidity: z
      .object({
        status: z.string().meta({ description: 'SQUEEZE (yen 30-day change below -2%), NORMAL or UNKNOWN.' }),
        value: dbl('USD/JPY 30-day change, percent.').optional(),
        sparkline: series('Last 30 USD/JPY closes.'),
      })
      .meta({ id: 'economic_v1_LiquiditySignal' }),
    flowStructure: z
      .object({
        status: z.string().meta({
          description: 'PASSIVE GAP (BTC and QQQ 5-day returns more than 5 points apart), ALIGNED or UNKNOWN.',
        }),
        btcReturn5: dbl().optional(),
        qqqReturn5: dbl().optional(),
      })
      .meta({ id: 'economic_v1_FlowStructureSignal' }),
    macroRegime: z
      .object({
        status: z.string().meta({ description: 'RISK-ON (QQQ 20-day change above XLP’s), DEFENSIVE or UNKNOWN.' }),
        qqqRoc20: dbl().optional(),
        xlpRoc20: dbl().optional(),
      })
      .meta({ id: 'economic_v1_MacroRegimeSignal' }),
    technicalTrend: z
      .object({
        status: z.string().meta({
          description: 'BULLISH, BEARISH, NEUTRAL (BTC against its 50-day average and 30-day VWAP) or UNKNOWN.',
        }),
        btcPrice: dbl().optional(),
        sma50: dbl().optional(),
        sma200: dbl().optional(),
        vwap30d: dbl().optional(),
        mayerMultiple: dbl('BTC price over its 200-day average.').optional(),
        sparkline: series('Last 30 BTC closes.'),
      })
      .meta({ id: 'economic_v1_TechnicalTrendSignal' }),
    hashRate: z
      .object({
        status: z
          .string()
          .meta({ description: 'GROWING (over +3% in 30 days), DECLINING (below -3%), STABLE or UNKNOWN.' }),
        change30d: dbl().optional(),
      })
      .meta({ id: 'economic_v1_HashRateSignal' }),
    priceMomentum: z
      .object({
        status: z
          .string()
          .meta({ description: 'STRONG (Mayer multiple above 1), MODERATE (above 0.8), WEAK or UNKNOWN.' }),
      })
      .meta({ id: 'economic_v1_PriceMomentumSignal' }),
    fearGreed: z
      .object({
        status: z.string().meta({ description: 'Today’s classification (Extreme Fear ... Extreme Greed) or UNKNOWN.' }),
        value: z.number().int().meta({ format: 'int32' }).optional(),
        history: z.array(
          z
            .object({ value: z.number().int().min(0).max(100).meta({ format: 'int32' }), date: z.string() })
            .meta({ id: 'economic_v1_FearGreedHistoryEntry' }),
        ),
      })
      .meta({ id: 'economic_v1_FearGreedSignal' }),
  })
  .meta({ id: 'economic_v1_MacroSignals' });

export const GetMacroSignalsRequest = z.object({});

export const GetMacroSignalsResponse = z
  .object({
    timestamp: z.string().meta({ description: 'When the signals were computed (ISO 8601).' }),
    verdict: z.string().meta({
      description: 'BUY when at least 57% of the known signals are bullish, CASH otherwise, UNKNOWN without any.',
    }),
    bullishCount: z.number().int().meta({ format: 'int32' }),
    totalCount: z.number().int().meta({ format: 'int32', description: 'Signals that are not UNKNOWN.' }),
    signals: MacroSignalsSchema,
    meta: z.object({ qqqSparkline: series('Last 30 QQQ closes.') }).meta({ id: 'economic_v1_MacroMeta' }),
    unavailable: z.boolean(),
  })
  .meta({ id: 'economic_v1_GetMacroSignalsResponse', description: 'A seven-signal market regime dashboard.' });

export type GetMacroSignalsResponse = z.infer<typeof GetMacroSignalsResponse>;

// ---------------------------------------------------------------------------------------------
// Economic calendar
// ---------------------------------------------------------------------------------------------

const calendarDate = (description: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'string must be a date YYYY-MM-DD' })
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      { message: 'value must be a real calendar date' },
    )
    .optional()
    .meta({ description });

export const EconomicEvent = z
  .object({
    event: z.string(),
    country: z.string().meta({ description: '`US`, `EU` or `EA` (euro area).' }),
    date: z.string().meta({ description: 'YYYY-MM-DD.' }),
    impact: z.string().meta({ description: '`high` or `medium`.' }),
    actual: z.string().meta({ description: 'Always empty here: released figures are not filled in.' }),
    estimate: z.string().meta({ description: 'Always empty: no consensus source.' }),
    previous: z.string().meta({ description: 'Always empty here.' }),
    unit: z.string(),
  })
  .meta({ id: 'economic_v1_EconomicEvent' });

export const GetEconomicCalendarRequest = z.object({
  fromDate: calendarDate('First day, YYYY-MM-DD (default: yesterday).'),
  toDate: calendarDate('Last day, inclusive, YYYY-MM-DD (default: 31 days ahead).'),
});

export type GetEconomicCalendarRequest = z.infer<typeof GetEconomicCalendarRequest>;

export const GetEconomicCalendarResponse = z
  .object({
    events: z.array(EconomicEvent).meta({ description: 'In date order.' }),
    fromDate: z.string(),
    toDate: z.string(),
    total: z.number().int().meta({ format: 'int32', description: 'Events returned.' }),
    unavailable: z.boolean(),
  })
  .meta({
    id: 'economic_v1_GetEconomicCalendarResponse',
    description: 'Scheduled economic releases and rate decisions.',
  });

export type GetEconomicCalendarResponse = z.infer<typeof GetEconomicCalendarResponse>;
