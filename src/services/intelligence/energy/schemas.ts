import { z } from 'zod';
import { int32Param, stringParam } from '../../../platform/query-params.js';
import { FUEL_MODES, SHOCK_CHOKEPOINTS } from './rules.js';

const pct = (description: string) => z.number().meta({ format: 'double', description });
const dbl = (description: string) => z.number().meta({ format: 'double', description });

const COUNTRY_DOC =
  'ISO 3166-1 alpha-2 country code (trimmed, case-insensitive). Omitted: the largest crude importer in the JODI oil snapshot.';

export const GetCountryEnergyProfileRequest = z.object({ country_code: stringParam(COUNTRY_DOC, 8) });
export type GetCountryEnergyProfileRequest = z.infer<typeof GetCountryEnergyProfileRequest>;

export const GetCountryEnergyProfileResponse = z
  .object({
    mixAvailable: z
      .boolean()
      .meta({ description: 'True when Our World in Data publishes a primary energy mix for the country.' }),
    mixYear: z.number().int().meta({ format: 'int32', description: 'Year of that mix; 0 when unavailable.' }),
    coalShare: pct('Coal share of primary energy, percent.'),
    gasShare: pct('Gas share of primary energy, percent.'),
    oilShare: pct('Oil share of primary energy, percent.'),
    nuclearShare: pct('Nuclear share of primary energy, percent.'),
    renewShare: pct('Renewables share of primary energy, percent.'),
    windShare: pct('Wind share of primary energy, percent.'),
    solarShare: pct('Solar share of primary energy, percent.'),
    hydroShare: pct('Hydro share of primary energy, percent.'),
    importShare: pct(
      'Net electricity imports as a share of electricity demand, percent (OWID; negative for a net exporter).',
    ),
    gasStorageAvailable: z.boolean().meta({ description: 'True when GIE AGSI+ publishes the country’s gas storage.' }),
    gasStorageFillPct: pct('Gas storage fill level, percent of working capacity.'),
    gasStorageChange1d: pct('Change of the fill level over the last gas day, percentage points.'),
    gasStorageTrend: z
      .string()
      .meta({ description: '`injecting`, `withdrawing` or `stable`; empty when unavailable.' }),
    gasStorageDate: z.string().meta({ description: 'Gas day of the fill level, YYYY-MM-DD.' }),
    electricityAvailable: z.boolean().meta({
      description:
        'True when ENTSO-E publishes day-ahead prices for the country’s bidding zone (DE, FR, ES, NL followed).',
    }),
    electricityPriceMwh: dbl('Mean day-ahead price of the newest delivery day, EUR per MWh; 0 when unavailable.'),
    electricitySource: z.string().meta({ description: '`entsoe`; empty when unavailable.' }),
    electricityDate: z.string().meta({ description: 'Delivery day of that price, YYYY-MM-DD.' }),
    jodiOilAvailable: z
      .boolean()
      .meta({ description: 'True when JODI-Oil has at least one finite figure for the country.' }),
    jodiOilDataMonth: z.string().meta({ description: 'Month of the JODI oil figures, YYYY-MM.' }),
    gasolineDemandKbd: dbl('Gasoline demand, thousand barrels a day.'),
    gasolineImportsKbd: dbl('Gasoline imports, kb/d.'),
    dieselDemandKbd: dbl('Diesel and gas oil demand, kb/d.'),
    dieselImportsKbd: dbl('Diesel imports, kb/d.'),
    jetDemandKbd: dbl('Jet kerosene demand, kb/d.'),
    jetImportsKbd: dbl('Jet kerosene imports, kb/d.'),
    lpgDemandKbd: dbl('LPG demand, kb/d.'),
    crudeImportsKbd: dbl('Crude oil imports, kb/d.'),
    lpgImportsKbd: dbl('LPG imports, kb/d.'),
    jodiGasAvailable: z
      .boolean()
      .meta({ description: 'True when JODI-Gas has at least one finite terajoule figure for the country.' }),
    jodiGasDataMonth: z.string(),
    gasTotalDemandTj: dbl('Gross inland gas deliveries in that month, terajoules.'),
    gasLngImportsTj: dbl('LNG imports, TJ.'),
    gasPipeImportsTj: dbl('Pipeline imports, TJ.'),
    gasLngShare: pct('LNG share of gas imports, percent.'),
    ieaStocksAvailable: z.boolean().meta({
      description: 'True for a net exporter or a member with days of cover that are not an anomaly (over 500 days).',
    }),
    ieaStocksDataMonth: z.string(),
    ieaDaysOfCover: z.number().int().meta({ format: 'int32', description: 'Oil stocks in days of net imports (IEA).' }),
    ieaNetExporter: z.boolean(),
    ieaBelowObligation: z.boolean().meta({ description: 'Net importer holding under the 90-day obligation.' }),
    emberFossilShare: pct('Fossil share of electricity generation in the newest Ember month, percent.'),
    emberRenewShare: pct('Renewables share of generation, percent.'),
    emberNuclearShare: pct('Nuclear share of generation, percent.'),
    emberCoalShare: pct('Coal share of generation, percent.'),
    emberGasShare: pct('Gas share of generation, percent.'),
    emberDemandTwh: dbl('Electricity demand that month, TWh.'),
    emberDataMonth: z.string(),
    emberAvailable: z.boolean(),
    sprRegime: z.string().meta({
      description:
        'government_spr, agency, industry_obligation, mixed, none; `unknown` when the registry has no entry.',
    }),
    sprCapacityMb: dbl('Reserve capacity, million barrels; 0 when not published.'),
    sprOperator: z.string(),
    sprIeaMember: z.boolean(),
    sprStockholdingModel: z.string(),
    sprNote: z.string(),
    sprSource: z.string(),
    sprAsOf: z.string(),
    sprAvailable: z.boolean(),
    jodiOilObservedMeasurements: z
      .array(z.string())
      .meta({ description: 'The JODI oil figures that had a value, as `PRODUCT.FLOW`.' }),
    jodiGasObservedMeasurements: z.array(z.string()).meta({ description: 'The JODI gas flows that had a value.' }),
  })
  .meta({ id: 'intelligence_v1_GetCountryEnergyProfileResponse' });
export type GetCountryEnergyProfileResponse = z.infer<typeof GetCountryEnergyProfileResponse>;

export const ComputeEnergyShockScenarioRequest = z.object({
  country_code: stringParam(COUNTRY_DOC, 8),
  chokepoint_id: z
    .enum(SHOCK_CHOKEPOINTS)
    .optional()
    .meta({ description: 'hormuz_strait (default), malacca_strait, suez or bab_el_mandeb.' }),
  disruption_pct: int32Param({
    min: 0,
    max: 100,
    description:
      'Share of the chokepoint’s flow lost, percent; held to 10-100 as published. Omitted: 100 (a full closure).',
  }),
  fuel_mode: z.enum(FUEL_MODES).optional().meta({ description: 'oil (default), gas or both.' }),
});
export type ComputeEnergyShockScenarioRequest = z.infer<typeof ComputeEnergyShockScenarioRequest>;

export const ProductImpact = z
  .object({
    product: z.string().meta({ description: 'Gasoline, Diesel, Jet fuel or LPG.' }),
    outputLossKbd: dbl('Refinery output lost, kb/d.'),
    demandKbd: dbl('Demand, kb/d (JODI).'),
    deficitPct: pct('Loss over demand, percent (0-100).'),
  })
  .meta({ id: 'intelligence_v1_ProductImpact' });

export const GasStorageBuffer = z
  .object({
    fillPct: pct('Storage fill level, percent.'),
    gasTwh: dbl('Gas in storage, TWh.'),
    bufferDays: dbl('Days the stored gas replaces the lost LNG (at most 730).'),
    trend: z.string().meta({ description: 'injecting, withdrawing or stable.' }),
    date: z.string().meta({ description: 'Gas day, YYYY-MM-DD.' }),
    scope: z.string().meta({ description: 'Always `europe`: AGSI+ covers European storage only.' }),
  })
  .meta({ id: 'intelligence_v1_GasStorageBuffer' });

export const GasImpact = z
  .object({
    lngShareOfImports: dbl('LNG share of gas imports, 0-1.'),
    lngImportsTj: dbl('Monthly LNG imports, TJ.'),
    lngDisruptionTj: dbl('Monthly LNG lost, TJ.'),
    totalDemandTj: dbl('Monthly gas demand, TJ.'),
    deficitPct: pct('Loss over demand, percent.'),
    dataAvailable: z.boolean(),
    assessment: z.string(),
    storage: GasStorageBuffer.optional(),
    dataSource: z.string().meta({ description: '`gie_daily` when storage is known, else `jodi_monthly`.' }),
  })
  .meta({ id: 'intelligence_v1_GasImpact' });

export const ComputeEnergyShockScenarioResponse = z
  .object({
    countryCode: z.string(),
    chokepointId: z.string(),
    disruptionPct: z.number().int().meta({ format: 'int32', description: 'The disruption modelled, 10-100.' }),
    gulfCrudeShare: dbl('Gulf share of crude imports x the chokepoint’s exposure (x live flow ratio), 0-1.5.'),
    crudeLossKbd: dbl('Crude imports lost, kb/d.'),
    products: z.array(ProductImpact),
    effectiveCoverDays: z.number().int().meta({
      format: 'int32',
      description: 'Days emergency stocks bridge the loss (at most 730); -1 for a net exporter.',
    }),
    assessment: z.string(),
    dataAvailable: z
      .boolean()
      .meta({ description: 'False when the fuel asked for has no balance data for the country (then not cached).' }),
    jodiOilCoverage: z.boolean(),
    comtradeCoverage: z.boolean().meta({
      description:
        'True when the Gulf share was measured from bundled UN Comtrade crude flows; false means the 40% proxy was used (also in limitations).',
    }),
    ieaStocksCoverage: z.boolean(),
    portwatchCoverage: z.boolean().meta({ description: 'True when the chokepoint has a live flow estimate.' }),
    coverageLevel: z.string().meta({ description: 'full, partial or unsupported.' }),
    limitations: z.array(z.string()).meta({ description: 'Caveats of this answer, including when a proxy was used.' }),
    degraded: z.boolean().meta({ description: 'True when the chokepoint’s live flow is unknown (then not cached).' }),
    chokepointConfidence: z.string().meta({ description: '`high` with a live flow ratio, else `none`.' }),
    liveFlowRatio: dbl('Current flow against baseline, clamped 0-1.5.').optional(),
    gasImpact: GasImpact.optional(),
  })
  .meta({ id: 'intelligence_v1_ComputeEnergyShockScenarioResponse' });
export type ComputeEnergyShockScenarioResponse = z.infer<typeof ComputeEnergyShockScenarioResponse>;
