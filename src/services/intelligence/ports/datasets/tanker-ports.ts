import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import {
  dailyTankerPortsUrl,
  parseDailyTankerPorts,
  parsePortLocations,
  portActivity,
  portsReferenceUrl,
  type PortActivity,
} from '../../../../sources/portwatch/port-activity.js';

export const TANKER_PORTS = 'intelligence.tanker-port-activity';

/** Countries whose ports are followed (ISO3, as PortWatch keys them): major crude exporters and a hub. */
export const WATCHED_ISO3 = ['SAU', 'ARE', 'NLD'] as const;

/** The last 60 days of daily PortWatch data of the watched countries' ports -> per-port 30-day activity. */
export const tankerPortsDataset: Dataset<PortActivity> = {
  name: TANKER_PORTS,
  source: 'IMF PortWatch daily port activity',
  kind: 'live',
  maxStaleMinutes: 3 * 24 * 60,
  sources: {
    daily: {
      url: dailyTankerPortsUrl(WATCHED_ISO3, 0),
      urlAt: (now) => dailyTankerPortsUrl(WATCHED_ISO3, now - 61 * 86_400_000),
      sample: 'intelligence/portwatch-daily-tanker-ports.json',
      headers: () => ({ accept: 'application/json' }),
    },
    ports: {
      url: portsReferenceUrl(WATCHED_ISO3),
      sample: 'intelligence/portwatch-ports-reference.json',
      optional: true,
      headers: () => ({ accept: 'application/json' }),
    },
  },
  parse(payloads) {
    const locations = payloads.ports
      ? parsePortLocations(payloads.ports)
      : new Map<string, { lat: number; lon: number }>();
    return { records: portActivity(parseDailyTankerPorts(payloads.daily!), locations), info: {} };
  },
};
