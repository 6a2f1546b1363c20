import { z } from 'zod';
import { boolParam, int32Param, listParam, stringParam } from '../../platform/query-params.js';
import { DEFAULT_LIST_LIMIT, DEFAULT_YEARS, MAX_LIST_LIMIT, MAX_YEARS } from './rules.js';

const int32 = (description: string) => z.number().int().meta({ format: 'int32', description });
const double = (description: string) => z.number().meta({ format: 'double', description });

const economyParam = (description: string) =>
  z
    .string()
    .regex(/^([0-9]{3})?$/, { message: 'must be a three-digit WTO economy code such as 840' })
    .meta({ description })
    .optional();

// get-trade-restrictions

export const TradeRestriction = z
  .object({
    id: z.string().meta({ description: '`<economy code>-<year>-TP_A_0010`.' }),
    reportingCountry: z.string().meta({ description: 'WTO economy name of the reporter.' }),
    affectedCountry: z
      .string()
      .meta({ description: 'Always "All trading partners": the MFN rate applies to every WTO member.' }),
    productSector: z.string().meta({ description: 'Always "All products".' }),
    measureType: z.string().meta({ description: 'Always "WTO MFN Baseline".' }),
    description: z.string().meta({ description: 'The rate in words, e.g. "WTO MFN baseline: 7.4%".' }),
    status: z.string().meta({ description: 'Band of the rate: high above 10%, moderate above 5%, otherwise low.' }),
    notifiedAt: z.string().meta({ description: 'Year the rate describes (not a notification date).' }),
    sourceUrl: z.string(),
  })
  .meta({
    id: 'trade_v1_TradeRestriction',
    description: 'A reporter’s simple-average MFN applied tariff, as a baseline of its tariff protection.',
  });

export const GetTradeRestrictionsRequest = z.object({
  countries: listParam('Reporters to keep: WTO economy codes (840), ISO codes (US, USA) or names. Omitted keeps all.'),
  limit: int32Param({
    description: `Most rows to return: omitted, 0 or negative means ${DEFAULT_LIST_LIMIT}; at most ${MAX_LIST_LIMIT}.`,
  }),
});
export type GetTradeRestrictionsRequest = z.infer<typeof GetTradeRestrictionsRequest>;

export const GetTradeRestrictionsResponse = z
  .object({
    restrictions: z.array(TradeRestriction),
    fetchedAt: z
      .string()
      .meta({ description: 'When the WTO snapshot was fetched, ISO 8601; the request time when there is none.' }),
    upstreamUnavailable: z.boolean().meta({ description: 'True when no WTO snapshot exists; the list is then empty.' }),
  })
  .meta({
    id: 'trade_v1_GetTradeRestrictionsResponse',
    description: 'MFN tariff baselines per reporter, highest first.',
  });
export type GetTradeRestrictionsResponse = z.infer<typeof GetTradeRestrictionsResponse>;

// get-tariff-trends

export const TariffDataPoint = z
  .object({
    reportingCountry: z.string().meta({ description: 'WTO economy name.' }),
    partnerCountry: z.string().meta({ description: 'Always "World".' }),
    productSector: z.string().meta({ description: 'Always "All products".' }),
    year: int32('Year of the rate.'),
    tariffRate: double('Simple-average MFN applied tariff, percent, 2 decimals.'),
    boundRate: double('Not in this dataset: always 0.'),
    indicatorCode: z.string().meta({ description: 'WTO indicator, TP_A_0010.' }),
  })
  .meta({ id: 'trade_v1_TariffDataPoint', description: 'One year of a reporter’s average applied tariff.' });
export type TariffDataPoint = z.infer<typeof TariffDataPoint>;

export const EffectiveTariffRate = z
  .object({
    sourceName: z.string(),
    sourceUrl: z.string(),
    observationPeriod: z.string(),
    updatedAt: z.string(),
    tariffRate: double('Customs duties over goods imports, percent.'),
  })
  .meta({
    id: 'trade_v1_EffectiveTariffRate',
    description: 'Effective US tariff rate from national accounts (not served by this deployment).',
  });

export const TariffTrendReason = z.enum([
  'TARIFF_TREND_UNAVAILABLE_REASON_UNSPECIFIED',
  'TARIFF_TREND_UNAVAILABLE_REASON_INVALID_REQUEST',
  'TARIFF_TREND_UNAVAILABLE_REASON_NOT_COVERED',
  'TARIFF_TREND_UNAVAILABLE_REASON_SEED_MISSING',
  'TARIFF_TREND_UNAVAILABLE_REASON_COVERAGE_UNKNOWN',
  'TARIFF_TREND_UNAVAILABLE_REASON_CACHE_UNAVAILABLE',
]);

export const GetTariffTrendsRequest = z.object({
  reporting_country: economyParam('WTO economy code of the reporter; omitted means 840 (United States).'),
  partner_country: economyParam('Echoed only: the rates apply to all partners, so every answer is against the World.'),
  product_sector: z
    .string()
    .regex(/^([a-zA-Z0-9_-]{0,16})?$/, { message: 'must be up to 16 letters, digits, "_" or "-"' })
    .meta({
      description: 'Only "all" (or omitted) is covered; any other sector answers NOT_COVERED with no data points.',
    })
    .optional(),
  years: int32Param({
    min: 0,
    max: MAX_YEARS,
    description: `Years before the newest one to include: 0 or omitted means ${DEFAULT_YEARS} (so up to ${DEFAULT_YEARS + 1} calendar years).`,
  }),
});
export type GetTariffTrendsRequest = z.infer<typeof GetTariffTrendsRequest>;

export const GetTariffTrendsResponse = z
  .object({
    datapoints: z.array(TariffDataPoint).meta({ description: 'Oldest first.' }),
    fetchedAt: z
      .string()
      .meta({ description: 'When the WTO snapshot was fetched, ISO 8601; empty when nothing is served.' }),
    upstreamUnavailable: z.boolean().meta({ description: 'True when the WTO snapshot is missing.' }),
    effectiveTariffRate: EffectiveTariffRate.optional().meta({
      description: 'Absent: the FRED-based effective rate is not part of this deployment.',
    }),
    unavailableReason: TariffTrendReason.meta({
      description:
        'UNSPECIFIED when data is served; NOT_COVERED for a reporter or sector outside the snapshot; COVERAGE_UNKNOWN without a snapshot.',
    }),
    coverageStartYear: int32('First year served, 0 when none.'),
    coverageEndYear: int32('Last year served, 0 when none.'),
  })
  .meta({
    id: 'trade_v1_GetTariffTrendsResponse',
    description: 'A reporter’s average MFN applied tariff over the years.',
  });
export type GetTariffTrendsResponse = z.infer<typeof GetTariffTrendsResponse>;

// get-trade-flows

export const TradeFlowRecord = z
  .object({
    reportingCountry: z.string().meta({ description: 'WTO economy name.' }),
    partnerCountry: z.string().meta({ description: 'Always "World".' }),
    year: int32('Calendar year.'),
    exportValueUsd: double('Merchandise exports, millions of US dollars.'),
    importValueUsd: double('Merchandise imports, millions of US dollars.'),
    yoyExportChange: double('Percent change on the previous year, 2 decimals; 0 when that year is not served.'),
    yoyImportChange: double('Percent change on the previous year, 2 decimals; 0 when that year is not served.'),
    productSector: z.string().meta({ description: 'Always "Total merchandise".' }),
  })
  .meta({ id: 'trade_v1_TradeFlowRecord', description: 'A reporter’s merchandise trade with the world in one year.' });
export type TradeFlowRecord = z.infer<typeof TradeFlowRecord>;

export const TradeFlowReason = z.enum([
  'TRADE_FLOW_UNAVAILABLE_REASON_UNSPECIFIED',
  'TRADE_FLOW_UNAVAILABLE_REASON_INVALID_REQUEST',
  'TRADE_FLOW_UNAVAILABLE_REASON_NOT_COVERED',
  'TRADE_FLOW_UNAVAILABLE_REASON_SEED_MISSING',
  'TRADE_FLOW_UNAVAILABLE_REASON_COVERAGE_UNKNOWN',
  'TRADE_FLOW_UNAVAILABLE_REASON_CACHE_UNAVAILABLE',
]);

export const GetTradeFlowsRequest = z.object({
  reporting_country: economyParam('WTO economy code of the reporter; omitted means 840 (United States).'),
  partner_country: economyParam('Only 000 (World, the default) is covered; another partner answers NOT_COVERED.'),
  years: int32Param({
    min: 0,
    max: MAX_YEARS,
    description: `Years before the newest one to include: 0 or omitted means ${DEFAULT_YEARS}.`,
  }),
});
export type GetTradeFlowsRequest = z.infer<typeof GetTradeFlowsRequest>;

export const GetTradeFlowsResponse = z
  .object({
    flows: z.array(TradeFlowRecord).meta({ description: 'Oldest first; only years with both exports and imports.' }),
    fetchedAt: z
      .string()
      .meta({ description: 'When the WTO snapshot was fetched, ISO 8601; empty when nothing is served.' }),
    upstreamUnavailable: z.boolean().meta({ description: 'True when the WTO snapshot is missing.' }),
    unavailableReason: TradeFlowReason.meta({
      description:
        'UNSPECIFIED when data is served; NOT_COVERED outside the snapshot; COVERAGE_UNKNOWN without a snapshot.',
    }),
    coverageStartYear: int32('First year served, 0 when none.'),
    coverageEndYear: int32('Last year served, 0 when none.'),
  })
  .meta({
    id: 'trade_v1_GetTradeFlowsResponse',
    description: 'Annual merchandise exports and imports of one reporter.',
  });
export type GetTradeFlowsResponse = z.infer<typeof GetTradeFlowsResponse>;

// get-trade-barriers

export const TradeBarrier = z
  .object({
    id: z.string().meta({ description: '`<economy code>-tariff-gap-<year>`.' }),
    notifyingCountry: z.string().meta({ description: 'WTO economy name of the reporter.' }),
    title: z.string().meta({ description: 'Both averages and their gap in words.' }),
    measureType: z.string().meta({
      description: 'High (gap above 10 points) or moderate (above 5) agricultural protection, or "Low tariff gap".',
    }),
    productDescription: z.string().meta({ description: 'Always "Agricultural vs non-agricultural products".' }),
    objective: z
      .string()
      .meta({ description: '"Agricultural sector protection" for a positive gap, else "Uniform tariff structure".' }),
    status: z.string().meta({ description: 'Band of the gap: high, moderate or low.' }),
    dateDistributed: z.string().meta({ description: 'Year of the agricultural rate (not a distribution date).' }),
    sourceUrl: z.string(),
  })
  .meta({
    id: 'trade_v1_TradeBarrier',
    description: 'How much higher a reporter’s agricultural tariffs are than its other tariffs.',
  });

export const GetTradeBarriersRequest = z.object({
  countries: listParam('Reporters to keep: WTO economy codes (840), ISO codes (US, USA) or names. Omitted keeps all.'),
  measure_type: stringParam('Keeps rows whose measureType contains this text, case-insensitively (e.g. "high").', 100),
  limit: int32Param({
    description: `Most rows to return: omitted, 0 or negative means ${DEFAULT_LIST_LIMIT}; at most ${MAX_LIST_LIMIT}.`,
  }),
});
export type GetTradeBarriersRequest = z.infer<typeof GetTradeBarriersRequest>;

export const GetTradeBarriersResponse = z
  .object({
    barriers: z.array(TradeBarrier),
    fetchedAt: z
      .string()
      .meta({ description: 'When the WTO snapshot was fetched, ISO 8601; the request time when there is none.' }),
    upstreamUnavailable: z.boolean().meta({ description: 'True when no WTO snapshot exists; the list is then empty.' }),
  })
  .meta({
    id: 'trade_v1_GetTradeBarriersResponse',
    description: 'Agricultural tariff gaps per reporter, largest first.',
  });
export type GetTradeBarriersResponse = z.infer<typeof GetTradeBarriersResponse>;

// get-customs-revenue

export const CustomsRevenueMonth = z
  .object({
    recordDate: z.string().meta({ description: 'Last day of the month, YYYY-MM-DD.' }),
    fiscalYear: int32('US federal fiscal year (starts 1 October).'),
    calendarYear: int32('Calendar year.'),
    calendarMonth: int32('Calendar month, 1-12.'),
    monthlyAmountBillions: double('Customs duties collected in the month, billions of US dollars.'),
    fytdAmountBillions: double('Collected since the start of the fiscal year, billions of US dollars.'),
  })
  .meta({ id: 'trade_v1_CustomsRevenueMonth', description: 'US customs duties of one month.' });
export type CustomsRevenueMonth = z.infer<typeof CustomsRevenueMonth>;

export const GetCustomsRevenueRequest = z.object({});

export const GetCustomsRevenueResponse = z
  .object({
    months: z.array(CustomsRevenueMonth).meta({ description: 'Oldest first.' }),
    fetchedAt: z
      .string()
      .meta({ description: 'When the Treasury snapshot was fetched, ISO 8601; the request time when there is none.' }),
    upstreamUnavailable: z.boolean().meta({ description: 'True when no Treasury snapshot exists.' }),
  })
  .meta({ id: 'trade_v1_GetCustomsRevenueResponse', description: 'Monthly US customs duty receipts.' });
export type GetCustomsRevenueResponse = z.infer<typeof GetCustomsRevenueResponse>;

// list-comtrade-flows

export const ComtradeFlowRecord = z
  .object({
    reporterCode: z
      .string()
      .meta({ description: 'UN M49 code as Comtrade writes it (490 is Taiwan, "Other Asia, nes").' }),
    reporterName: z.string(),
    partnerCode: z.string().meta({ description: 'Always "000" (World).' }),
    partnerName: z.string().meta({ description: 'Always "World".' }),
    cmdCode: z.string().meta({ description: 'HS code.' }),
    cmdDesc: z.string(),
    year: int32('Calendar year.'),
    tradeValueUsd: double('Imports plus exports with the world, US dollars.'),
    netWeightKg: double('Imported plus exported net weight, kilograms (0 when not reported).'),
    yoyChange: double(
      'Change of tradeValueUsd on the previous year as a ratio (0.25 is +25%); 0 without a previous year.',
    ),
    isAnomaly: z.boolean().meta({ description: 'True when |yoyChange| is above 0.30.' }),
  })
  .meta({
    id: 'trade_v1_ComtradeFlowRecord',
    description: 'A reporter’s total trade in one strategic HS code in one year.',
  });
export type ComtradeFlowRecord = z.infer<typeof ComtradeFlowRecord>;

export const ListComtradeFlowsRequest = z.object({
  reporter_code: z
    .string()
    .regex(/^(\d{1,10})?$/, { message: 'must be a numeric Comtrade reporter code such as 842' })
    .meta({
      description:
        'Keep one reporter (842 USA, 156 China, 643 Russia, 364 Iran, 699 India, 490 Taiwan); omitted keeps all.',
    })
    .optional(),
  cmd_code: z
    .string()
    .regex(/^\d{4,6}$/, { message: 'must be a 4- to 6-digit HS code' })
    .meta({ description: 'Keep one HS code (e.g. 8542 integrated circuits); omitted keeps all.' })
    .optional(),
  anomalies_only: boolParam('true keeps only flows whose year-on-year change exceeds 30% either way.'),
});
export type ListComtradeFlowsRequest = z.infer<typeof ListComtradeFlowsRequest>;

export const ListComtradeFlowsResponse = z
  .object({
    flows: z.array(ComtradeFlowRecord).meta({ description: 'Newest year first, then largest |yoyChange|.' }),
    fetchedAt: z.string().meta({ description: 'When the Comtrade snapshot was fetched, ISO 8601; empty without one.' }),
    upstreamUnavailable: z.boolean().meta({ description: 'True when no Comtrade snapshot exists.' }),
  })
  .meta({
    id: 'trade_v1_ListComtradeFlowsResponse',
    description: 'Strategic-product trade of selected economies from UN Comtrade.',
  });
export type ListComtradeFlowsResponse = z.infer<typeof ListComtradeFlowsResponse>;
