import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { newestFirst } from '../../../../platform/ordering.js';
import { countryByCode } from '../../../../reference/countries.js';
import { RADAR, radarHeaders, radarResult, radarTrafficAnomalies } from '../../../../sources/cloudflare-radar/radar.js';
import type { TrafficAnomaly } from '../schemas.js';

export const TRAFFIC_ANOMALIES = 'infrastructure.traffic-anomalies';

export function trafficAnomaliesFrom(bytes: Buffer | string): TrafficAnomaly[] {
  return radarTrafficAnomalies(radarResult(bytes))
    .map((a) => {
      const c = countryByCode(a.locationCode);
      return { ...a, locationName: a.locationName || c?.name || '', latitude: c?.lat ?? 0, longitude: c?.lon ?? 0 };
    })
    .sort(
      newestFirst(
        (a) => a.startDate,
        (a) => a.uuid,
      ),
    );
}

export const trafficAnomaliesDataset: Dataset<TrafficAnomaly> = {
  name: TRAFFIC_ANOMALIES,
  source: 'Cloudflare Radar traffic anomalies',
  kind: 'live',
  maxStaleMinutes: 120,
  sources: {
    radar: {
      url: `${RADAR}/traffic_anomalies?dateRange=7d&limit=100&format=json`,
      sample: 'infrastructure/cloudflare-radar-traffic-anomalies.json',
      headers: radarHeaders,
      requires: ['CLOUDFLARE_RADAR_TOKEN'],
    },
  },
  // A week without detected anomalies is possible.
  allowEmpty: true,
  parse(payloads) {
    return { records: trafficAnomaliesFrom(payloads.radar!) };
  },
};
