import type { Dataset } from '../../../platform/snapshots/dataset.js';
import {
  FIRMS_VIIRS_SOURCES,
  firmsAreaUrl,
  parseFirmsCsv,
  type FirmsHotspot,
} from '../../../sources/nasa-firms/firms.js';
import {
  FIRE_REGIONS,
  compareSignificance,
  fireConfidence,
  isPossibleExplosion,
  regionOf,
  satelliteName,
} from '../rules.js';
import type { FireDetection } from '../schemas.js';

export const FIRE_DETECTIONS = 'wildfire.fire-detections';

/** Days of detections each request asks for: a week, so the thermal view has a baseline to compare with. */
export const FIRMS_DAYS = 7;

export function toDetection(h: FirmsHotspot): FireDetection {
  const lat = Math.round(h.latitude * 1e5) / 1e5;
  const lon = Math.round(h.longitude * 1e5) / 1e5;
  return {
    id: `${lat}-${lon}-${new Date(h.acquiredAt).toISOString().slice(0, 16)}-${h.satellite || 'x'}`,
    location: { latitude: lat, longitude: lon },
    brightness: h.brightness,
    frp: h.frp,
    confidence: fireConfidence(h.confidence),
    satellite: satelliteName(h.satellite),
    detectedAt: h.acquiredAt,
    region: regionOf(lat, lon),
    dayNight: h.daynight,
    possibleExplosion: isPossibleExplosion(h.frp, h.brightness),
    source: 'firms',
    kind: 'hotspot',
    emergency: false,
    agencyFireId: '',
    agencyCode: '',
    fireSize: 0,
  };
}

/** Hotspots -> detections inside the watched regions, one per id, most significant first. */
export function detectionsFromFirms(csv: Buffer | string): FireDetection[] {
  const byId = new Map<string, FireDetection>();
  for (const h of parseFirmsCsv(csv)) {
    const d = toDetection(h);
    if (d.region && !byId.has(d.id)) byId.set(d.id, d);
  }
  return [...byId.values()].sort(compareSignificance);
}

export const fireDetectionsDataset: Dataset<FireDetection> = {
  name: FIRE_DETECTIONS,
  source: 'NASA FIRMS VIIRS active fires (area API)',
  kind: 'live',
  maxStaleMinutes: 360,
  sources: {
    firms: {
      url: firmsAreaUrl('MAP_KEY', FIRMS_VIIRS_SOURCES[0], FIRE_REGIONS[0].bbox, FIRMS_DAYS),
      sample: 'wildfire/firms-viirs-area.requests.json',
      requires: ['FIRMS_MAP_KEY'],
      // One CSV per satellite product and region (FIRMS allows 10 requests a minute per key); the
      // bodies are concatenated, the repeated header lines are skipped by the parser.
      async fetch(get, { config }) {
        if (!config.FIRMS_MAP_KEY)
          throw new Error('FIRMS_MAP_KEY is not set: live fire detections need a NASA FIRMS MAP_KEY');
        const parts: Buffer[] = [];
        for (const product of FIRMS_VIIRS_SOURCES) {
          for (const region of FIRE_REGIONS)
            parts.push(
              await get(firmsAreaUrl(config.FIRMS_MAP_KEY, product, region.bbox, FIRMS_DAYS)),
              Buffer.from('\n'),
            );
        }
        return Buffer.concat(parts);
      },
    },
  },
  // A week without a single hotspot in nine regions would mean a broken feed, so empty is refused.
  parse(payloads) {
    return { records: detectionsFromFirms(payloads.firms!) };
  },
};
