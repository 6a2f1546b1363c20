import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { celestrakGpUrl, readGpElementSets } from '../../../../sources/celestrak/gp.js';
import { classifySatellite, orbitFigures } from '../rules.js';
import type { Satellite } from '../schemas.js';

export const SATELLITES = 'intelligence.satellites';

/**
 * CelesTrak's `military` and `resource` groups -> the tracked satellites (name rules in rules.ts),
 * one row per NORAD id (an object in both groups counts once), with altitude, speed and inclination
 * computed from the elements.
 */
export function parseSatellites(payloads: Buffer[]): Satellite[] {
  const byId = new Map<string, Satellite>();
  for (const bytes of payloads) {
    for (const set of readGpElementSets(bytes)) {
      const id = String(set.tle.noradId);
      const cls = classifySatellite(set.tle.name);
      if (!cls || byId.has(id)) continue;
      byId.set(id, {
        id,
        name: set.tle.name,
        country: cls.country,
        type: cls.type,
        ...orbitFigures(set.tle),
        line1: set.line1,
        line2: set.line2,
      });
    }
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

export const satellitesDataset: Dataset<Satellite> = {
  name: SATELLITES,
  source: 'CelesTrak GP element sets',
  kind: 'live',
  maxStaleMinutes: 6 * 60,
  sources: {
    military: {
      url: celestrakGpUrl('military'),
      sample: 'intelligence/celestrak-military.tle',
      headers: () => ({ accept: 'text/plain' }),
    },
    resource: {
      url: celestrakGpUrl('resource'),
      sample: 'intelligence/celestrak-resource.tle',
      headers: () => ({ accept: 'text/plain' }),
    },
  },
  parse(payloads) {
    return { records: parseSatellites([payloads.military!, payloads.resource!]), info: {} };
  },
};
