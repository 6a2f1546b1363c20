import { operation } from '../../../trpc/procedures.js';
import { settle } from '../answer.js';
import { DDOS_ATTACKS } from './datasets/ddos-attacks.js';
import { INTERNET_OUTAGES } from './datasets/internet-outages.js';
import { TRAFFIC_ANOMALIES } from './datasets/traffic-anomalies.js';
import { listInternetDdosAttacks, listInternetOutages, listInternetTrafficAnomalies } from './queries.js';
import {
  ListInternetDdosAttacksRequest,
  ListInternetDdosAttacksResponse,
  ListInternetOutagesRequest,
  ListInternetOutagesResponse,
  ListInternetTrafficAnomaliesRequest,
  ListInternetTrafficAnomaliesResponse,
} from './schemas.js';

/** Internet health from Cloudflare Radar: outages, the DDoS attack mix, traffic anomalies. */
export const internetProcedures = {
  listInternetOutages: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/infrastructure/v1/list-internet-outages',
        operationId: 'ListInternetOutages',
        tags: ['infrastructure'],
        summary: 'List internet outages',
        description:
          'Confirmed internet connectivity disruptions of the last seven days (Cloudflare Radar), one entry per affected ' +
          'country, most recent first. Filter by country and by an inclusive window on the start time; page with the ' +
          'returned cursor (default page size 100, at most 500). An empty list served with Cache-Control: no-store means ' +
          'the outage snapshot is unavailable, not that the internet is calm.',
      },
      cacheTier: 'slow',
      datasets: [INTERNET_OUTAGES],
    })
    .input(ListInternetOutagesRequest)
    .output(ListInternetOutagesResponse)
    .query(({ ctx, input }) => settle(ctx, listInternetOutages(ctx.deps.store, input))),

  listInternetDdosAttacks: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/infrastructure/v1/list-internet-ddos-attacks',
        operationId: 'ListInternetDdosAttacks',
        tags: ['infrastructure'],
        summary: 'Get the week’s DDoS attack mix',
        description:
          'Network-layer DDoS attacks Cloudflare mitigated over the last seven days (Cloudflare Radar): shares by protocol ' +
          'and by attack vector, and the most targeted countries with a representative position. No filters. Empty lists ' +
          'served no-store mean the attack snapshot is unavailable.',
      },
      cacheTier: 'slow',
      datasets: [DDOS_ATTACKS],
    })
    .input(ListInternetDdosAttacksRequest)
    .output(ListInternetDdosAttacksResponse)
    .query(({ ctx }) => settle(ctx, listInternetDdosAttacks(ctx.deps.store))),

  listInternetTrafficAnomalies: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/infrastructure/v1/list-internet-traffic-anomalies',
        operationId: 'ListInternetTrafficAnomalies',
        tags: ['infrastructure'],
        summary: 'List internet traffic anomalies',
        description:
          'Unexpected drops in internet traffic of the last seven days detected by Cloudflare Radar, for whole countries ' +
          'or single networks, verified or automatic, most recent first. `country` keeps one country (ISO code or name, ' +
          'exact). An empty list served no-store means the anomaly snapshot is unavailable.',
      },
      cacheTier: 'slow',
      datasets: [TRAFFIC_ANOMALIES],
    })
    .input(ListInternetTrafficAnomaliesRequest)
    .output(ListInternetTrafficAnomaliesResponse)
    .query(({ ctx, input }) => settle(ctx, listInternetTrafficAnomalies(ctx.deps.store, input))),
};
