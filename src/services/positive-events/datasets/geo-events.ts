import type { Dataset, DatasetSource } from '../../../platform/snapshots/dataset.js';
import { gkgFileUrl, gkgSlot, parseGkgZip, type GkgRecord } from '../../../sources/gdelt/gkg.js';
import {
  aggregatePositive,
  isPositive,
  MAX_GEO_RECORDS,
  WINDOW_MS,
  type PositiveGeoEvent,
  type PositiveRecord,
} from '../rules.js';

export const POSITIVE_GEO_EVENTS = 'positive-events.geo';

/** The eight 15-minute GKG files of the last two hours; the newest must be there, older ones may be missing. */
const SAMPLE_SLOTS = [
  '20261120120000',
  '20261120114500',
  '20261120113000',
  '20261120111500',
  '20261120110000',
  '20261120104500',
  '20261120103000',
  '20261120101500',
];

function slotSource(back: number): DatasetSource {
  return {
    // Documents the address at the sample's moment (a fixed example, so the README table is stable); urlAt gives the live one.
    url: gkgFileUrl(gkgSlot(Date.UTC(2026, 10, 20, 12), back)),
    urlAt: (now) => gkgFileUrl(gkgSlot(now, back)),
    sample: `positive-events/${SAMPLE_SLOTS[back]}.gkg.csv.zip`,
    optional: back > 0,
  };
}

/** Positive, geolocated records of the two hours up to the newest record, at most 5000. */
export function positiveRecords(records: readonly GkgRecord[]): PositiveRecord[] {
  const newest = records.reduce((m, r) => Math.max(m, r.date), 0);
  const out: PositiveRecord[] = [];
  for (const r of records) {
    if (out.length >= MAX_GEO_RECORDS) break;
    const loc = r.locations[0];
    if (!loc || r.date < newest - WINDOW_MS || !isPositive(r.tone, r.themes)) continue;
    out.push({ url: r.url, date: r.date, title: r.title, place: loc.name, lat: loc.lat, lon: loc.lon });
  }
  return out;
}

export const positiveGeoEventsDataset: Dataset<PositiveGeoEvent> = {
  name: POSITIVE_GEO_EVENTS,
  source: 'GDELT 2.0 Global Knowledge Graph',
  kind: 'live',
  maxStaleMinutes: 60,
  allowEmpty: true,
  sources: Object.fromEntries(SAMPLE_SLOTS.map((_, back) => [`slot${back}`, slotSource(back)])),
  parse(payloads) {
    const records: GkgRecord[] = [];
    for (let back = 0; back < SAMPLE_SLOTS.length; back++) {
      const bytes = payloads[`slot${back}`];
      if (bytes) records.push(...parseGkgZip(bytes));
    }
    return { records: aggregatePositive(positiveRecords(records)) };
  },
};
