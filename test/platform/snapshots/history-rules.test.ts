import { describe, expect, it } from 'vitest';
import { ContentHash, DAY_MS, parseInstant, versionsToPrune } from '../../../src/platform/snapshots/history.js';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
/** A history newest first: version n stopped holding `daysAgo` days before NOW (the current one at NOW). */
const history = (...daysAgo: number[]) =>
  daysAgo.map((d, i) => ({ version: daysAgo.length - i, validUntil: NOW - d * DAY_MS }));

describe('versionsToPrune: 30 days or 100 versions, whichever is smaller', () => {
  it.each([
    { what: 'keeps everything inside both limits', h: history(0, 1, 2, 3), days: 30, versions: 100, drop: [] },
    { what: 'drops versions beyond the count', h: history(0, 1, 2, 3), days: 30, versions: 2, drop: [2, 1] },
    {
      what: 'drops versions that stopped holding before the day horizon',
      h: history(0, 10, 31, 40),
      days: 30,
      versions: 100,
      drop: [2, 1],
    },
    {
      what: 'a version that held until exactly the horizon stays',
      h: history(0, 30),
      days: 30,
      versions: 100,
      drop: [],
    },
    {
      what: 'keeps the current version however old, even with no days of history',
      h: history(400, 500),
      days: 0,
      versions: 100,
      drop: [1],
    },
    { what: 'a count of one keeps the current version only', h: history(0, 0, 0), days: 30, versions: 1, drop: [2, 1] },
  ])('$what', ({ h, days, versions, drop }) => {
    expect(versionsToPrune(h, NOW, { days, versions })).toEqual(drop);
  });
});

describe('ContentHash', () => {
  const of = (rows: string[], info: string) => {
    const h = new ContentHash();
    for (const r of rows) h.row(r);
    return h.digest(info);
  };

  it('is the same for the same rows and info, and differs when either changes', () => {
    expect(of(['{"a":1}', '{"b":2}'], '{}')).toBe(of(['{"a":1}', '{"b":2}'], '{}'));
    expect(of(['{"a":1}', '{"b":2}'], '{}')).not.toBe(of(['{"b":2}', '{"a":1}'], '{}'));
    expect(of(['{"a":1}'], '{}')).not.toBe(of(['{"a":1}'], '{"year":2026}'));
  });

  it('tells a live fetch from the sample it happens to equal', () => {
    const hash = (origin: string) => {
      const h = new ContentHash();
      h.row('{"a":1}');
      return h.digest('{}', origin);
    };
    expect(hash('live')).not.toBe(hash('sample'));
  });

  it('never lets two row lists run together', () => {
    expect(of(['ab', 'c'], '{}')).not.toBe(of(['a', 'bc'], '{}'));
    expect(of([], '{}')).not.toBe(of([''], '{}'));
  });
});

describe('parseInstant: RFC 3339 or epoch milliseconds', () => {
  it.each([
    ['2026-11-20T12:00:00Z', Date.UTC(2026, 10, 20, 12)],
    ['2026-11-20T12:00:00.250Z', Date.UTC(2026, 10, 20, 12, 0, 0, 250)],
    ['2026-11-20T14:00:00+02:00', Date.UTC(2026, 10, 20, 12)],
    ['2026-11-20t12:00:00z', Date.UTC(2026, 10, 20, 12)],
    [String(Date.UTC(2026, 10, 20, 12)), Date.UTC(2026, 10, 20, 12)],
    ['0', 0],
  ])('reads %s', (text, ms) => {
    expect(parseInstant(text)).toBe(ms);
  });

  it.each([
    ['a date without a time', '2026-11-20'],
    ['a time without a zone', '2026-11-20T12:00:00'],
    ['an impossible day', '2026-02-31T12:00:00Z'],
    ['an impossible hour', '2026-11-20T25:00:00Z'],
    ['a negative number', '-5'],
    ['a fraction of a millisecond count', '1.5'],
    ['words', 'yesterday'],
  ])('refuses %s', (_what, text) => {
    expect(parseInstant(text)).toBeUndefined();
  });
});
