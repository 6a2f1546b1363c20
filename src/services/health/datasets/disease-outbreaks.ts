import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { parseFeed } from '../../../sources/formats/feeds.js';
import { plainText, shortHash } from '../../../sources/feeds/text.js';
import { WHO_DON_URL, parseWhoDon } from '../../../sources/who/don.js';
import { alertLevelOf, casesOf, countryOf, diseaseOf } from '../rules.js';
import type { DiseaseOutbreakItem } from '../schemas.js';

export const DISEASE_OUTBREAKS = 'health.disease-outbreaks';
export const MAX_OUTBREAKS = 50;

interface Report {
  source: string;
  title: string;
  url: string;
  publishedAt: number;
  summary: string;
}

export function toOutbreak(r: Report): DiseaseOutbreakItem | undefined {
  const text = `${r.title} ${r.summary}`;
  const disease = diseaseOf(text);
  if (!disease) return undefined;
  const country = countryOf(r.title, r.summary);
  return {
    id: `${r.source.toLowerCase().replace(/[^a-z0-9]+/g, '')}-${shortHash(r.url)}-${r.publishedAt}`,
    disease,
    location: country?.name ?? '',
    countryCode: country?.alpha2 ?? '',
    alertLevel: alertLevelOf(text),
    summary: plainText(r.summary || r.title),
    sourceUrl: r.url,
    publishedAt: r.publishedAt,
    sourceName: r.source,
    lat: country?.lat ?? 0,
    lng: country?.lon ?? 0,
    cases: casesOf(r.summary),
  };
}

/** Reports naming a disease, one per disease and country (the newest), newest first, at most 50. */
export function outbreaksFrom(reports: readonly Report[]): DiseaseOutbreakItem[] {
  const newest = new Map<string, DiseaseOutbreakItem>();
  for (const r of reports) {
    const o = toOutbreak(r);
    if (!o) continue;
    const key = `${o.disease}|${o.countryCode || o.sourceUrl}`;
    const seen = newest.get(key);
    if (!seen || o.publishedAt > seen.publishedAt) newest.set(key, o);
  }
  return [...newest.values()]
    .sort((a, b) => b.publishedAt - a.publishedAt || (a.id < b.id ? -1 : 1))
    .slice(0, MAX_OUTBREAKS);
}

export const diseaseOutbreaksDataset: Dataset<DiseaseOutbreakItem> = {
  name: DISEASE_OUTBREAKS,
  source: 'WHO Disease Outbreak News and Outbreak News Today',
  kind: 'live',
  maxStaleMinutes: 2 * 24 * 60,
  // Either source alone is still a useful answer.
  sources: {
    who: { url: WHO_DON_URL, sample: 'health/who-don.json', optional: true },
    ont: { url: 'https://outbreaknewstoday.com/feed/', sample: 'health/outbreak-news-today.rss', optional: true },
  },
  parse(payloads) {
    const reports: Report[] = [];
    const unreadable: string[] = [];
    if (payloads.who) {
      try {
        reports.push(...parseWhoDon(payloads.who).map((d) => ({ source: 'WHO', ...d })));
      } catch {
        unreadable.push('who');
      }
    }
    if (payloads.ont) {
      try {
        for (const i of parseFeed(payloads.ont).items) {
          if (i.publishedAt && i.link)
            reports.push({
              source: 'Outbreak News Today',
              title: i.title,
              url: i.link,
              publishedAt: i.publishedAt,
              summary: i.summary,
            });
        }
      } catch {
        unreadable.push('ont');
      }
    }
    if (reports.length === 0)
      throw new Error(`no outbreak source could be read${unreadable.length ? ` (${unreadable.join(', ')})` : ''}`);
    return { records: outbreaksFrom(reports), info: { unreadable } };
  },
};
