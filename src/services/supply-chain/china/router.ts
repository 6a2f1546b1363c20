import { operation } from '../../../trpc/procedures.js';
import { CORRIDOR_INPUT_DATASETS, getChinaCorridorControlTowers } from './queries.js';
import { GetChinaCorridorControlTowersRequest, GetChinaCorridorControlTowersResponse } from './schemas.js';

/** China logistics corridors composed from the port, flight, hazard, energy and trade snapshots. */
export const chinaCorridorProcedures = {
  getChinaCorridorControlTowers: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-china-corridor-control-towers',
        operationId: 'GetChinaCorridorControlTowers',
        tags: ['supply-chain'],
        summary: 'Get the China logistics corridor control towers',
        description:
          'Four China corridors (Yangtze River Delta, Greater Bay Area, Bohai Rim, New Western Land-Sea Corridor) from a curated ' +
          'registry, each with one condition per family composed from snapshots this service already keeps: ports from IMF ' +
          'PortWatch daily tanker calls (30 days against the 30 before), aviation from the AviationStack flight feed (share of ' +
          'departures cancelled, diverted or 45+ minutes late), hazards from NASA EONET open events within 500 km, power and ' +
          'energy from JODI-Oil (China crude imports and product demand), trade from UN Comtrade (China strategic-goods exports ' +
          'year on year) and the Shanghai CCFI. Strategic industry has no source here and is reported unavailable. Signals ' +
          'carry publisher, times with precision, transport and content freshness and metrics; conditions carry a derived ' +
          'provenance envelope. No parameters. upstreamUnavailable is true when every corridor is unavailable.',
      },
      cacheTier: 'medium',
      datasets: [...CORRIDOR_INPUT_DATASETS],
    })
    .input(GetChinaCorridorControlTowersRequest)
    .output(GetChinaCorridorControlTowersResponse)
    .query(({ ctx }) => getChinaCorridorControlTowers(ctx.deps.store)),
};
