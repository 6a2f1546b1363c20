import type { IncomingHttpHeaders } from 'node:http';
import type { WireHeaders } from '../platform/errors.js';
import type { Principal } from '../platform/auth/access.js';
import { NO_STORE } from '../platform/http-cache.js';
import type { PreparedBody } from '../platform/response-cache.js';

/*
 * The wire vocabulary shared by the REST lane, the platform routes and the request context: what a
 * call looks like and what an answer looks like before it reaches a socket. It sits below tRPC and
 * the lanes, so it imports nothing above the platform layer.
 */

export type { WireHeaders } from '../platform/errors.js';

/** A finished REST answer, before it is written to a socket or folded into a batch result. */
export interface WireResponse {
  status: number;
  headers: WireHeaders;
  body: string;
  /** The serialised body behind a 200, with its bytes and compressed variants made once. */
  prepared?: PreparedBody;
  /** A list operation's answer (it varies with Accept), and the export asked for: written as CSV or NDJSON rows. */
  list?: { rowsField: string; format?: 'csv' | 'ndjson'; name: string };
}

/** One REST call as the dispatcher sees it, whether it came from a socket or from a batch. */
export interface RestCall {
  method: string;
  /** Path and query string, exactly as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body of a POST. */
  body?: unknown;
  requestId: string;
  remoteAddress?: string;
  batch?: boolean;
  /** Told who the caller turned out to be (key id), for the access log. */
  onPrincipal?: (id: string) => void;
  /**
   * An in-process evaluation for a caller already identified (a stream's subscription or a watch rule,
   * evaluated on a snapshot swap; the stream charges per delivery): billing and tier are checked, the
   * credential and the rate limit are not.
   */
  evaluatedFor?: Principal;
}

/** Runs one REST operation in process, with the full procedure chain (credential, tier, limits). */
export type Dispatch = (call: RestCall) => Promise<WireResponse>;

export const JSON_TYPE = 'application/json; charset=utf-8';

export function jsonError(status: number, body: unknown, headers: WireHeaders = {}): WireResponse {
  return {
    status,
    headers: { 'content-type': JSON_TYPE, 'cache-control': NO_STORE, ...lowerCaseHeaders(headers) },
    body: JSON.stringify(body),
  };
}

/** Header names in lower case, as node writes and tests read them. */
export function lowerCaseHeaders(headers: WireHeaders): WireHeaders {
  const out: WireHeaders = {};
  for (const k in headers) out[k.toLowerCase()] = headers[k];
  return out;
}
