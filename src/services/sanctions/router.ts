import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { SANCTIONS_SDN } from './datasets/sdn.js';
import { listSanctionsPressure, lookupSanctionEntity } from './queries.js';
import {
  ListSanctionsPressureRequest,
  ListSanctionsPressureResponse,
  LookupSanctionEntityRequest,
  LookupSanctionEntityResponse,
} from './schemas.js';

export const sanctionsRouter = router({
  listSanctionsPressure: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/sanctions/v1/list-sanctions-pressure',
        operationId: 'ListSanctionsPressure',
        tags: ['sanctions'],
        summary: 'List where US sanctions designations concentrate',
        description:
          'Entries of the OFAC Specially Designated Nationals list (SDN XML export) with the 12 countries (by address, nationality ' +
          'or citizenship) and 12 programs that have the most new entries, then the most entries, and counts of vessels and ' +
          'aircraft. An entry is new when this edition of the list carries it and the previous edition loaded did not (none on ' +
          'the first load). Entries are listed new first, then most recently listed, then by name, max_items of them (default ' +
          '25, at most 60). Deviations from the published service: effectiveAt is the publish date of the first edition loaded ' +
          'here that carried the entry ("0" if it was on the first one), because the SDN export carries no designation dates; ' +
          'only the SDN list is read, not the consolidated non-SDN lists or Canada’s SEMA list, so their counts are 0.',
      },
      cacheTier: 'daily',
      requiredTier: 1,
      datasets: [SANCTIONS_SDN],
    })
    .input(ListSanctionsPressureRequest)
    .output(ListSanctionsPressureResponse)
    .query(({ ctx, input }) => listSanctionsPressure(ctx.deps.store, input, () => markDegraded(ctx))),

  lookupSanctionEntity: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/sanctions/v1/lookup-sanction-entity',
        operationId: 'LookupSanctionEntity',
        tags: ['sanctions'],
        summary: 'Look up a name or identifier in sanctions lists',
        description:
          'Searches the OFAC SDN snapshot by name, alias (a.k.a./f.k.a.) and identifier (passport, IMO number, tail number): ' +
          'an exact name or identifier scores highest, then names starting with the query, then names similar by character ' +
          'trigrams. When OPENSANCTIONS_API_KEY is configured, OpenSanctions answers live instead, falling back to the SDN snapshot ' +
          'if it fails; source says which list answered. q must be 2 to 200 characters, otherwise there are no results; ' +
          'max_results defaults to 10, at most 50. Limited to 30 calls a minute per credential.',
      },
      cacheTier: 'no-store',
      ratePolicy: 'lookup-sanction-entity',
    })
    .input(LookupSanctionEntityRequest)
    .output(LookupSanctionEntityResponse)
    .query(({ ctx, input, signal }) =>
      lookupSanctionEntity(ctx.deps.store, ctx.deps.config, input, () => markDegraded(ctx), signal),
    ),
});
