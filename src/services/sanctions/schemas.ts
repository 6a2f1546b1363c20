import { z } from 'zod';
import { int32Param, stringParam } from '../../platform/query-params.js';
import { DEFAULT_MAX_ITEMS, DEFAULT_MAX_RESULTS, MAX_ITEMS, MAX_RESULTS } from './rules.js';

const int32 = (description: string) => z.number().int().meta({ format: 'int32', description });
const msString = (description: string) => z.string().regex(/^\d+$/).meta({ format: 'int64', description });

export const SanctionsEntityType = z.enum([
  'SANCTIONS_ENTITY_TYPE_UNSPECIFIED',
  'SANCTIONS_ENTITY_TYPE_ENTITY',
  'SANCTIONS_ENTITY_TYPE_INDIVIDUAL',
  'SANCTIONS_ENTITY_TYPE_VESSEL',
  'SANCTIONS_ENTITY_TYPE_AIRCRAFT',
]);

export const SanctionsEntry = z
  .object({
    id: z.string().meta({ description: '`ofac-sdn:<OFAC uid>`.' }),
    name: z.string().meta({ description: 'Name as OFAC lists it (`LAST, First` for people).' }),
    entityType: SanctionsEntityType,
    countryCodes: z
      .array(z.string())
      .meta({ description: 'ISO alpha-2 codes of address, nationality and citizenship countries.' }),
    countryNames: z.array(z.string()).meta({ description: 'Names of the same countries, in the same order.' }),
    programs: z.array(z.string()).meta({ description: 'OFAC sanctions programs, e.g. RUSSIA-EO14024.' }),
    sourceLists: z.array(z.string()).meta({ description: 'Lists naming the entry: always ["SDN"] here.' }),
    effectiveAt: msString(
      'Epoch ms as a string: the publish date of the first edition of the list this service loaded that carried the ' +
        'entry; "0" for entries already on the first edition loaded. (The published service gives the designation date ' +
        'from OFAC’s advanced XML; the SDN export read here carries no designation dates.)',
    ),
    isNew: z.boolean().meta({
      description:
        'On this edition of the list but not on the previous one loaded; false for every entry on the first load.',
    }),
    note: z.string().meta({ description: 'OFAC remarks, at most 240 characters.' }),
  })
  .meta({ id: 'sanctions_v1_SanctionsEntry', description: 'One entry of the SDN list.' });

export const CountrySanctionsPressure = z
  .object({
    countryCode: z.string(),
    countryName: z.string(),
    entryCount: int32('Entries tied to the country by address, nationality or citizenship.'),
    newEntryCount: int32('Of which new (see isNew).'),
    vesselCount: int32('Of which vessels.'),
    aircraftCount: int32('Of which aircraft.'),
  })
  .meta({ id: 'sanctions_v1_CountrySanctionsPressure', description: 'SDN entries tied to one country.' });

export const ProgramSanctionsPressure = z
  .object({
    program: z.string(),
    entryCount: int32('Entries designated under the program.'),
    newEntryCount: int32('Of which new (see isNew).'),
  })
  .meta({ id: 'sanctions_v1_ProgramSanctionsPressure', description: 'SDN entries under one program.' });

export const ListSanctionsPressureRequest = z.object({
  max_items: int32Param({
    description: `Entries to list: omitted, 0 or negative means ${DEFAULT_MAX_ITEMS}; at most ${MAX_ITEMS}.`,
  }),
});
export type ListSanctionsPressureRequest = z.infer<typeof ListSanctionsPressureRequest>;

export const ListSanctionsPressureResponse = z
  .object({
    entries: z
      .array(SanctionsEntry)
      .meta({ description: 'New entries first, then the most recently listed (effectiveAt), then by name.' }),
    countries: z
      .array(CountrySanctionsPressure)
      .meta({ description: 'The 12 countries with most new entries, then most entries.' }),
    programs: z
      .array(ProgramSanctionsPressure)
      .meta({ description: 'The 12 programs with most new entries, then most entries.' }),
    fetchedAt: msString('When the list was fetched, epoch ms as a string; "0" without a snapshot.'),
    datasetDate: msString('The list’s publish date, epoch ms as a string; "0" without a snapshot.'),
    totalCount: int32('Entries on the lists read.'),
    sdnCount: int32('Entries on the SDN list.'),
    consolidatedCount: int32('Entries on the consolidated non-SDN lists: 0, they are not read.'),
    newEntryCount: int32('Entries that are new (see isNew).'),
    vesselCount: int32('Vessels among all entries.'),
    aircraftCount: int32('Aircraft among all entries.'),
    semaCount: int32('Canadian SEMA entries: 0, that list is not read.'),
    semaError: z.string().optional().meta({ description: 'Never set: SEMA is not read.' }),
  })
  .meta({
    id: 'sanctions_v1_ListSanctionsPressureResponse',
    description: 'Where US sanctions designations concentrate.',
  });
export type ListSanctionsPressureResponse = z.infer<typeof ListSanctionsPressureResponse>;
export type SanctionsEntry = z.infer<typeof SanctionsEntry>;

export const SanctionEntityMatch = z
  .object({
    id: z.string().meta({ description: '`ofac-sdn:<uid>` or `opensanctions:<id>`.' }),
    name: z.string(),
    entityType: z.string().meta({ description: 'individual, entity, vessel or aircraft.' }),
    countryCodes: z.array(z.string()).meta({ description: 'Up to three ISO alpha-2 codes.' }),
    programs: z.array(z.string()).meta({ description: 'Up to three programs.' }),
  })
  .meta({ id: 'sanctions_v1_SanctionEntityMatch', description: 'A listed party matching the query.' });
export type SanctionEntityMatch = z.infer<typeof SanctionEntityMatch>;

export const LookupSanctionEntityRequest = z.object({
  q: stringParam(
    'Name, alias or identifier (passport, IMO number, tail number) to look up; 2 to 200 characters after trimming, otherwise no results.',
    1000,
  ),
  max_results: int32Param({
    description: `Most matches: omitted, 0 or negative means ${DEFAULT_MAX_RESULTS}; at most ${MAX_RESULTS}.`,
  }),
});
export type LookupSanctionEntityRequest = z.infer<typeof LookupSanctionEntityRequest>;

export const LookupSanctionEntityResponse = z
  .object({
    results: z.array(SanctionEntityMatch).meta({ description: 'Best match first.' }),
    total: int32('Matches found before max_results applied.'),
    source: z
      .string()
      .meta({ description: 'Which list answered: "ofac" (the SDN snapshot) or "opensanctions" (live).' }),
  })
  .meta({
    id: 'sanctions_v1_LookupSanctionEntityResponse',
    description: 'Sanctioned parties matching a name or identifier.',
  });
export type LookupSanctionEntityResponse = z.infer<typeof LookupSanctionEntityResponse>;
