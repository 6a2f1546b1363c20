import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { FRED_SERIES_DATASET } from './datasets/fred-series.js';
import { WORLD_BANK } from './datasets/world-bank.js';
import { EUROSTAT_COUNTRY_DATA } from './datasets/eurostat.js';
import { MACRO_SIGNALS } from './datasets/macro-inputs.js';
import { ECONOMIC_CALENDAR } from './datasets/economic-calendar.js';
import {
  getBlsSeries,
  getEconomicCalendar,
  getEconomicStress,
  getEurostatCountryData,
  getMacroSignals,
  getFredSeries,
  getFredSeriesBatch,
  listWorldBankIndicators,
} from './queries.js';
import { FRED_DEFAULT_SERIES, FRED_SERIES } from './rules.js';
import {
  GetBlsSeriesRequest,
  GetBlsSeriesResponse,
  GetEconomicCalendarRequest,
  GetEconomicCalendarResponse,
  GetEconomicStressRequest,
  GetEconomicStressResponse,
  GetEurostatCountryDataRequest,
  GetEurostatCountryDataResponse,
  GetMacroSignalsRequest,
  GetMacroSignalsResponse,
  GetFredSeriesBatchRequest,
  GetFredSeriesBatchResponse,
  GetFredSeriesRequest,
  GetFredSeriesResponse,
  ListWorldBankIndicatorsRequest,
  ListWorldBankIndicatorsResponse,
} from './schemas.js';

const SERIES_LIST = FRED_SERIES.map((s) => s.id).join(', ');

/** US and global macro series (FRED and its mirrors) and what is computed from them. */
export const macroProcedures = {
  getFredSeries: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-fred-series',
        operationId: 'GetFredSeries',
        tags: ['economic'],
        summary: 'Get one FRED economic series',
        description:
          'Observations of one series from the stored FRED snapshot (St. Louis Fed; the supply-chain pressure index ' +
          `comes from the New York Fed), oldest first, limited to the newest \`limit\`. Series held: ${SERIES_LIST}. ` +
          `Without \`series_id\` the answer is ${FRED_DEFAULT_SERIES} (effective federal funds rate, the headline policy rate). ` +
          'Any other id is a 400 naming it. No series in the answer, with caching disabled, means the dataset is not available right now.',
      },
      cacheTier: 'static',
      datasets: [FRED_SERIES_DATASET],
    })
    .input(GetFredSeriesRequest)
    .output(GetFredSeriesResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = getFredSeries(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),

  getFredSeriesBatch: operation
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/economic/v1/get-fred-series-batch',
        operationId: 'GetFredSeriesBatch',
        tags: ['economic'],
        summary: 'Get several FRED series in one call',
        description:
          'Up to 20 series from the stored FRED snapshot, by id (ids are trimmed, upper-cased, de-duplicated and sorted). ' +
          'Without seriesIds the headline set is returned (CPIAUCSL, DGS10, DGS2, FEDFUNDS, GDP, T10Y2Y, UNRATE, VIXCLS). ' +
          `An id outside the held series (${SERIES_LIST}) is a 400 naming it. Read-only: the call changes nothing.`,
      },
      // No `datasets`: the serialised-response cache keys on path and query, and this answer depends on the body.
      cacheTier: 'no-store',
    })
    .input(GetFredSeriesBatchRequest)
    .output(GetFredSeriesBatchResponse)
    .mutation(({ ctx, input }) => {
      const { response, degraded } = getFredSeriesBatch(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),

  getBlsSeries: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-bls-series',
        operationId: 'GetBlsSeries',
        tags: ['economic'],
        summary: 'Get a BLS labour-market series',
        description:
          'Total private nonfarm payrolls (USPRIV, the default) or the employment cost index for all civilian workers ' +
          '(ECIALLCIV), in BLS year/period form, oldest first, limited to the newest `limit`. The observations are ' +
          'the FRED mirrors of the BLS series, from the stored FRED snapshot. Any other id is a 400.',
      },
      cacheTier: 'daily',
      datasets: [FRED_SERIES_DATASET],
    })
    .input(GetBlsSeriesRequest)
    .output(GetBlsSeriesResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = getBlsSeries(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),

  getEconomicStress: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-economic-stress',
        operationId: 'GetEconomicStress',
        tags: ['economic'],
        summary: 'Get the composite economic stress index',
        description:
          'A 0-100 stress score weighted from the latest readings of six series in the stored FRED snapshot: the ' +
          '10y-2y and 10y-3m Treasury spreads, the VIX, the St. Louis Fed financial stress index, the New York Fed ' +
          'supply-chain pressure index (the only one that may be missing) and initial jobless claims. Computed once ' +
          'per snapshot. unavailable is true when an input other than the supply-chain index is missing.',
      },
      cacheTier: 'slow',
      datasets: [FRED_SERIES_DATASET],
    })
    .input(GetEconomicStressRequest)
    .output(GetEconomicStressResponse)
    .query(({ ctx }) => getEconomicStress(ctx.deps.store)),

  listWorldBankIndicators: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/list-world-bank-indicators',
        operationId: 'ListWorldBankIndicators',
        tags: ['economic'],
        summary: 'List World Bank indicator values by country and year',
        description:
          'Values of one World Development Indicator for 47 major economies over about the last six years, from a ' +
          'stored snapshot of the World Bank API (not a live query). Indicators held: NY.GDP.MKTP.CD (GDP, current US$), ' +
          'IT.NET.USER.ZS (internet users, % of population) and FP.CPI.TOTL.ZG (consumer price inflation, annual %); ' +
          'without `indicator_code` the answer holds all three, indicator by indicator; any other code is a 400 naming the ones held. `country_code` narrows to some countries, `year` to one calendar year; `page_size` and ' +
          '`cursor` page through the rows. Country-years without a published value are left out.',
      },
      cacheTier: 'daily',
      datasets: [WORLD_BANK],
      ratePolicy: 'list-world-bank-indicators',
    })
    .input(ListWorldBankIndicatorsRequest)
    .output(ListWorldBankIndicatorsResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = listWorldBankIndicators(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),

  getEurostatCountryData: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-eurostat-country-data',
        operationId: 'GetEurostatCountryData',
        tags: ['economic'],
        summary: 'Get inflation, unemployment and GDP growth of EU economies',
        description:
          'Latest HICP inflation, unemployment rate and quarterly real GDP growth, each with the period before, for ' +
          'Germany, France, Italy, Spain, Poland, the Netherlands, Belgium, Austria, Sweden and Czechia, from the ' +
          'Eurostat dissemination API. unavailable is true when there is no data.',
      },
      cacheTier: 'slow',
      datasets: [EUROSTAT_COUNTRY_DATA],
    })
    .input(GetEurostatCountryDataRequest)
    .output(GetEurostatCountryDataResponse)
    .query(({ ctx }) => getEurostatCountryData(ctx.deps.store)),

  getMacroSignals: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-macro-signals',
        operationId: 'GetMacroSignals',
        tags: ['economic'],
        summary: 'Get the macro regime signals',
        description:
          'Seven market regime signals with a BUY/CASH verdict: yen liquidity, BTC vs Nasdaq-100 flow, Nasdaq-100 vs ' +
          'consumer staples regime, BTC technical trend (50/200-day averages, 30-day VWAP), Bitcoin hash rate, the Mayer ' +
          'multiple and the crypto Fear & Greed index. Computed once per snapshot from Yahoo Finance daily charts ' +
          '(JPY=X, BTC-USD, QQQ, XLP), alternative.me and mempool.space. A signal whose input is missing is UNKNOWN; ' +
          'unavailable is true when none can be computed.',
      },
      cacheTier: 'medium',
      datasets: [MACRO_SIGNALS],
    })
    .input(GetMacroSignalsRequest)
    .output(GetMacroSignalsResponse)
    .query(({ ctx }) => getMacroSignals(ctx.deps.store)),

  getEconomicCalendar: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-economic-calendar',
        operationId: 'GetEconomicCalendar',
        tags: ['economic'],
        summary: 'Get upcoming economic releases and rate decisions',
        description:
          'FOMC and ECB rate decision days (from the Federal Reserve and ECB meeting calendars), the next planned ' +
          'Eurostat releases of HICP inflation, unemployment and GDP, and the US CPI, payrolls, GDP, PCE and retail ' +
          'sales release dates from FRED, between fromDate and toDate (default: from the day before the calendar was ' +
          'captured to 31 days ahead of it). Released ' +
          'figures and consensus estimates are not filled in. unavailable is true when there is no calendar.',
      },
      cacheTier: 'slow',
      datasets: [ECONOMIC_CALENDAR],
    })
    .input(GetEconomicCalendarRequest)
    .output(GetEconomicCalendarResponse)
    .query(({ ctx, input }) => getEconomicCalendar(ctx.deps.store, input)),
};
