import { unzipSync } from 'fflate';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { GEONAMES_CITIES_URL, parseGeoNamesCities } from '../../../../sources/geonames/cities.js';
import type { Place } from '../rules.js';

export const GAZETTEER = 'infrastructure.gazetteer';

/** The dump is served as a zip holding one `.txt`; a plain text body (the bundled sample) is read as is. */
function textOf(bytes: Buffer): Buffer {
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) return bytes;
  const entries = Object.entries(unzipSync(bytes)).filter(([name]) => name.endsWith('.txt'));
  if (entries.length === 0) throw new Error('GeoNames archive holds no .txt dump');
  return Buffer.from(entries[0][1]);
}

export const gazetteerDataset: Dataset<Place> = {
  name: GAZETTEER,
  source: 'GeoNames cities gazetteer (CC BY 4.0)',
  kind: 'live',
  maxStaleMinutes: 90 * 24 * 60,
  sources: { geonames: { url: GEONAMES_CITIES_URL, sample: 'infrastructure/geonames-cities-sample.txt' } },
  parse(payloads) {
    const places = parseGeoNamesCities(textOf(payloads.geonames!)).map((p) => ({
      name: p.name,
      lat: p.lat,
      lon: p.lon,
      countryCode: p.countryCode,
      population: p.population,
    }));
    return { records: places };
  },
};
