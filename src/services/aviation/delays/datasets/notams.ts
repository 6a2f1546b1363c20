import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import type { NotamRecord } from '../notam-rules.js';

export const NOTAMS = 'aviation.notams';
const NOTAM_URL = 'https://dataservices.icao.int/api/notams-realtime-list';

const Row = z.object({
  id: z.string().min(1),
  location: z.string().regex(/^[A-Z]{4}$/),
  code23: z.string().default(''),
  code45: z.string().default(''),
  message: z.string().default(''),
  startdate: z.string().nullable().optional(),
  enddate: z.string().nullable().optional(),
});

/** ICAO NOTAM realtime list -> NOTAMs still in force at `now` (expired ones are dropped). */
export function parseNotams(bytes: Buffer, now: number): NotamRecord[] {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`ICAO NOTAM list is not JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(json)) throw new Error('ICAO NOTAM list is not an array');
  const out: NotamRecord[] = [];
  for (const raw of json) {
    const r = Row.safeParse(raw);
    if (!r.success) continue;
    const start = Date.parse(r.data.startdate ?? '');
    const end = r.data.enddate ? Date.parse(r.data.enddate) : 0;
    if (!Number.isFinite(start) || !Number.isFinite(end) || (end !== 0 && end < now)) continue;
    out.push({
      id: r.data.id,
      icao: r.data.location,
      code23: r.data.code23.toUpperCase(),
      code45: r.data.code45.toUpperCase(),
      text: r.data.message,
      start,
      end,
    });
  }
  return out;
}

export const notamsDataset: Dataset<NotamRecord> = {
  name: NOTAMS,
  source: 'ICAO NOTAM realtime list (needs ICAO_API_KEY)',
  kind: 'live',
  maxStaleMinutes: 120,
  // A quiet day at the watched aerodromes has no NOTAM in force.
  allowEmpty: true,
  minRetainedRatio: 0,
  sources: {
    notams: {
      url: `${NOTAM_URL}?format=json`,
      sample: 'aviation/icao-notams.json',
      requires: ['ICAO_API_KEY'],
      // ICAO takes its key as a query parameter.
      fetch: (get, { config }) =>
        get(`${NOTAM_URL}?format=json&api_key=${encodeURIComponent(config.ICAO_API_KEY ?? '')}`),
    },
  },
  parse(payloads, now) {
    return { records: parseNotams(payloads.notams!, now) };
  },
};
