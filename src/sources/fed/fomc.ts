/**
 * The Federal Reserve's FOMC meeting calendar page (HTML). Each year's panel is headed
 * "<year> FOMC Meetings" and lists meetings as a month (`March`, `Apr/May`) and days (`17-18*`,
 * `30-1`); the policy decision is announced on the last day.
 */
export const FOMC_CALENDAR_URL = 'https://www.federalreserve.gov/monetarypolicy/fomccalendars.htm';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function monthIndex(name: string): number {
  const n = name.trim().toLowerCase();
  return MONTHS.findIndex((m) => m === n || m.slice(0, 3) === n.slice(0, 3));
}

/** Decision days (YYYY-MM-DD) of every meeting on the page, in date order. */
export function parseFomcCalendar(input: Buffer | string): string[] {
  const html = typeof input === 'string' ? input : input.toString('utf8');
  const panels = html
    .split(/(?=<h4[^>]*>\s*(?:<a[^>]*>)?\s*\d{4} FOMC Meetings)/i)
    .filter((p) => /\d{4} FOMC Meetings/i.test(p));
  if (panels.length === 0) throw new Error('FOMC calendar: no "<year> FOMC Meetings" panel');
  const out: string[] = [];
  for (const panel of panels) {
    const year = Number(/(\d{4}) FOMC Meetings/i.exec(panel)![1]);
    const meeting =
      /fomc-meeting__month[^>]*>\s*(?:<strong>)?([A-Za-z/]+)(?:<\/strong>)?\s*<\/div>\s*<div[^>]*fomc-meeting__date[^>]*>\s*([\d]+(?:-\d+)?)/g;
    for (const m of panel.matchAll(meeting)) {
      const months = m[1].split('/');
      const days = m[2].split('-').map(Number);
      const month = monthIndex(months.at(-1)!);
      const day = days.at(-1)!;
      if (month < 0 || !(day >= 1 && day <= 31)) continue;
      out.push(`${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
    }
  }
  if (out.length === 0) throw new Error('FOMC calendar: no meeting found');
  return [...new Set(out)].sort();
}
