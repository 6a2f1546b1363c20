import { parseFeed } from '../formats/feeds.js';
import type { RawNotice } from './notice.js';

/** New Zealand Government Electronic Tenders Service, open tenders RSS (no credential). */
export const GETS_RSS_URL = 'https://www.gets.govt.nz/ExternalRSSFeed.htm';

const MONTHS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};

/** "Closing date: 11 Dec 2026 16:00" in a description, read as New Zealand daylight time (UTC+13). */
function closing(text: string): string {
  const m = /Closing date:\s*(\d{1,2}) ([A-Za-z]{3}) (\d{4})(?: (\d{2}):(\d{2}))?/i.exec(text);
  if (!m || MONTHS[m[2].toLowerCase()] === undefined) return '';
  return new Date(Date.UTC(+m[3], MONTHS[m[2].toLowerCase()], +m[1], +(m[4] ?? 17) - 13, +(m[5] ?? 0))).toISOString();
}

export function parseGets(input: Buffer | string): RawNotice[] {
  return parseFeed(input).items.map((i) => ({
    sourceNoticeId: i.id,
    title: i.title,
    description: i.summary,
    buyer: '',
    officialUrl: i.link,
    countryCode: 'NZ',
    publishedAt: i.publishedAt ? new Date(i.publishedAt).toISOString() : '',
    deadline: closing(i.summary),
    status: 'open',
    noticeType: 'tender',
    categoryCodes: [],
    sectors: i.categories,
  }));
}
