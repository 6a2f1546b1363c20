import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../../src/sources/formats/errors.js';
import { parseCalendar } from '../../../src/sources/formats/ical.js';

const ics = readFileSync(new URL('./fixtures/operations.ics', import.meta.url));
const NOV = { from: Date.UTC(2026, 10, 1), to: Date.UTC(2026, 11, 1) };
const at = (iso: string) => Date.parse(iso);

describe('parseCalendar', () => {
  const events = parseCalendar(ics, NOV);
  const standups = events.filter((e) => e.uid === 'standup@example.org');

  it('expands a weekly rule within the window, in the VTIMEZONE (CET after the October change)', () => {
    // Mondays 10:00 Berlin = 09:00 UTC; Nov 9 excluded; Nov 4 added by RDATE; Nov 16 moved to Nov 17 14:00.
    expect(standups.map((e) => new Date(e.start).toISOString())).toEqual([
      '2026-11-02T09:00:00.000Z',
      '2026-11-04T14:00:00.000Z',
      '2026-11-17T13:00:00.000Z',
      '2026-11-23T09:00:00.000Z',
      '2026-11-30T09:00:00.000Z',
    ]);
    expect(standups.every((e) => e.end - e.start === 30 * 60_000)).toBe(true);
  });

  it('uses the override for a moved occurrence and keeps the original slot as recurrenceId', () => {
    const moved = standups.find((e) => e.summary.endsWith('(moved)'))!;
    expect(moved.start).toBe(at('2026-11-17T13:00:00Z'));
    expect(moved.recurrenceId).toBe(at('2026-11-16T09:00:00Z'));
  });

  it('reads unescaped text, several CATEGORIES lines and the URL', () => {
    expect(standups[0]).toMatchObject({
      summary: 'Weekly operations call',
      description: 'Status of ingestion, then open questions.\nBring numbers.',
      location: 'Berlin',
      url: 'https://events.example.org/standup',
      categories: ['meeting', 'internal', 'ops'],
      allDay: false,
    });
  });

  it('applies summer time before the change: the October occurrences are 08:00 UTC', () => {
    const oct = parseCalendar(ics, { from: Date.UTC(2026, 9, 1), to: Date.UTC(2026, 10, 1) }).filter(
      (e) => e.uid === 'standup@example.org',
    );
    expect(oct.map((e) => e.start)).toEqual([at('2026-10-19T08:00:00Z'), at('2026-10-26T09:00:00Z')]);
  });

  it('reads an all-day event as UTC dates with an exclusive end', () => {
    const dec = parseCalendar(ics, { from: Date.UTC(2026, 11, 1), to: Date.UTC(2026, 11, 31) });
    expect(dec.find((e) => e.uid === 'summit@example.org')).toMatchObject({
      summary: 'Open Data Summit',
      location: 'Lisbon, Portugal',
      allDay: true,
      start: Date.UTC(2026, 11, 2),
      end: Date.UTC(2026, 11, 4),
    });
  });

  it('resolves a TZID the calendar does not define through the IANA database, and DURATION', () => {
    expect(events.find((e) => e.uid === 'webinar@example.org')).toMatchObject({
      start: at('2026-11-10T17:00:00Z'),
      end: at('2026-11-10T18:00:00Z'),
    });
  });

  it('reads floating times as UTC', () => {
    expect(events.find((e) => e.uid === 'floating@example.org')).toMatchObject({ start: at('2026-11-11T12:00:00Z') });
  });

  it('leaves out events outside the window and events without a start', () => {
    const uids = new Set(events.map((e) => e.uid));
    expect(uids.has('past@example.org')).toBe(false);
    expect(uids.has('nostart@example.org')).toBe(false);
    expect(uids.has('summit@example.org')).toBe(false);
  });

  it('returns events soonest first', () => {
    const starts = events.map((e) => e.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('includes an event that started before the window and is still running', () => {
    const early = parseCalendar(ics, { from: Date.UTC(2026, 11, 3), to: Date.UTC(2026, 11, 3, 12) });
    expect(early.map((e) => e.uid)).toEqual(['summit@example.org']);
  });

  it('reads a bare 8-digit DTSTART without VALUE=DATE as an all-day date', () => {
    const ics =
      'BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:b\nSUMMARY:Bare date\nDTSTART:20261105\nEND:VEVENT\nEND:VCALENDAR\n';
    expect(parseCalendar(ics, NOV)).toEqual([
      {
        uid: 'b',
        summary: 'Bare date',
        description: '',
        location: '',
        url: '',
        categories: [],
        start: Date.UTC(2026, 10, 5),
        end: Date.UTC(2026, 10, 6),
        allDay: true,
      },
    ]);
  });

  it('caps the occurrences kept per event', () => {
    const daily = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:d',
      'SUMMARY:Every minute',
      'DTSTART:20261101T000000Z',
      'RRULE:FREQ=MINUTELY',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    expect(parseCalendar(daily, NOV)).toHaveLength(1000);
    expect(parseCalendar(daily, NOV, { maxOccurrencesPerEvent: 5 })).toHaveLength(5);
  });

  it('walks a long-running rule only as far as its iteration budget', () => {
    const old = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'UID:o',
      'SUMMARY:Since 1970',
      'DTSTART:19700101T000000Z',
      'RRULE:FREQ=HOURLY',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    expect(parseCalendar(old, NOV, { maxIterationsPerEvent: 1000 })).toEqual([]);
  });

  it.each([
    ['an HTML page', '<html>busy</html>', /iCalendar: expected BEGIN:VCALENDAR/],
    ['an empty body', '', /iCalendar: expected BEGIN:VCALENDAR/],
    ['a truncated calendar', 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\n', /iCalendar: malformed calendar/],
    [
      'an unreadable date-time',
      'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:2026-11-05 10:00\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
      /iCalendar: unreadable event: /,
    ],
    [
      'a bad line',
      'BEGIN:VCALENDAR\r\nthis is not a content line\r\nEND:VCALENDAR\r\n',
      /iCalendar: malformed calendar/,
    ],
  ])('refuses %s with a FormatError', (_name, input, message) => {
    expect(() => parseCalendar(input, NOV)).toThrow(FormatError);
    expect(() => parseCalendar(input, NOV)).toThrow(message);
  });

  it('refuses a window that ends before it starts', () => {
    expect(() => parseCalendar(ics, { from: 2, to: 1 })).toThrow(RangeError);
  });
});
