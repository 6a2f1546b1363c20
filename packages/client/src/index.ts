/**
 * The Monitoring Data Service's typed clients. REST: `createMdsClient` is openapi-fetch over the types
 * generated from openapi.gen.yaml (`npm run openapi`). tRPC: `AppRouter` is the router's type for
 * `createTRPCClient<AppRouter>` from @trpc/client, generated from the server's source by
 * `npm run client:build` (scripts/client-package.ts).
 */
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './openapi.js';

export type { paths, components, operations } from './openapi.js';
export type { AppRouter, WireError, WireHeaders } from './app-router.js';

export interface MdsClientOptions extends Omit<ClientOptions, 'baseUrl' | 'headers'> {
  /** Where the service answers, e.g. `http://localhost:8080` (the paths carry `/api/...`). */
  baseUrl: string;
  /** The service key, sent as `X-Service-Key` on every request. */
  key: string;
  /** Further headers for every request. */
  headers?: Record<string, string>;
}

export type MdsClient = Client<paths>;

/** An openapi-fetch client whose paths, parameters, answers and error bodies are the service's own. */
export function createMdsClient({ baseUrl, key, headers, ...options }: MdsClientOptions): MdsClient {
  return createClient<paths>({ ...options, baseUrl, headers: { ...headers, 'X-Service-Key': key } });
}
