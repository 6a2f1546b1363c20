/**
 * The client examples of the README, type-checked by `tsc --noEmit` (this file is never run).
 * test/clients/readme-snippets.test.ts checks that the README shows exactly these lines, with the
 * import paths written from the repository root.
 */
// #region trpc
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../src/root/app-router.js';

const trpc = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: 'http://localhost:8080/trpc', headers: { 'X-Service-Key': key } })],
});
// Inputs are typed as what they are: numbers, booleans and lists.
const { earthquakes } = await trpc.seismology.listEarthquakes.query({ page_size: 10, min_magnitude: 5.5 });
const { quotes } = await trpc.market.listMarketQuotes.query({ symbols: ['AAPL', 'MSFT'] });
console.log(
  earthquakes[0]?.magnitude,
  quotes.map((q) => q.symbol),
);
try {
  await trpc.seismology.listEarthquakes.query({ page_size: -1 });
} catch (e) {
  // One readable line, e.g. "page_size: number must be greater than or equal to 0".
  if (e instanceof TRPCClientError) console.error(e.message);
}
// #endregion

// #region openapi-fetch
import createClient from 'openapi-fetch';
import type { paths } from '../../packages/client/src/openapi.js';

const rest = createClient<paths>({ baseUrl: 'http://localhost:8080', headers: { 'X-Service-Key': key } });
const { data, error } = await rest.GET('/api/seismology/v1/list-earthquakes', { params: { query: { page_size: 10 } } });
if (data) console.log(data.earthquakes.length, data.pagination.totalCount);
else console.error(error); // the error body typed per status (ValidationError, 401, 429 ...)
// #endregion

declare const key: string;
