import type { Dataset, DatasetSource } from '../../../../platform/snapshots/dataset.js';
import { ECB_CALENDAR_URL, parseEcbPolicyMeetings } from '../../../../sources/ecb/calendar.js';
import { eurostatDataUrl, plannedDissemination } from '../../../../sources/eurostat/client.js';
import { FOMC_CALENDAR_URL, parseFomcCalendar } from '../../../../sources/fed/fomc.js';
import { fredReleaseDatesUrl, parseFredReleaseDates, withFredKey } from '../../../../sources/fred/client.js';
import { CALENDAR_EUROSTAT, CALENDAR_FRED_RELEASES, type CalendarEvent } from '../rules.js';

export const ECONOMIC_CALENDAR = 'economic.economic-calendar';

const sources: Record<string, DatasetSource> = {
  fomc: { url: FOMC_CALENDAR_URL, sample: 'economic/calendar/fomc-calendars.html', optional: true },
  ecb: { url: ECB_CALENDAR_URL, sample: 'economic/calendar/ecb-governing-council-calendar.html', optional: true },
};
for (const e of CALENDAR_EUROSTAT) {
  sources[`eurostat-${e.dataset}`] = {
    url: eurostatDataUrl(e.dataset, {}, 1),
    sample: `economic/eurostat/${e.dataset}.json`,
    optional: true,
  };
}
for (const r of CALENDAR_FRED_RELEASES) {
  const url = fredReleaseDatesUrl(r.releaseId);
  sources[`fred-${r.releaseId}`] = {
    url,
    sample: `economic/calendar/fred-release-dates-${r.releaseId}.json`,
    optional: true,
    requires: ['FRED_API_KEY'],
    fetch: (get, { config }) => get(withFredKey(url, config)),
  };
}

/**
 * Scheduled releases and rate decisions from every source that answered, in date order: FOMC and
 * ECB decision days, Eurostat's next planned releases, FRED's release calendar for five US prints.
 */
export function buildCalendar(payloads: Partial<Record<string, Buffer>>): CalendarEvent[] {
  const out: CalendarEvent[] = [];
  if (payloads.fomc)
    for (const date of parseFomcCalendar(payloads.fomc))
      out.push({ event: 'FOMC Rate Decision', country: 'US', date, impact: 'high', unit: '' });
  if (payloads.ecb)
    for (const date of parseEcbPolicyMeetings(payloads.ecb))
      out.push({ event: 'ECB Rate Decision', country: 'EU', date, impact: 'high', unit: '' });
  for (const e of CALENDAR_EUROSTAT) {
    const bytes = payloads[`eurostat-${e.dataset}`];
    const date = bytes ? plannedDissemination(bytes) : undefined;
    if (date) out.push({ event: e.event, country: e.country, date, impact: e.impact, unit: '%' });
  }
  for (const r of CALENDAR_FRED_RELEASES) {
    const bytes = payloads[`fred-${r.releaseId}`];
    if (bytes)
      for (const date of parseFredReleaseDates(bytes))
        out.push({ event: r.event, country: 'US', date, impact: 'high', unit: r.unit });
  }
  if (out.length === 0) throw new Error('economic calendar: no source gave an event');
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.event < b.event ? -1 : 1));
}

export const economicCalendarDataset: Dataset<CalendarEvent> = {
  name: ECONOMIC_CALENDAR,
  source:
    'Federal Reserve FOMC calendar, ECB Governing Council calendar, Eurostat release schedule, FRED release dates',
  kind: 'live',
  maxStaleMinutes: 1_440,
  sources,
  parse: (payloads) => ({ records: buildCalendar(payloads) }),
};
