import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { countryByCode } from '../../../../reference/countries.js';
import {
  RADAR,
  radarDateRange,
  radarHeaders,
  radarResult,
  radarSummary,
  radarTopTargets,
} from '../../../../sources/cloudflare-radar/radar.js';
import type { ListInternetDdosAttacksResponse } from '../schemas.js';

export const DDOS_ATTACKS = 'infrastructure.ddos-attacks';

/** The week's attack mix as one row: the three Radar documents combined. */
export function ddosSummaryFrom(protocol: Buffer, vector: Buffer, targets: Buffer): ListInternetDdosAttacksResponse {
  const p = radarResult(protocol);
  const range = radarDateRange(p);
  const top = radarTopTargets(radarResult(targets)).flatMap((t) => {
    const c = countryByCode(t.countryCode);
    return c
      ? [
          {
            countryCode: c.alpha2,
            countryName: t.countryName || c.name,
            percentage: t.percentage,
            latitude: c.lat,
            longitude: c.lon,
          },
        ]
      : [];
  });
  return {
    protocol: radarSummary(p),
    vector: radarSummary(radarResult(vector)),
    dateRangeStart: range.start,
    dateRangeEnd: range.end,
    topTargetLocations: top,
  };
}

export const ddosAttacksDataset: Dataset<ListInternetDdosAttacksResponse> = {
  name: DDOS_ATTACKS,
  source: 'Cloudflare Radar layer-3 attack summaries',
  kind: 'live',
  maxStaleMinutes: 180,
  sources: {
    protocol: {
      url: `${RADAR}/attacks/layer3/summary/protocol?dateRange=7d&format=json`,
      sample: 'infrastructure/cloudflare-radar-ddos-protocol.json',
      headers: radarHeaders,
      requires: ['CLOUDFLARE_RADAR_TOKEN'],
    },
    vector: {
      url: `${RADAR}/attacks/layer3/summary/vector?dateRange=7d&format=json`,
      sample: 'infrastructure/cloudflare-radar-ddos-vector.json',
      headers: radarHeaders,
      requires: ['CLOUDFLARE_RADAR_TOKEN'],
    },
    targets: {
      url: `${RADAR}/attacks/layer3/top/locations/target?dateRange=7d&format=json`,
      sample: 'infrastructure/cloudflare-radar-ddos-targets.json',
      headers: radarHeaders,
      requires: ['CLOUDFLARE_RADAR_TOKEN'],
    },
  },
  parse(payloads) {
    return { records: [ddosSummaryFrom(payloads.protocol!, payloads.vector!, payloads.targets!)] };
  },
};
