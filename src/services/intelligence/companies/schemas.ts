import { z } from 'zod';
import { int32Param, stringParam } from '../../../platform/query-params.js';

export const SecFilingSearchResult = z
  .object({
    company: z.string().meta({ description: 'Filer name as EDGAR shows it.' }),
    cik: z.string().meta({ description: 'Central Index Key, 10 digits.' }),
    form: z.string().meta({ description: 'Form type, e.g. `8-K`.' }),
    fileDate: z.string().meta({ description: 'EDGAR filing date (Eastern time), `YYYY-MM-DD`.' }),
    items: z.array(z.string()).meta({ description: 'Reported 8-K item numbers, e.g. `2.02`.' }),
    url: z.string().meta({ description: 'The filing index page on sec.gov.' }),
    accession: z.string().meta({ description: 'Accession number, `0000000000-YY-NNNNNN`.' }),
  })
  .meta({ id: 'intelligence_v1_SecFilingSearchResult', description: 'One filing matching the search.' });

export const SearchSecFilingsRequest = z.object({
  query: z.string().min(1).max(1000).meta({ description: 'Words to find in the filer name, form and item descriptions (first 160 characters used); "quoted phrases", OR and NOT work.' }),
  forms: stringParam('Comma-separated form types to keep, e.g. `8-K,8-K/A` (case-insensitive).', 64),
  start_date: stringParam('Earliest filing date, `YYYY-MM-DD`, inclusive.', 10),
  end_date: stringParam('Latest filing date, `YYYY-MM-DD`, inclusive.', 10),
  limit: int32Param({ min: 0, description: 'Most results; omitted or 0 means 10, at most 25.' }),
});

export type SearchSecFilingsRequest = z.infer<typeof SearchSecFilingsRequest>;

export const SearchSecFilingsResponse = z
  .object({
    results: z.array(SecFilingSearchResult),
    total: z.number().int().min(0).max(2147483647).meta({ format: 'int32', description: 'Filings in the index matching the search, before the limit.' }),
    unavailable: z.boolean().meta({ description: 'No filings index is loaded; results are then empty.' }),
    fetchedAtMs: z.number().int().meta({ format: 'int64', description: 'When the searched filings were fetched, Unix epoch milliseconds; 0 when unavailable.' }),
  })
  .meta({ id: 'intelligence_v1_SearchSecFilingsResponse', description: 'Filings matching a full-text search, best match first.' });

export type SearchSecFilingsResponse = z.infer<typeof SearchSecFilingsResponse>;

export const MaterialEventItem = z
  .object({
    code: z.string().meta({ description: '8-K item number, e.g. `5.02`.' }),
    description: z.string().meta({ description: 'The item’s title as the filing lists it.' }),
  })
  .meta({ id: 'intelligence_v1_MaterialEventItem', description: 'One material item reported in an 8-K.' });

export const MaterialEvent = z
  .object({
    company: z.string(),
    cik: z.string().meta({ description: 'Central Index Key, 10 digits.' }),
    form: z.string().meta({ description: '`8-K` or `8-K/A`.' }),
    accession: z.string(),
    filedAtMs: z.number().int().meta({ format: 'int64', description: 'When EDGAR accepted the filing, Unix epoch milliseconds.' }),
    items: z.array(MaterialEventItem).meta({ description: 'The material items reported (routine items left out).' }),
    url: z.string().meta({ description: 'The filing index page on sec.gov.' }),
  })
  .meta({ id: 'intelligence_v1_MaterialEvent', description: 'An 8-K reporting at least one material event.' });

export const ListMaterialEventsRequest = z.object({
  item_code: stringParam('Only events reporting this 8-K item, e.g. `5.02`.', 8),
  limit: int32Param({ min: 0, description: 'Most events; omitted or 0 means 25, at most 100.' }),
});

export type ListMaterialEventsRequest = z.infer<typeof ListMaterialEventsRequest>;

export const ListMaterialEventsResponse = z
  .object({
    events: z.array(MaterialEvent),
    unavailable: z.boolean().meta({ description: 'The 8-K feed has not been loaded; events are then empty.' }),
    fetchedAtMs: z.number().int().meta({ format: 'int64', description: 'Time of the 8-K feed the events come from, Unix epoch milliseconds; 0 when unavailable.' }),
  })
  .meta({ id: 'intelligence_v1_ListMaterialEventsResponse', description: 'Recent material 8-K events, newest first.' });

export type ListMaterialEventsResponse = z.infer<typeof ListMaterialEventsResponse>;
