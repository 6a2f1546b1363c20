import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { EONET_EVENTS_URL, parseEonetEvents, type EonetEvent } from '../../../sources/nasa-eonet/eonet.js';
import { averagingMinutes, basinOf, bearingDeg, saffirSimpson, speedKt, stormClass, stormNameOf } from '../rules.js';
import type { NaturalEvent } from '../schemas.js';

export const NATURAL_EVENTS = 'natural.events';

/** Fires older than this before the newest report are dropped: EONET keeps stale fire records open for weeks. */
const STALE_FIRE_MS = 48 * 3_600_000;

const NO_STORM = {
  stormId: '',
  stormName: '',
  basin: '',
  stormCategory: 0,
  classification: '',
  windKt: 0,
  pressureMb: 0,
  movementDir: 0,
  movementSpeedKt: 0,
  forecastTrack: [],
  conePolygon: [],
  pastTrack: [],
  canonicalId: '',
  matchingConfidence: '',
  canonicalAliases: [],
  windAveragingPeriodMinutes: 0,
  agencyObservations: [],
} satisfies Partial<NaturalEvent>;

export function toNaturalEvent(e: EonetEvent): NaturalEvent {
  const last = e.points.at(-1)!;
  const source = e.sources[0] ?? { id: '', url: e.link };
  const base = {
    id: e.id,
    title: e.title,
    description: e.description,
    category: e.categoryId,
    categoryTitle: e.categoryTitle,
    lat: last.lat,
    lon: last.lon,
    date: last.date,
    magnitude: last.magnitude ?? 0,
    magnitudeUnit: last.magnitudeUnit,
    sourceUrl: source.url,
    sourceName: source.id,
    closed: e.closed !== null,
  };
  if (e.categoryId !== 'severeStorms') return { ...base, ...NO_STORM };
  const kts = (m: number | null, unit: string) => (m !== null && unit.toLowerCase() === 'kts' ? Math.round(m) : 0);
  const wind = kts(last.magnitude, last.magnitudeUnit);
  const basin = basinOf(last.lat, last.lon);
  const prev = e.points.at(-2);
  const name = stormNameOf(e.title);
  const classification = stormClass(wind, basin);
  return {
    ...base,
    stormId: e.id,
    stormName: name,
    basin,
    stormCategory: saffirSimpson(wind),
    classification,
    windKt: wind,
    pressureMb: 0,
    movementDir: prev ? bearingDeg(prev.lat, prev.lon, last.lat, last.lon) : 0,
    movementSpeedKt: prev ? speedKt(prev.lat, prev.lon, prev.date, last.lat, last.lon, last.date) : 0,
    forecastTrack: [],
    conePolygon: [],
    pastTrack: e.points.map((p) => ({
      lat: p.lat,
      lon: p.lon,
      windKt: kts(p.magnitude, p.magnitudeUnit),
      timestamp: p.date,
    })),
    canonicalId: `${basin}-${name}`.toLowerCase().replace(/\s+/g, '-'),
    matchingConfidence: 'name',
    canonicalAliases: name !== e.title ? [e.title] : [],
    windAveragingPeriodMinutes: averagingMinutes(source.id),
    agencyObservations: [
      {
        agency: source.id,
        agencyId: e.id,
        observedAt: last.date,
        lat: last.lat,
        lon: last.lon,
        windKt: wind,
        windAveragingPeriodMinutes: averagingMinutes(source.id),
        pressureMb: 0,
        classification,
        status: e.closed !== null ? 'closed' : 'active',
        sourceName: source.id,
        sourceUrl: source.url,
      },
    ],
  };
}

/** EONET events -> contract events, most recently reported first, stale fires dropped. */
export function naturalEventsFromEonet(bytes: Buffer | string): NaturalEvent[] {
  const events = parseEonetEvents(bytes).map(toNaturalEvent);
  const newest = events.reduce((m, e) => Math.max(m, e.date), 0);
  return events
    .filter((e) => e.category !== 'wildfires' || newest - e.date <= STALE_FIRE_MS)
    .sort((a, b) => b.date - a.date || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export const naturalEventsDataset: Dataset<NaturalEvent> = {
  name: NATURAL_EVENTS,
  source: 'NASA EONET v3 open events',
  kind: 'live',
  maxStaleMinutes: 540,
  sources: { eonet: { url: EONET_EVENTS_URL, sample: 'natural/eonet-events.json' } },
  parse(payloads) {
    return { records: naturalEventsFromEonet(payloads.eonet!) };
  },
};
