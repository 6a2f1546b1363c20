import { createHash } from 'node:crypto';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import type { TechEvent } from '../schemas.js';
import { classifyEvent, geocodeCity, VIRTUAL_LOCATION } from '../rules.js';

export const TECH_EVENTS = 'research.tech-events';

/** One content line of an iCalendar stream: name, parameters and raw value. */
interface Property {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** RFC 5545 §3.1: a line starting with a space or tab continues the previous one. */
function unfold(text: string): string[] {
  return text.replace(/\r\n/g, '\n').replace(/\r/g, '\n').replace(/\n[ \t]/g, '').split('\n');
}

function parseLine(line: string): Property | undefined {
  let inQuotes = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') inQuotes = !inQuotes;
    else if (line[i] === ':' && !inQuotes) {
      colon = i;
      break;
    }
  }
  if (colon <= 0) return undefined;
  const [name, ...rawParams] = line.slice(0, colon).split(';');
  const params: Record<string, string> = {};
  for (const p of rawParams) {
    const eq = p.indexOf('=');
    if (eq > 0) params[p.slice(0, eq).toUpperCase()] = p.slice(eq + 1).replace(/^"|"$/g, '');
  }
  return { name: name.toUpperCase(), params, value: line.slice(colon + 1) };
}

/** RFC 5545 TEXT escapes: \n, \, \; and \\. */
function unescapeText(v: string): string {
  return v.replace(/\\([nN,;\\])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c)).trim();
}

/** Calendar date of a DATE or DATE-TIME value (a `Z` time is read in UTC, a local time as written). */
function dateOf(v: string): string | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?(Z)?)?$/.exec(v.trim());
  if (!m) return undefined;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], m[4] ? +m[4] : 0, m[5] ? +m[5] : 0));
  if (d.getUTCMonth() !== +m[2] - 1) return undefined; // 20261331 and the like
  return d.toISOString().slice(0, 10);
}

function previousDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * An iCalendar feed (Techmeme's events calendar) -> events soonest first. Entries without a
 * summary or a readable start are skipped. An all-day DTEND is exclusive, so the last day is the
 * day before it.
 */
export function parseTechEventsIcs(bytes: Buffer, source = 'techmeme'): TechEvent[] {
  const lines = unfold(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  if (!lines.some((l) => l.trim().toUpperCase() === 'BEGIN:VCALENDAR')) throw new Error('events feed is not an iCalendar document');
  const events: TechEvent[] = [];
  let current: Property[] | undefined;
  for (const line of lines) {
    const upper = line.trim().toUpperCase();
    if (upper === 'BEGIN:VEVENT') current = [];
    else if (upper === 'END:VEVENT') {
      if (current) {
        const ev = toEvent(current, source);
        if (ev) events.push(ev);
      }
      current = undefined;
    } else if (current) {
      const p = parseLine(line);
      if (p) current.push(p);
    }
  }
  const seen = new Set<string>();
  return events
    .filter((e) => (seen.has(e.id) ? false : (seen.add(e.id), true)))
    .sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : a.title.localeCompare(b.title, 'en')));
}

function toEvent(props: Property[], source: string): TechEvent | undefined {
  const get = (name: string) => props.find((p) => p.name === name);
  const title = unescapeText(get('SUMMARY')?.value ?? '');
  const start = get('DTSTART');
  const startDate = start ? dateOf(start.value) : undefined;
  if (!title || !startDate) return undefined;
  const end = get('DTEND');
  let endDate = end ? dateOf(end.value) : undefined;
  const allDay = start!.params.VALUE === 'DATE' || /^\d{8}$/.test(start!.value.trim());
  if (endDate && allDay) endDate = previousDay(endDate);
  if (!endDate || endDate < startDate) endDate = startDate;
  const location = unescapeText(get('LOCATION')?.value ?? '');
  const categories = props.filter((p) => p.name === 'CATEGORIES').flatMap((p) => p.value.split(',')).map(unescapeText);
  const uid = unescapeText(get('UID')?.value ?? '');
  const id = `${source}-${createHash('sha1').update(uid || `${startDate}|${title}`).digest('hex').slice(0, 16)}`;
  const virtual = location !== '' && VIRTUAL_LOCATION.test(location);
  const place = location && !virtual ? geocodeCity(location) : undefined;
  return {
    id,
    title,
    type: classifyEvent(title, categories, location),
    location,
    ...(virtual
      ? { coords: { country: '', original: location, virtual: true } }
      : place
        ? { coords: { lat: place.lat, lng: place.lng, country: place.country, original: location, virtual: false } }
        : {}),
    startDate,
    endDate,
    url: unescapeText(get('URL')?.value ?? ''),
    source,
    description: unescapeText(get('DESCRIPTION')?.value ?? ''),
  };
}

export const techEventsDataset: Dataset<TechEvent> = {
  name: TECH_EVENTS,
  source: 'Techmeme events calendar (iCalendar)',
  maxStaleMinutes: 24 * 60,
  sources: {
    techmeme: { url: 'https://www.techmeme.com/newsy_events.ics', sample: 'research/techmeme-events.ics' },
  },
  parse(payloads) {
    return { records: parseTechEventsIcs(payloads.techmeme!) };
  },
};
