import { FormatError } from '../formats/errors.js';

/**
 * Think Global Health's vaccine-preventable disease tracker (Council on Foreign Relations, no key):
 * the site's webpack bundle on GitHub, whose alert table is a JSON array inside a module's source
 * string (`var res = [...]`, JSON-quoted), never run here: it is only read as text. The
 * repository's default branch is `master`.
 */
export const TGH_TRACKER_BUNDLE_URL =
  'https://raw.githubusercontent.com/thinkglobalhealth/disease_tracker/master/index_bundle.js';

/** One geolocated alert of the tracker (ProMED-sourced). */
export interface TrackerAlert {
  alertId: string;
  lat: number;
  lng: number;
  disease: string;
  /** Often `City, District, Country`. */
  placeName: string;
  country: string;
  /** The alert's date, epoch ms (midnight UTC). */
  date: number;
  /** Cases the alert reports, or 0 when it states none. */
  cases: number;
  link: string;
  summary: string;
}

const MARKER = 'var res = [{\\"Alert_ID\\"';

/**
 * The escaped text of the alert array: from its `[` to the matching `]`, scanning the module string
 * as written (quotes inside it are `\"`, so a bracket inside a quoted value does not count).
 */
function escapedAlertArray(bundle: string): string {
  const at = bundle.indexOf(MARKER);
  if (at === -1) throw new FormatError('Think Global Health tracker', 'no alert table (Alert_ID) in the bundle');
  const open = at + 'var res = '.length;
  let depth = 0;
  let quoted = false;
  for (let i = open; i < bundle.length; i++) {
    const ch = bundle[i];
    if (ch === '\\') {
      // An escape in the module string: `\"` opens or closes a JSON string, anything else is skipped.
      if (bundle[i + 1] === '"') quoted = !quoted;
      i += bundle[i + 1] === 'u' ? 5 : 1;
      continue;
    }
    if (quoted) continue;
    if (ch === '[') depth++;
    else if (ch === ']' && --depth === 0) return bundle.slice(open, i + 1);
  }
  throw new FormatError('Think Global Health tracker', 'the alert table never closes');
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** index_bundle.js -> the alerts that have coordinates, a disease and a date. */
export function parseTrackerAlerts(input: Buffer | string): TrackerAlert[] {
  const bundle = typeof input === 'string' ? input : input.toString('utf8');
  let rows: unknown;
  try {
    // The slice is the body of a JS string literal: unescape it, then read the JSON inside.
    rows = JSON.parse(JSON.parse(`"${escapedAlertArray(bundle)}"`) as string);
  } catch (err) {
    if (err instanceof FormatError) throw err;
    throw new FormatError('Think Global Health tracker', `alert table is not JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(rows)) throw new FormatError('Think Global Health tracker', 'alert table is not a list');
  return rows.flatMap((raw) => {
    if (!raw || typeof raw !== 'object') return [];
    const r = raw as Record<string, unknown>;
    const lat = Number.parseFloat(text(r.lat));
    const lng = Number.parseFloat(text(r.lng));
    const date = Date.parse(text(r.date));
    const disease = text(r.diseases);
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || !Number.isFinite(date) || !disease) return [];
    const cases = Number.parseInt(text(r.cases).replace(/,/g, ''), 10);
    return [
      {
        alertId: text(r.Alert_ID),
        lat,
        lng,
        disease,
        placeName: text(r.place_name),
        country: text(r.country),
        date,
        cases: Number.isSafeInteger(cases) && cases >= 0 ? cases : 0,
        link: text(r.link),
        summary: text(r.summary),
      },
    ];
  });
}
