import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { parseFeed } from '../../../sources/formats/feeds.js';
import { plainText, shortHash } from '../../../sources/feeds/text.js';
import {
  TGH_TRACKER_BUNDLE_URL,
  parseTrackerAlerts,
  type TrackerAlert,
} from '../../../sources/thinkglobalhealth/tracker.js';
import { WHO_DON_URL, parseWhoDon } from '../../../sources/who/don.js';
import { resolveCountry } from '../../../reference/countries.js';
import { alertLevelOf, casesOf, countryOf, diseaseOf } from '../rules.js';
import type { DiseaseOutbreakItem } from '../schemas.js';

export const DISEASE_OUTBREAKS = 'health.disease-outbreaks';
/** Reports from the news sources (WHO, CDC, Outbreak News Today) kept, after one per disease and country. */
export const MAX_OUTBREAKS = 50;
/** Geolocated tracker alerts kept, listed before the reports, as published. */
export const MAX_TRACKER_ALERTS = 150;
/** Tracker alerts older than this many days before the ingestion are left out, as published. */
export const TRACKER_LOOKBACK_DAYS = 90;

/** CDC's media feed (content syndication RSS, no key); US-centric, a supplement to WHO. */
export const CDC_MEDIA_RSS_URL = 'https://tools.cdc.gov/api/v2/resources/media/132608.rss';

interface Report {
  source: string;
  title: string;
  url: string;
  publishedAt: number;
  summary: string;
  /** Country when the text names none (CDC reports are about the United States unless they say otherwise). */
  defaultCountry?: string;
}

export function toOutbreak(r: Report): DiseaseOutbreakItem | undefined {
  const text = `${r.title} ${r.summary}`;
  const disease = diseaseOf(text);
  if (!disease) return undefined;
  const country = countryOf(r.title, r.summary) ?? (r.defaultCountry ? resolveCountry(r.defaultCountry) : undefined);
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

/**
 * A tracker alert as an outbreak at its own coordinates: the disease as the tracker names it (our
 * label when it is one we know), the first part of its place name as location.
 */
export function alertToOutbreak(a: TrackerAlert): DiseaseOutbreakItem {
  const country = resolveCountry(a.country);
  const title = a.country ? `${a.disease} - ${a.country}` : a.disease;
  return {
    id: `thinkglobalhealth-${shortHash(a.link || `${a.alertId} ${title}`)}-${a.date}`,
    disease: diseaseOf(a.disease) ?? a.disease,
    location: a.placeName.split(',')[0]!.trim() || a.country,
    countryCode: country?.alpha2 ?? '',
    alertLevel: alertLevelOf(`${title} ${a.summary}`),
    summary: plainText(a.summary || title),
    sourceUrl: a.link,
    publishedAt: a.date,
    sourceName: 'ThinkGlobalHealth',
    lat: a.lat,
    lng: a.lng,
    cases: a.cases,
  };
}

/** The tracker's alerts of the last 90 days, each its own event (never merged), newest first, at most 150. */
export function trackerOutbreaks(alerts: readonly TrackerAlert[], now: number): DiseaseOutbreakItem[] {
  const since = now - TRACKER_LOOKBACK_DAYS * 86_400_000;
  return alerts
    .filter((a) => a.date >= since)
    .map(alertToOutbreak)
    .sort((a, b) => b.publishedAt - a.publishedAt || (a.id < b.id ? -1 : 1))
    .slice(0, MAX_TRACKER_ALERTS);
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
  source: 'WHO Disease Outbreak News, CDC media feed, Outbreak News Today and the Think Global Health disease tracker',
  kind: 'live',
  maxStaleMinutes: 2 * 24 * 60,
  // Any source alone is still a useful answer.
  sources: {
    who: { url: WHO_DON_URL, sample: 'health/who-don.json', optional: true },
    cdc: { url: CDC_MEDIA_RSS_URL, sample: 'health/cdc-media.rss', optional: true },
    ont: { url: 'https://outbreaknewstoday.com/feed/', sample: 'health/outbreak-news-today.rss', optional: true },
    tgh: { url: TGH_TRACKER_BUNDLE_URL, sample: 'health/tgh-disease-tracker-bundle.js', optional: true },
  },
  parse(payloads, now) {
    const reports: Report[] = [];
    const unreadable: string[] = [];
    let alerts: TrackerAlert[] = [];
    if (payloads.who) {
      try {
        reports.push(...parseWhoDon(payloads.who).map((d) => ({ source: 'WHO', ...d })));
      } catch {
        unreadable.push('who');
      }
    }
    if (payloads.cdc) {
      try {
        for (const i of parseFeed(payloads.cdc).items) {
          if (i.publishedAt && i.link)
            reports.push({
              source: 'CDC',
              title: i.title,
              url: i.link,
              publishedAt: i.publishedAt,
              summary: i.summary,
              defaultCountry: 'United States',
            });
        }
      } catch {
        unreadable.push('cdc');
      }
    }
    if (payloads.tgh) {
      try {
        alerts = parseTrackerAlerts(payloads.tgh);
      } catch {
        unreadable.push('tgh');
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
    if (reports.length === 0 && alerts.length === 0)
      throw new Error(`no outbreak source could be read${unreadable.length ? ` (${unreadable.join(', ')})` : ''}`);
    // As published: the geolocated tracker alerts first, then the reports.
    return { records: [...trackerOutbreaks(alerts, now), ...outbreaksFrom(reports)], info: { unreadable } };
  },
};
