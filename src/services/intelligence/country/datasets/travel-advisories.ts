import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { asList, textOf } from '../../../../platform/xml.js';
import { parseFeed } from '../../../../sources/formats/feeds.js';
import { parseAdvisoryTitle, type AdvisoryLevel, type StateAdvisory } from '../rules.js';

export const TRAVEL_ADVISORIES = 'intelligence.travel-advisories';

export interface TravelAdvisoriesInfo {
  /** The channel's lastBuildDate, epoch ms (0 when absent). */
  builtAt: number;
}

/**
 * State Department travel advisory RSS -> one row per advisory item, named as published (country
 * codes are resolved when the snapshot is indexed). The level comes from the title, else from the
 * Threat-Level category; items with neither (worldwide cautions) are skipped.
 */
export function parseTravelAdvisories(bytes: Buffer): { advisories: StateAdvisory[]; info: TravelAdvisoriesInfo } {
  const feed = parseFeed(bytes, { raw: true, expect: 'rss' });
  const advisories: StateAdvisory[] = [];
  for (const item of feed.items) {
    let parsed = parseAdvisoryTitle(item.title);
    if (!parsed) {
      // The category's domain attribute is not part of the shared item, so it is read from the raw node.
      const threat = asList<unknown>(item.raw?.category).find(
        (c) => typeof c === 'object' && c !== null && (c as Record<string, unknown>)['@_domain'] === 'Threat-Level',
      );
      const m = /Level\s+([1-4])/i.exec(textOf(threat));
      const name = item.title.split(/\s+[-–]\s+/)[0]?.trim();
      if (m && name) parsed = { name, level: Number(m[1]) as AdvisoryLevel };
    }
    if (!parsed) continue;
    advisories.push({
      name: parsed.name,
      level: parsed.level,
      publishedAt: item.publishedAt ?? 0,
      title: item.title.trim(),
      link: item.link,
    });
  }
  return { advisories, info: { builtAt: feed.updatedAt ?? 0 } };
}

export const travelAdvisoriesDataset: Dataset<StateAdvisory, TravelAdvisoriesInfo> = {
  name: TRAVEL_ADVISORIES,
  source: 'U.S. Department of State travel advisories',
  kind: 'live',
  maxStaleMinutes: 24 * 60,
  sources: {
    rss: {
      url: 'https://travel.state.gov/_res/rss/TAsTWs.xml',
      sample: 'intelligence/state-travel-advisories.xml',
      headers: () => ({ accept: 'application/rss+xml, application/xml' }),
    },
  },
  parse(payloads) {
    const { advisories, info } = parseTravelAdvisories(payloads.rss!);
    return { records: advisories, info };
  },
};
