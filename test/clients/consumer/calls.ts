/**
 * A consumer's three calls through the packed client package, type-checked by
 * test/clients/package.test.ts in a project outside the repository (so not by the repository's own
 * `tsc`, which excludes this folder). The region is the README's example, line for line.
 */
// #region package
import { createMdsClient, type AppRouter } from '@monitoring-data-service/client';
import { createTRPCClient, httpBatchLink } from '@trpc/client';

// REST: openapi-fetch over the generated types; the key is sent as X-Service-Key.
const rest = createMdsClient({ baseUrl: 'http://localhost:8080', key });
const { data, error } = await rest.GET('/api/seismology/v1/list-earthquakes', {
  params: { query: { page_size: 10, min_magnitude: 5.5 } },
});
if (data) console.log(data.earthquakes[0]?.magnitude, data.pagination.totalCount);
else console.error(error); // the error body, typed per status

// tRPC: the router's type alone, no server code.
const trpc = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: 'http://localhost:8080/trpc', headers: { 'X-Service-Key': key } })],
});
const { quotes } = await trpc.market.listMarketQuotes.query({ symbols: ['AAPL', 'MSFT'] });
console.log(quotes.map((q) => q.symbol));

// Inputs are checked: page_size is a number.
// @ts-expect-error Type 'string' is not assignable to type 'number'.
await trpc.seismology.listEarthquakes.query({ page_size: 'ten' });
// #endregion

declare const key: string;

// The answers are typed, not `any` (which would let everything above through).
type IsAny<T> = 0 extends 1 & T ? true : false;
export const typed: [IsAny<typeof data>, IsAny<typeof quotes>, IsAny<(typeof quotes)[number]['symbol']>] = [
  false,
  false,
  false,
];
