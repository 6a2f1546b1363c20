import { createHash } from 'node:crypto';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { parseCalendar, type CalendarEvent, type CalendarWindow } from '../../../sources/formats/ical.js';
import type { TechEvent } from '../schemas.js';
import { classifyEvent, geocodeCity, VIRTUAL_LOCATION } from '../rules.js';

export const TECH_EVENTS = 'research.tech-events';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The span of events worth keeping at `now`: a year back (long events still running) to two years
 * ahead (the list looks at most 365 days ahead, and the clock moves on between refreshes).
 * Recurring events are expanded within it.
 */
export function techEventsWindow(now: number): CalendarWindow {
  return { from: now - 366 * DAY, to: now + 2 * 366 * DAY };
}

/**
 * An iCalendar feed (Techmeme's events calendar) -> events within `window`, soonest first. Entries
 * without a summary or a start are skipped. An all-day end is exclusive, so the last day is the day
 * before it; timed events are dated in UTC.
 */
export function parseTechEventsIcs(input: Buffer | string, window: CalendarWindow, source = 'techmeme'): TechEvent[] {
  const seen = new Set<string>();
  return parseCalendar(input, window)
    .filter((e) => e.summary !== '')
    .map((e) => toEvent(e, source))
    .filter((e) => (seen.has(e.id) ? false : (seen.add(e.id), true)))
    .sort((a, b) =>
      a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : a.title.localeCompare(b.title, 'en'),
    );
}

function toEvent(e: CalendarEvent, source: string): TechEvent {
  const startDate = isoDay(e.start);
  const endDate = isoDay(e.allDay ? Math.max(e.start, e.end - DAY) : e.end);
  // Occurrences of one recurring event share the UID; their scheduled time tells them apart.
  const key = e.uid
    ? e.recurrenceId === undefined
      ? e.uid
      : `${e.uid}|${e.recurrenceId}`
    : `${startDate}|${e.summary}`;
  const id = `${source}-${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
  const virtual = e.location !== '' && VIRTUAL_LOCATION.test(e.location);
  const place = e.location && !virtual ? geocodeCity(e.location) : undefined;
  return {
    id,
    title: e.summary,
    type: classifyEvent(e.summary, e.categories, e.location),
    location: e.location,
    ...(virtual
      ? { coords: { country: '', original: e.location, virtual: true } }
      : place
        ? { coords: { lat: place.lat, lng: place.lng, country: place.country, original: e.location, virtual: false } }
        : {}),
    startDate,
    endDate,
    url: e.url,
    source,
    description: e.description,
  };
}

export const techEventsDataset: Dataset<TechEvent> = {
  name: TECH_EVENTS,
  source: 'Techmeme events calendar (iCalendar)',
  kind: 'live',
  maxStaleMinutes: 24 * 60,
  sources: {
    techmeme: { url: 'https://www.techmeme.com/newsy_events.ics', sample: 'research/techmeme-events.ics' },
  },
  parse(payloads, now) {
    return { records: parseTechEventsIcs(payloads.techmeme!, techEventsWindow(now)) };
  },
};
