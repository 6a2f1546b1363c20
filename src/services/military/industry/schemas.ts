import { z } from 'zod';
import { int32Param, stringParam } from '../../../platform/query-params.js';

const int32 = (description: string) =>
  z.number().int().min(-2147483648).max(2147483647).meta({ format: 'int32', description });
const double = (description: string) => z.number().meta({ format: 'double', description });

export const ListDefensePatentsRequest = z.object({
  cpc_code: stringParam('CPC code prefix, any case, e.g. `H04B` or `G06N3`; spaces are ignored.', 32),
  assignee: stringParam('Case-insensitive part of the applicant name, e.g. `raytheon`.', 200),
  limit: int32Param({ min: 0, max: 100, description: 'Filings to return, 1 to 100; omitted or 0 means 20.' }),
});
export type ListDefensePatentsRequest = z.infer<typeof ListDefensePatentsRequest>;

export const DefensePatentFiling = z
  .object({
    patentId: z.string().meta({
      description: 'Grant or publication number when published (e.g. `US20260198765A1`), else the application number.',
    }),
    title: z.string(),
    date: z.string().meta({ description: 'Filing date (else publication, else grant), YYYY-MM-DD.' }),
    assignee: z.string().meta({ description: 'First applicant.' }),
    cpcCode: z.string().meta({ description: 'The application’s CPC code in the watched subclass.' }),
    cpcDesc: z.string().meta({ description: 'The watched technology area.' }),
    abstract: z.string().meta({ description: 'Always empty: the search API returns no abstracts.' }),
    url: z
      .string()
      .meta({ description: 'Google Patents page when published, else the USPTO data portal application page.' }),
  })
  .meta({
    id: 'military_v1_DefensePatentFiling',
    description: 'A patent application by a defense or strategic-technology applicant.',
  });

export const ListDefensePatentsResponse = z
  .object({
    patents: z.array(DefensePatentFiling).meta({ description: 'Newest filings first.' }),
    total: int32('Filings matching the filters, before `limit`.'),
    fetchedAt: z.string().meta({ description: 'When the filings were read from USPTO, ISO 8601; empty without data.' }),
  })
  .meta({ id: 'military_v1_ListDefensePatentsResponse', description: 'Recent defense-relevant patent applications.' });
export type ListDefensePatentsResponse = z.infer<typeof ListDefensePatentsResponse>;

export const GetDefenseIndustrialBaseRequest = z.object({
  country_code: z
    .string()
    .regex(/^[A-Z]{2}$/, { message: 'string must match pattern ^[A-Z]{2}$ (ISO 3166-1 alpha-2, upper case)' })
    .meta({ description: 'ISO 3166-1 alpha-2 country code, upper case.' }),
});
export type GetDefenseIndustrialBaseRequest = z.infer<typeof GetDefenseIndustrialBaseRequest>;

export const DefenseIndustrialMetric = z
  .object({
    available: z.boolean().meta({ description: 'False when the source has no value for the country.' }),
    value: double('Latest value; 0 when unavailable.'),
    year: int32('Year of the latest value; 0 when unavailable.'),
    previousValue: double('The observation before it; 0 when none.'),
    previousYear: int32('Its year; 0 when none.'),
    source: z.string().meta({ description: 'Indicator code and publisher, e.g. `World Bank MS.MIL.XPND.GD.ZS`.' }),
  })
  .meta({
    id: 'military_v1_DefenseIndustrialMetric',
    description: 'One indicator with its latest and previous observation.',
  });

export const ArmsSupplierDependency = z
  .object({
    supplierIso2: z.string().meta({ description: 'Supplier country, ISO 3166-1 alpha-2.' }),
    tivShare: double('Share of the importer’s arms imports (SIPRI trend-indicator value) over the window, 0-1.'),
  })
  .meta({
    id: 'military_v1_ArmsSupplierDependency',
    description: 'How much of a country’s arms imports one supplier provides.',
  });

export const GetDefenseIndustrialBaseResponse = z
  .object({
    countryCode: z.string(),
    available: z.boolean().meta({ description: 'True when either source covers the country.' }),
    expenditurePctGdp: DefenseIndustrialMetric,
    expenditureUsd: DefenseIndustrialMetric,
    personnel: DefenseIndustrialMetric,
    armsExportsTiv: DefenseIndustrialMetric,
    armsImportsTiv: DefenseIndustrialMetric,
    suppliers: z.array(ArmsSupplierDependency).meta({ description: 'Named suppliers, largest share first.' }),
    supplierHhi: double('Herfindahl-Hirschman concentration of suppliers, 0-1 (every supplier, named or not).'),
    windowStartYear: int32('First year of the supplier window; 0 without supplier data.'),
    windowEndYear: int32('Last year of the supplier window; 0 without supplier data.'),
    supplierSource: z.string().meta({ description: '`SIPRI Arms Transfers Database`, or empty.' }),
    fetchedAt: z
      .string()
      .meta({ description: 'The older of the two source times, ISO 8601; empty when either is missing.' }),
    industrialFetchedAt: z
      .string()
      .meta({ description: 'When the World Bank indicators were read, ISO 8601, or empty.' }),
    supplierFetchedAt: z.string().meta({ description: 'When the SIPRI tables were read, ISO 8601, or empty.' }),
    supplierRetained: z
      .boolean()
      .meta({ description: 'Always false: supplier figures come from the current tables, never carried over.' }),
    supplierMappingCoverage: double('Share of import value whose supplier maps to a country code, 0-1.'),
  })
  .meta({
    id: 'military_v1_GetDefenseIndustrialBaseResponse',
    description: 'Military spending, personnel, arms trade and supplier dependence of a country.',
  });
export type GetDefenseIndustrialBaseResponse = z.infer<typeof GetDefenseIndustrialBaseResponse>;
