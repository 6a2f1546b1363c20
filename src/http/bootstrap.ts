import type { WireHeaders } from '../platform/errors.js';
import type { RestCall, WireResponse } from './dispatch.js';

/**
 * First-paint data by logical name: what a dashboard needs on load, fetched in one request. Each
 * entry is an ordinary operation call, so the caller's plan, tier gates and rate limits apply.
 * `fast` entries change within the hour; `slow` ones daily or less often. Served by both
 * `GET /api/bootstrap` and the infrastructure get-bootstrap-data operation, through `runBootstrap`.
 */
export const BOOTSTRAP_OPERATIONS: Readonly<Record<string, { url: string; tier: 'fast' | 'slow' }>> = Object.freeze({
  earthquakes: { url: '/api/seismology/v1/list-earthquakes', tier: 'fast' },
  outages: { url: '/api/infrastructure/v1/list-internet-outages', tier: 'fast' },
  serviceStatuses: { url: '/api/infrastructure/v1/list-service-statuses', tier: 'fast' },
  chokepoints: { url: '/api/supply-chain/v1/get-chokepoint-status', tier: 'fast' },
  marketQuotes: { url: '/api/market/v1/list-market-quotes', tier: 'fast' },
  flightDelays: { url: '/api/aviation/v1/list-airport-delays', tier: 'fast' },
  airQuality: { url: '/api/climate/v1/list-air-quality-data', tier: 'fast' },
  crossSourceSignals: { url: '/api/intelligence/v1/list-cross-source-signals', tier: 'fast' },
  bisPolicy: { url: '/api/economic/v1/get-bis-policy-rates', tier: 'slow' },
  minerals: { url: '/api/supply-chain/v1/get-critical-minerals', tier: 'slow' },
  unrestEvents: { url: '/api/unrest/v1/list-unrest-events', tier: 'slow' },
  ucdpEvents: { url: '/api/conflict/v1/list-ucdp-events', tier: 'slow' },
  techEvents: { url: '/api/research/v1/list-tech-events', tier: 'slow' },
  fearGreedIndex: { url: '/api/market/v1/get-fear-greed-index', tier: 'slow' },
  cyberThreats: { url: '/api/cyber/v1/list-cyber-threats', tier: 'slow' },
  storageFacilities: { url: '/api/supply-chain/v1/list-storage-facilities', tier: 'slow' },
  naturalEvents: { url: '/api/natural/v1/list-natural-events', tier: 'slow' },
  fireDetections: { url: '/api/wildfire/v1/list-fire-detections', tier: 'slow' },
  thermalEscalations: { url: '/api/thermal/v1/list-thermal-escalations', tier: 'slow' },
  radiationObservations: { url: '/api/radiation/v1/list-radiation-observations', tier: 'slow' },
  diseaseOutbreaks: { url: '/api/health/v1/list-disease-outbreaks', tier: 'slow' },
  climateDisasters: { url: '/api/climate/v1/list-climate-disasters', tier: 'slow' },
  trafficAnomalies: { url: '/api/infrastructure/v1/list-internet-traffic-anomalies', tier: 'slow' },
  marketImplications: { url: '/api/intelligence/v1/list-market-implications', tier: 'slow' },
});

/** Headers that carry the caller's identity into in-process sub-calls; nothing else is forwarded. */
const CREDENTIAL_HEADERS = ['x-service-key', 'x-api-key', 'cookie'] as const;

/** Names asked for: the given keys (deduplicated, in order; possibly none), else the tier's names, else all. */
export function bootstrapNames(keys: readonly string[] | undefined, tier: 'fast' | 'slow' | undefined): string[] {
  if (keys !== undefined) return [...new Set(keys.map((k) => k.trim()).filter(Boolean))];
  return Object.keys(BOOTSTRAP_OPERATIONS).filter((n) => tier === undefined || BOOTSTRAP_OPERATIONS[n].tier === tier);
}

export interface BootstrapResult {
  /** Each served entry's parsed body. */
  data: Record<string, unknown>;
  /** Unknown names and refused entries, in the order asked. */
  missing: string[];
  /** Why each refused entry was refused. */
  errors: Record<string, { status: number; body: unknown }>;
  /** The last X-RateLimit-* headers the sub-calls produced. */
  rate: WireHeaders;
}

/** Runs the named operations one at a time, in the order asked, with the caller's credential. */
export async function runBootstrap(
  dispatch: (call: RestCall) => Promise<WireResponse>,
  names: readonly string[],
  caller: { headers: Record<string, string | string[] | undefined>; requestId: string; remoteAddress?: string },
): Promise<BootstrapResult> {
  const headers: Record<string, string | string[]> = {};
  for (const h of CREDENTIAL_HEADERS) if (caller.headers[h] !== undefined) headers[h] = caller.headers[h]!;
  const result: BootstrapResult = { data: {}, missing: [], errors: {}, rate: {} };
  // One at a time: the sub-calls spend the caller's budget in a predictable order.
  for (const name of names) {
    const op = Object.hasOwn(BOOTSTRAP_OPERATIONS, name) ? BOOTSTRAP_OPERATIONS[name] : undefined;
    if (!op) {
      result.missing.push(name);
      continue;
    }
    const out = await dispatch({ method: 'GET', url: op.url, headers, requestId: caller.requestId, remoteAddress: caller.remoteAddress });
    for (const [k, v] of Object.entries(out.headers)) if (k.toLowerCase().startsWith('x-ratelimit-')) result.rate[k.toLowerCase()] = v;
    let body: unknown;
    try {
      body = JSON.parse(out.body);
    } catch {
      body = out.body;
    }
    if (out.status === 200) result.data[name] = body;
    else {
      result.missing.push(name);
      result.errors[name] = { status: out.status, body };
    }
  }
  return result;
}
