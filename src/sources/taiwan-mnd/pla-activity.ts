import { FormatError } from '../formats/errors.js';

/**
 * Taiwan Ministry of National Defense, English list of daily "PLA activities in the waters and
 * airspace around Taiwan" reports (HTML). Each list entry carries the report date, its link and the
 * summary sentence with the counts detected up to 6 a.m. (UTC+8).
 */
export const MND_ORIGIN = 'https://www.mnd.gov.tw';
export const MND_PLA_ACTIVITY_URL = `${MND_ORIGIN}/en/news/plaactlist`;

export interface PlaActivityReport {
  /** Report date, YYYY-MM-DD (Taiwan time). */
  date: string;
  url: string;
  aircraftSorties: number;
  /** Sorties that crossed the median line or entered the ADIZ; 0 when the report names none. */
  medianLineCrossings: number;
  navalVessels: number;
  officialShips: number;
  summary: string;
}

const FORMAT = 'MND PLA activity list';
const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&rsquo;/g, '’')
    .replace(/\s+/g, ' ')
    .trim();
const count = (s: string, re: RegExp) => Number(re.exec(s)?.[1] ?? 0);

/** The reports on the page, newest first; entries without a date or counts are skipped. */
export function parseMndPlaActivity(input: Buffer | string): PlaActivityReport[] {
  const html = input.toString();
  const items = html.match(/<li class="pla-report"[\s\S]*?<\/li>/gi);
  if (!items) throw new FormatError(FORMAT, 'no report entries (li.pla-report) on the page');
  const out: PlaActivityReport[] = [];
  for (const li of items) {
    const date = /<time datetime="(\d{4}-\d{2}-\d{2})"/.exec(li)?.[1];
    const href = /<a href="([^"]+)"/.exec(li)?.[1];
    const summaryHtml = /<p class="summary">([\s\S]*?)<\/p>/.exec(li)?.[1];
    if (!date || !href || !summaryHtml) continue;
    const summary = text(summaryHtml);
    if (!/sorties? of PLA aircraft|PLAN vessels?/i.test(summary)) continue;
    out.push({
      date,
      url: href.startsWith('http') ? href : `${MND_ORIGIN}${href}`,
      aircraftSorties: count(summary, /(\d+) sorties? of PLA aircraft/i),
      medianLineCrossings: count(summary, /(\d+) out of \d+ sorties? crossed/i),
      navalVessels: count(summary, /(\d+) PLAN vessels?/i),
      officialShips: count(summary, /(\d+) official ships?/i),
      summary,
    });
  }
  return out.sort((a, b) => b.date.localeCompare(a.date));
}
