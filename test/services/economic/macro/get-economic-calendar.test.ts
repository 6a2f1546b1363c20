import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import { economicCalendarDataset } from '../../../../src/services/economic/macro/datasets/economic-calendar.js';
import { parseEcbPolicyMeetings } from '../../../../src/sources/ecb/calendar.js';
import { parseFomcCalendar } from '../../../../src/sources/fed/fomc.js';

const PATH = '/api/economic/v1/get-economic-calendar';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [economicCalendarDataset], clock: new ManualClock(SAMPLE_NOW) });
});
afterAll(() => app.close());

const brief = (e: { date: string; event: string; country: string }) => `${e.date} ${e.country} ${e.event}`;

describe('GET get-economic-calendar', () => {
  it('lists the events from yesterday to 31 days ahead by default, in date order', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fromDate: '2026-11-19', toDate: '2026-12-21', total: 9, unavailable: false });
    expect(res.body.events.map(brief)).toEqual([
      '2026-11-25 US PCE', // the day before Thanksgiving
      '2026-12-02 EU EU Unemployment Rate',
      '2026-12-04 EA Euro Area GDP',
      '2026-12-04 US Nonfarm Payrolls',
      '2026-12-09 US FOMC Rate Decision',
      '2026-12-10 US CPI',
      '2026-12-16 US Retail Sales',
      '2026-12-17 EU ECB Rate Decision',
      '2026-12-17 EU EU HICP (CPI)',
    ]);
    expect(res.body.events[4]).toEqual({
      event: 'FOMC Rate Decision',
      country: 'US',
      date: '2026-12-09',
      impact: 'high',
      actual: '',
      estimate: '',
      previous: '',
      unit: '',
    });
    expect(res.headers.get('cache-control')).toMatch(/max-age=300/);
  });

  it('narrows to the dates asked for, inclusive', async () => {
    const res = await app.get(`${PATH}?fromDate=2026-03-01&toDate=2026-03-31`);
    expect(res.body.events.map(brief)).toEqual(['2026-03-18 US FOMC Rate Decision', '2026-03-19 EU ECB Rate Decision']);
    expect(res.body.total).toBe(2);
  });

  it('refuses malformed and impossible dates, and a window that ends before it starts', async () => {
    expectViolation(await app.get(`${PATH}?fromDate=2026-13-01`), 'fromDate');
    expectViolation(await app.get(`${PATH}?toDate=2026-02-30`), 'toDate');
    expectViolation(await app.get(`${PATH}?fromDate=20261201`), 'fromDate');
    expectViolation(await app.get(`${PATH}?fromDate=2026-12-10&toDate=2026-12-01`), 'toDate');
  });
});

describe('calendar page parsing', () => {
  it('takes the last day of each FOMC meeting, across a month boundary too', () => {
    const html =
      '<h4><a id="1">2027 FOMC Meetings</a></h4><div class="fomc-meeting__month col"><strong>Apr/May</strong></div><div class="fomc-meeting__date col">30-1</div>';
    expect(parseFomcCalendar(html)).toEqual(['2027-05-01']);
    expect(() => parseFomcCalendar('<html>Access denied</html>')).toThrow(/FOMC Meetings/);
  });

  it('keeps day 2 of ECB monetary policy meetings only', () => {
    const html =
      '<dl><dt>05/02/2026</dt><dd>Monetary policy meeting, Day 2</dd><dt>4 February 2026</dt><dd>Monetary policy meeting, Day 1</dd><dt>25 March 2026</dt><dd>Non-monetary policy meeting, Day 2</dd></dl>';
    expect(parseEcbPolicyMeetings(html)).toEqual(['2026-02-05']);
    expect(() => parseEcbPolicyMeetings('<dl></dl>')).toThrow(/no monetary policy meeting/);
  });
});

describe('get-economic-calendar without a snapshot', () => {
  it('echoes the window, unavailable and uncached', async () => {
    await withTestApp({ samples: 'none', clock: new ManualClock(SAMPLE_NOW) }, async (empty) => {
      const res = await empty.get(`${PATH}?fromDate=2026-12-01`);
      expect(res.body).toEqual({
        events: [],
        fromDate: '2026-12-01',
        // Without a calendar there is no capture to measure the default end from.
        toDate: '',
        total: 0,
        unavailable: true,
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
