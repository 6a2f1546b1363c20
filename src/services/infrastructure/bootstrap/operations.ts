import type { BootstrapTable } from '../../../http/bootstrap.js';

/**
 * First-paint data by logical name: what a dashboard needs on load, fetched in one request. Each
 * entry is an ordinary operation call, so the caller's plan, tier gates and rate limits apply.
 * `fast` entries change within the hour; `slow` ones daily or less often. Served by both
 * `GET /api/bootstrap` and the infrastructure get-bootstrap-data operation, through `runBootstrap`
 * (src/http/bootstrap.ts); the composition root hands this table to the platform route.
 */
export const BOOTSTRAP_OPERATIONS: BootstrapTable = Object.freeze({
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
