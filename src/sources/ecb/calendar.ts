/**
 * The ECB's Governing Council meeting calendar page (HTML): a definition list of dates
 * (`5 February 2026` or `05/02/2026`) and descriptions. Rate decisions come on Day 2 of a
 * monetary policy meeting.
 */
export const ECB_CALENDAR_URL = 'https://www.ecb.europa.eu/press/calendars/mgcgc/html/index.en.html';

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

function isoDate(text: string): string | undefined {
  const t = text.replace(/<[^>]+>/g, '').trim();
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (dmy) return `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}`;
  const long = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(t);
  const m = long ? MONTHS.indexOf(long[2].toLowerCase()) : -1;
  return long && m >= 0 ? `${long[3]}-${String(m + 1).padStart(2, '0')}-${long[1].padStart(2, '0')}` : undefined;
}

/** Days of monetary policy decisions (Day 2 of each monetary policy meeting), in date order. */
export function parseEcbPolicyMeetings(input: Buffer | string): string[] {
  const html = typeof input === 'string' ? input : input.toString('utf8');
  const out: string[] = [];
  for (const m of html.matchAll(/<dt[^>]*>([\s\S]*?)<\/dt>\s*<dd[^>]*>([\s\S]*?)<\/dd>/gi)) {
    const what = m[2].toLowerCase();
    if (!/(^|[^-])monetary policy meeting/.test(what) || what.includes('non-monetary') || !/day 2/.test(what)) continue;
    const date = isoDate(m[1]);
    if (date) out.push(date);
  }
  if (out.length === 0) throw new Error('ECB calendar: no monetary policy meeting found');
  return [...new Set(out)].sort();
}
