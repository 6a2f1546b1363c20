import ICAL from 'ical.js';
import { decodeText, FormatError, headOf } from './errors.js';

export interface CalendarEvent {
  uid: string;
  summary: string;
  description: string;
  location: string;
  url: string;
  categories: string[];
  /** Epoch ms. All-day events start at 00:00 UTC of their date. */
  start: number;
  /** Epoch ms, exclusive (an all-day event on one date ends at 00:00 UTC of the next). */
  end: number;
  allDay: boolean;
  /** For an occurrence of a recurring event: the epoch ms it was scheduled at (extra to the shared API). */
  recurrenceId?: number;
}

export interface CalendarWindow {
  from: number;
  to: number;
}

export interface CalendarOptions {
  /** Occurrences kept per recurring event within the window (default 1000). */
  maxOccurrencesPerEvent?: number;
  /** Recurrence steps walked per event before giving up, so a rule from 1970 cannot pin the CPU (default 100000). */
  maxIterationsPerEvent?: number;
}

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;

/** Wall-clock fields read in `zone` (an IANA name) -> epoch ms, or undefined when the zone is unknown. */
function wallClockInZone(t: Time, zone: string): number | undefined {
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    return undefined;
  }
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  const offsetAt = (ms: number) => {
    const p = Object.fromEntries(fmt.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
    return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - ms;
  };
  // Two passes settle the offset either side of a transition.
  let guess = asUtc - offsetAt(asUtc);
  guess = asUtc - offsetAt(guess);
  return guess;
}

/**
 * A Time as epoch ms: UTC and zones defined by the calendar's VTIMEZONEs through ical.js; a TZID
 * the calendar does not define but the runtime knows (IANA) through Intl; floating times as UTC.
 */
function epochOf(t: Time, tzid: string | undefined): number {
  if (t.isDate) return Date.UTC(t.year, t.month - 1, t.day);
  const zone = t.zone;
  if (zone && zone !== ICAL.Timezone.localTimezone) return t.toUnixTime() * 1000;
  if (tzid) {
    const ms = wallClockInZone(t, tzid);
    if (ms !== undefined) return ms;
  }
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
}

function tzidOf(comp: Component, prop: string): string | undefined {
  const p = comp.getFirstProperty(prop);
  const v = p?.getParameter('tzid');
  return typeof v === 'string' ? v : undefined;
}

function textProp(comp: Component, name: string): string {
  const v = comp.getFirstPropertyValue(name);
  return v === null || v === undefined ? '' : String(v).trim();
}

function categoriesOf(comp: Component): string[] {
  const out = comp
    .getAllProperties('categories')
    .flatMap((p) => p.getValues())
    .map((v) => String(v).trim())
    .filter(Boolean);
  return [...new Set(out)];
}

/**
 * A bare 8-digit value (`DTSTART:20270101`) without `VALUE=DATE` is a date in every calendar
 * program that writes it; ical.js would read it as a broken date-time, so the parameter is added.
 */
function asDateWhereBare(text: string): string {
  return text.replace(
    /^(DTSTART|DTEND|RECURRENCE-ID|EXDATE|RDATE)((?:;[^:\r\n]*)?):(\d{8})(?=\r?$)/gim,
    (whole, name: string, params: string, value: string) =>
      /;VALUE=/i.test(params) ? whole : `${name}${params};VALUE=DATE:${value}`,
  );
}

const overlaps = (start: number, end: number, w: CalendarWindow) =>
  start < w.to && (end > w.from || (end <= start && start >= w.from));

/**
 * An iCalendar document -> the events that touch `window` ([from, to) in epoch ms), soonest first.
 * Recurring events (RRULE, RDATE, EXDATE, RECURRENCE-ID overrides) are expanded within the window,
 * at most `maxOccurrencesPerEvent` each; times are resolved with the calendar's VTIMEZONEs.
 */
export function parseCalendar(
  input: Buffer | string,
  window: CalendarWindow,
  opts: CalendarOptions = {},
): CalendarEvent[] {
  if (!Number.isFinite(window.from) || !Number.isFinite(window.to) || window.from > window.to) {
    throw new RangeError(`calendar window must be finite with from <= to, got ${window.from}..${window.to}`);
  }
  const text = decodeText(input);
  if (!/^\s*BEGIN:VCALENDAR/i.test(text))
    throw new FormatError('iCalendar', `expected BEGIN:VCALENDAR, document starts with "${headOf(text)}"`);
  let jcal: unknown;
  try {
    jcal = ICAL.parse(asDateWhereBare(text));
  } catch (err) {
    throw new FormatError('iCalendar', `malformed calendar: ${(err as Error).message}`, { cause: err });
  }
  const roots = (Array.isArray(jcal) && Array.isArray(jcal[0]) ? jcal : [jcal]) as unknown[];
  const maxOcc = opts.maxOccurrencesPerEvent ?? 1000;
  const maxIter = opts.maxIterationsPerEvent ?? 100_000;
  const out: CalendarEvent[] = [];
  for (const raw of roots) {
    try {
      readRoot(raw, window, maxOcc, maxIter, out);
    } catch (err) {
      if (err instanceof FormatError) throw err;
      // ical.js decodes values lazily, so a bad date surfaces here rather than in ICAL.parse.
      throw new FormatError('iCalendar', `unreadable event: ${(err as Error).message}`, { cause: err });
    }
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
}

function readRoot(raw: unknown, window: CalendarWindow, maxOcc: number, maxIter: number, out: CalendarEvent[]): void {
  const cal = new ICAL.Component(raw as unknown[]);
  const vevents = cal.getAllSubcomponents('vevent');
  // Overrides (RECURRENCE-ID) attach to their master by UID.
  const masters = new Map<string, InstanceType<typeof ICAL.Event>>();
  const overrides: Component[] = [];
  const standalone: InstanceType<typeof ICAL.Event>[] = [];
  for (const comp of vevents) {
    if (!comp.getFirstProperty('dtstart')) continue; // not placeable in time
    if (comp.hasProperty('recurrence-id')) {
      overrides.push(comp);
      continue;
    }
    const ev = new ICAL.Event(comp);
    if (ev.isRecurring() && ev.uid) masters.set(ev.uid, ev);
    else standalone.push(ev);
  }
  for (const o of overrides) {
    const uid = textProp(o, 'uid');
    const master = masters.get(uid);
    if (master) master.relateException(o);
    else standalone.push(new ICAL.Event(o)); // an override whose series is not here still happened
  }
  for (const ev of standalone) {
    const e = toEvent(
      ev.component,
      ev.startDate,
      ev.endDate,
      tzidOf(ev.component, 'dtstart'),
      tzidOf(ev.component, ev.component.hasProperty('dtend') ? 'dtend' : 'dtstart'),
    );
    if (overlaps(e.start, e.end, window)) out.push(e);
  }
  for (const ev of masters.values()) expand(ev, window, maxOcc, maxIter, out);
}

function expand(
  ev: InstanceType<typeof ICAL.Event>,
  window: CalendarWindow,
  maxOcc: number,
  maxIter: number,
  out: CalendarEvent[],
): void {
  const startTz = tzidOf(ev.component, 'dtstart');
  let it;
  try {
    it = ev.iterator();
  } catch (err) {
    throw new FormatError('iCalendar', `event ${ev.uid}: unreadable recurrence rule: ${(err as Error).message}`, {
      cause: err,
    });
  }
  let kept = 0;
  for (let i = 0; i < maxIter && kept < maxOcc; i++) {
    const next = it.next();
    if (!next) break;
    const occurrenceMs = epochOf(next, startTz);
    // Overridden occurrences may move later, so only stop well past the window end.
    if (occurrenceMs >= window.to && Object.keys(ev.exceptions).length === 0) break;
    const d = ev.getOccurrenceDetails(next);
    const comp = d.item.component;
    const e = toEvent(
      comp,
      d.startDate,
      d.endDate,
      tzidOf(comp, 'dtstart'),
      tzidOf(comp, comp.hasProperty('dtend') ? 'dtend' : 'dtstart'),
    );
    e.recurrenceId = occurrenceMs;
    if (comp.getFirstPropertyValue('status') === 'CANCELLED' && comp !== ev.component) continue;
    if (overlaps(e.start, e.end, window)) {
      out.push(e);
      kept++;
    }
    if (occurrenceMs >= window.to + 366 * 86_400_000) break;
  }
}

function toEvent(
  comp: Component,
  start: Time,
  end: Time,
  startTz: string | undefined,
  endTz: string | undefined,
): CalendarEvent {
  const s = epochOf(start, startTz);
  let e = epochOf(end, endTz);
  if (!(e >= s)) e = s;
  return {
    uid: textProp(comp, 'uid'),
    summary: textProp(comp, 'summary'),
    description: textProp(comp, 'description'),
    location: textProp(comp, 'location'),
    url: textProp(comp, 'url'),
    categories: categoriesOf(comp),
    start: s,
    end: e,
    allDay: start.isDate,
  };
}
