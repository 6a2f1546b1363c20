import { z } from 'zod';
import { int32Param } from '../../../platform/query-params.js';
import { WAR_RISK_TIERS } from '../chokepoints/schemas.js';
import { Hs2Param, Iso2Param } from '../routes/schemas.js';
import { double, int32 } from '../wire.js';

export const DEPENDENCY_FLAGS = [
  'DEPENDENCY_FLAG_UNSPECIFIED',
  'DEPENDENCY_FLAG_SINGLE_SOURCE_CRITICAL',
  'DEPENDENCY_FLAG_SINGLE_CORRIDOR_CRITICAL',
  'DEPENDENCY_FLAG_COMPOUND_RISK',
  'DEPENDENCY_FLAG_DIVERSIFIABLE',
] as const;

// ---------------------------------------------------------------------------------------------
// get-country-products
// ---------------------------------------------------------------------------------------------

export const ProductExporter = z
  .object({
    partnerCode: int32('UN M49 code of the exporter.'),
    partnerIso2: z.string(),
    value: double('Imports from this exporter, USD.'),
    share: double('Of the product’s imports, 0-1.'),
  })
  .meta({ id: 'supply_chain_v1_ProductExporter', description: 'One supplier of a product.' });

export const CountryProduct = z
  .object({
    hs4: z.string(),
    description: z.string(),
    totalValue: double('Imports of the heading, USD.'),
    topExporters: z.array(ProductExporter).meta({ description: 'The five largest, largest first.' }),
    year: int32(),
  })
  .meta({ id: 'supply_chain_v1_CountryProduct', description: 'A country’s imports of one HS heading.' });

export const GetCountryProductsRequest = z.object({ iso2: Iso2Param('Importing country.') });
export type GetCountryProductsRequest = z.infer<typeof GetCountryProductsRequest>;

export const GetCountryProductsResponse = z
  .object({
    iso2: z.string(),
    products: z
      .array(CountryProduct)
      .meta({ description: 'Largest first; empty when the flows dataset has nothing for the country.' }),
    fetchedAt: z.string().meta({ description: 'ISO-8601 time the flows were fetched; empty when there are none.' }),
  })
  .meta({
    id: 'supply_chain_v1_GetCountryProductsResponse',
    description: 'Strategic imports of a country by HS heading.',
  });
export type GetCountryProductsResponse = z.infer<typeof GetCountryProductsResponse>;

// ---------------------------------------------------------------------------------------------
// get-country-chokepoint-index
// ---------------------------------------------------------------------------------------------

export const ChokepointExposureEntry = z
  .object({
    chokepointId: z.string(),
    chokepointName: z.string(),
    exposureScore: double('0-100, one decimal.'),
    coastSide: z.string().meta({ description: 'Coast of the country’s ports; given on the first entry only.' }),
    shockSupported: z.boolean().meta({ description: 'The chokepoint has an energy supply-shock model.' }),
  })
  .meta({ id: 'supply_chain_v1_ChokepointExposureEntry', description: 'A country’s exposure to one chokepoint.' });

export const GetCountryChokepointIndexRequest = z.object({
  iso2: Iso2Param('Importing country.'),
  hs2: Hs2Param('HS chapter (default 27).'),
});
export type GetCountryChokepointIndexRequest = z.infer<typeof GetCountryChokepointIndexRequest>;

export const GetCountryChokepointIndexResponse = z
  .object({
    iso2: z.string(),
    hs2: z.string(),
    exposures: z.array(ChokepointExposureEntry).meta({ description: 'Every registry chokepoint, most exposed first.' }),
    primaryChokepointId: z.string(),
    vulnerabilityIndex: double('0.5 x the highest exposure + 0.3 x the second + 0.2 x the third.'),
    fetchedAt: z.string(),
  })
  .meta({
    id: 'supply_chain_v1_GetCountryChokepointIndexResponse',
    description: 'How exposed a country’s imports of a chapter are to each chokepoint.',
  });
export type GetCountryChokepointIndexResponse = z.infer<typeof GetCountryChokepointIndexResponse>;

// ---------------------------------------------------------------------------------------------
// get-sector-dependency
// ---------------------------------------------------------------------------------------------

export const GetSectorDependencyRequest = z.object({
  iso2: Iso2Param('Importing country.'),
  hs2: Hs2Param('HS chapter (default 27).'),
});
export type GetSectorDependencyRequest = z.infer<typeof GetSectorDependencyRequest>;

export const GetSectorDependencyResponse = z
  .object({
    iso2: z.string(),
    hs2: z.string(),
    hs2Label: z.string(),
    flags: z.array(z.enum(DEPENDENCY_FLAGS)),
    primaryExporterIso2: z.string().meta({ description: 'Largest supplier of the chapter; empty without flows.' }),
    primaryExporterShare: double('Its share of the chapter’s imports, 0-1, three decimals.'),
    primaryChokepointId: z.string(),
    primaryChokepointExposure: double('Exposure to that chokepoint, 0-100, one decimal.'),
    hasViableBypass: z.boolean(),
    fetchedAt: z.string(),
  })
  .meta({
    id: 'supply_chain_v1_GetSectorDependencyResponse',
    description: 'Supplier and corridor concentration of a country’s imports of a chapter.',
  });
export type GetSectorDependencyResponse = z.infer<typeof GetSectorDependencyResponse>;

// ---------------------------------------------------------------------------------------------
// get-multi-sector-cost-shock
// ---------------------------------------------------------------------------------------------

export const MultiSectorCostShock = z
  .object({
    hs2: z.string(),
    hs2Label: z.string(),
    importValueAnnual: double('Yearly imports of the chapter, USD.'),
    freightAddedPctPerTon: double('Freight uplift of the best bypass, percent, four decimals.'),
    warRiskPremiumBps: int32(),
    addedTransitDays: int32(),
    totalCostShockPerDay: double('USD.'),
    totalCostShock30Days: double(),
    totalCostShock90Days: double(),
    totalCostShock: double('Over closureDays.'),
    closureDays: int32(),
  })
  .meta({
    id: 'supply_chain_v1_MultiSectorCostShock',
    description: 'Extra import cost of one chapter during a closure.',
  });

export const GetMultiSectorCostShockRequest = z.object({
  iso2: Iso2Param('Importing country.'),
  chokepointId: z.string().min(1).max(64).meta({ description: 'Canonical chokepoint id, e.g. hormuz_strait.' }),
  closureDays: int32Param({ min: 1, max: 365, description: 'Length of the closure in days, 1-365 (default 30).' }),
});
export type GetMultiSectorCostShockRequest = z.infer<typeof GetMultiSectorCostShockRequest>;

export const GetMultiSectorCostShockResponse = z
  .object({
    iso2: z.string(),
    chokepointId: z.string(),
    closureDays: int32(),
    warRiskTier: z.enum(WAR_RISK_TIERS),
    sectors: z.array(MultiSectorCostShock).meta({ description: 'Ten chapters, costliest per day first.' }),
    totalAddedCost: double('Sum of the sectors’ totalCostShock, USD.'),
    fetchedAt: z.string(),
    unavailableReason: z.string().meta({ description: 'Why the sectors are all zero; empty otherwise.' }),
  })
  .meta({
    id: 'supply_chain_v1_GetMultiSectorCostShockResponse',
    description: 'Extra import cost of a chokepoint closure, by sector.',
  });
export type GetMultiSectorCostShockResponse = z.infer<typeof GetMultiSectorCostShockResponse>;

// ---------------------------------------------------------------------------------------------
// get-route-impact
// ---------------------------------------------------------------------------------------------

export const StrategicProduct = z
  .object({
    hs4: z.string(),
    label: z.string(),
    totalValueUsd: double('The importer’s imports of the heading, USD.'),
    topExporterIso2: z.string(),
    topExporterShare: double('0-1, three decimals.'),
    primaryChokepointId: z.string().meta({
      description:
        'The chokepoint most of the top exporter’s modelled lanes to the importer pass; empty without a lane.',
    }),
  })
  .meta({ id: 'supply_chain_v1_StrategicProduct', description: 'One heading of the lane’s chapter.' });

export const GetRouteImpactRequest = z.object({
  fromIso2: Iso2Param('Exporting country.'),
  toIso2: Iso2Param('Importing country.'),
  hs2: Hs2Param('HS chapter (default 27).'),
});
export type GetRouteImpactRequest = z.infer<typeof GetRouteImpactRequest>;

export const GetRouteImpactResponse = z
  .object({
    laneValueUsd: double('Imports of the chapter by toIso2 from fromIso2, USD.'),
    primaryExporterIso2: z.string().meta({ description: 'Largest supplier of the chapter to toIso2.' }),
    primaryExporterShare: double('0-1, three decimals.'),
    topStrategicProducts: z.array(StrategicProduct).meta({ description: 'The five largest headings, largest first.' }),
    resilienceScore: double('Overall resilience score of toIso2 (0-100); 0 when unknown.'),
    dependencyFlags: z.array(z.enum(DEPENDENCY_FLAGS)),
    hs2InSeededUniverse: z
      .boolean()
      .meta({ description: 'The flows dataset holds imports of this chapter by toIso2.' }),
    comtradeSource: z.string().meta({
      description: 'bilateral-hs4 when the importer has flows, empty when it has none, missing without the dataset.',
    }),
    fetchedAt: z.string(),
  })
  .meta({
    id: 'supply_chain_v1_GetRouteImpactResponse',
    description: 'What the lane between two countries carries and how concentrated it is.',
  });
export type GetRouteImpactResponse = z.infer<typeof GetRouteImpactResponse>;
