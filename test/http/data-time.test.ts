import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectOperations } from '../../src/http/operations.js';
import { appRouter } from '../../src/root/app-router.js';
import { ManualClock } from '../../src/platform/clock.js';
import { SAMPLE_NOW, startTestApp, type TestApp } from '../support/app.js';

/**
 * An answer is a function of the snapshots it reads and the request, never of the wall clock
 * (design/data-truth.md, "Time"). Every GET operation is asked the same question of two apps that
 * serve the same bundled samples: one started at the samples' capture time, one started a year
 * later, as a new user would start it. The answers must be the same bytes. Generated from the
 * router, so a new operation is covered the moment it is registered.
 */
const YEAR_MS = 365 * 86_400_000;

/** Queries for the operations that need one: ids and codes the bundled samples hold. */
const QUERIES: Record<string, string> = {
  '/api/aviation/v1/get-flight-status': 'flight_number=TK1952&date=2026-11-20',
  '/api/aviation/v1/list-airport-flights': 'airport=IST',
  '/api/aviation/v1/search-flight-prices': 'origin=IST&destination=LHR&departure_date=2026-12-01',
  '/api/infrastructure/v1/get-temporal-baseline': 'type=military_flights',
  '/api/intelligence/v1/get-country-risk': 'country_code=UA',
  '/api/intelligence/v1/get-country-facts': 'country_code=FR',
  '/api/intelligence/v1/search-sec-filings': 'query=8-K',
  '/api/intelligence/v1/search-gdelt-documents': 'query=military',
  '/api/intelligence/v1/classify-event': 'title=Missile%20strike%20on%20port%20facilities',
  '/api/intelligence/v1/get-country-intel-brief': 'country_code=UA',
  '/api/military/v1/get-defense-industrial-base': 'country_code=US',
  '/api/military/v1/get-aircraft-details': 'icao24=ae1460',
  '/api/military/v1/get-wingbits-live-flight': 'icao24=ae1460',
  '/api/v2/shipping/route-intelligence': 'fromIso2=CN&toIso2=DE',
  '/api/supply-chain/v1/get-chokepoint-history': 'chokepointId=hormuz_strait',
  '/api/supply-chain/v1/get-storage-facility-detail': 'facilityId=rehden',
  '/api/supply-chain/v1/get-pipeline-detail': 'pipelineId=nord_stream_1',
  '/api/supply-chain/v1/get-fuel-shortage-detail': 'shortageId=cu-diesel-2024',
  '/api/supply-chain/v1/get-country-cost-shock': 'iso2=DE&chokepointId=hormuz_strait',
  '/api/supply-chain/v1/get-bypass-options': 'chokepointId=suez',
  '/api/supply-chain/v1/get-route-explorer-lane': 'fromIso2=CN&toIso2=DE',
  '/api/supply-chain/v1/get-country-products': 'iso2=DE',
  '/api/supply-chain/v1/get-country-chokepoint-index': 'iso2=DE',
  '/api/supply-chain/v1/get-sector-dependency': 'iso2=DE',
  '/api/supply-chain/v1/get-multi-sector-cost-shock': 'iso2=DE&chokepointId=hormuz_strait',
  '/api/supply-chain/v1/get-route-impact': 'fromIso2=CN&toIso2=DE',
};

/**
 * Operations whose question is about now (design/data-truth.md: the wall clock enters only there),
 * each with why. Their answers are still asked for, to prove they do not fail a year on.
 */
const ABOUT_NOW: Record<string, string> = {
  '/api/resilience/v1/get-runtime-manifest':
    'says whether each resilience dataset is within its staleness limit now, as health does (no-store)',
};

const OPERATIONS = [...collectOperations(appRouter).values()]
  .filter((op) => op.method === 'GET' && op.path.startsWith('/api/'))
  .map((op) => (QUERIES[op.path] ? `${op.path}?${QUERIES[op.path]}` : op.path));

let atCapture: TestApp;
let yearLater: TestApp;
beforeAll(async () => {
  // One after the other: each loads every bundled sample.
  atCapture = await startTestApp({ clock: new ManualClock(SAMPLE_NOW) });
  yearLater = await startTestApp({ clock: new ManualClock(SAMPLE_NOW + YEAR_MS) });
}, 240_000);
afterAll(async () => {
  await atCapture?.close();
  await yearLater?.close();
});

it('asks every GET operation, and most answer with data at capture time', async () => {
  expect(OPERATIONS.length).toBeGreaterThan(150);
});

/** Answers that carried data (a 200 with a Last-Modified) at capture time: counted at the end. */
const dated: string[] = [];

describe.each(OPERATIONS)('GET %s', (url) => {
  it('answers the same bytes a year after the samples were captured', async () => {
    const then = await atCapture.get(url);
    const later = await yearLater.get(url);
    const path = url.split('?')[0];
    if (ABOUT_NOW[path]) return void expect(later.status).toBe(then.status);
    expect(later.status, later.text.slice(0, 300)).toBe(then.status);
    expect(later.text === then.text, difference(then.text, later.text)).toBe(true);
    // Dated by the data in both: the header is there a year on exactly when it was at capture.
    expect(later.headers.has('last-modified')).toBe(then.headers.has('last-modified'));
    if (then.status === 200 && then.headers.has('last-modified')) dated.push(url);
  });
});

describe('Last-Modified', () => {
  it('dates an answer by the capture of the snapshots it read, not by the clock', async () => {
    for (const app of [atCapture, yearLater]) {
      const res = await app.get('/api/infrastructure/v1/get-cable-health');
      // db/samples/captures.json: infrastructure.cable-warnings was captured at 2026-11-20T12:00Z.
      expect(res.headers.get('last-modified')).toBe('Fri, 20 Nov 2026 12:00:00 GMT');
      // Remembered answers carry it too.
      expect((await app.get('/api/infrastructure/v1/get-cable-health')).headers.get('last-modified')).toBe(
        'Fri, 20 Nov 2026 12:00:00 GMT',
      );
    }
  });

  it('is carried by nearly every operation answer', () => {
    // The rest read no snapshot (live lookups that are not configured here, or answers from code alone).
    expect(dated.length).toBeGreaterThan(150);
  });
});

/** Where two answers part, with a little context either side (a whole body would drown the report). */
function difference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 120);
  return `answers part at character ${i}:\n  at capture: …${a.slice(from, i + 120)}\n  a year on:  …${b.slice(from, i + 120)}`;
}
