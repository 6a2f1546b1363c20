import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import {
  GOVERNMENT_ADVISORY_FEEDS,
  readGovernmentAdvisoryFeed,
  type GovernmentAdvisoryFeed,
} from '../../../../sources/advisories/government-feeds.js';
import { countryInTitle } from '../rules.js';
import type { SecurityAdvisoryItem } from '../schemas.js';

export const SECURITY_ADVISORIES = 'intelligence.security-advisories';

/** A feed item placed: the publisher's country, and the country it is about (ISO alpha-2 or ''). */
export interface GovernmentAdvisory extends Omit<SecurityAdvisoryItem, 'pubDate'> {
  publishedAt: number;
}

const FEEDS: Record<string, GovernmentAdvisoryFeed> = GOVERNMENT_ADVISORY_FEEDS;

/**
 * The non-State-Department advisory feeds -> one row per item, country from the feed when it
 * covers one country, else from the title. A feed that failed is absent and simply adds nothing.
 */
export function parseSecurityAdvisories(payloads: Partial<Record<string, Buffer>>): GovernmentAdvisory[] {
  const out: GovernmentAdvisory[] = [];
  for (const [id, feed] of Object.entries(FEEDS)) {
    const bytes = payloads[id];
    if (!bytes) continue;
    for (const item of readGovernmentAdvisoryFeed(feed, bytes)) {
      out.push({
        title: item.title,
        link: item.link,
        publishedAt: item.publishedAt,
        source: feed.source,
        sourceCountry: feed.sourceCountry,
        level: item.level,
        country: feed.country ?? countryInTitle(item.title),
      });
    }
  }
  return out;
}

export const securityAdvisoriesDataset: Dataset<GovernmentAdvisory> = {
  name: SECURITY_ADVISORIES,
  source: 'Government travel-advice feeds (Smartraveller, UK FCDO, U.S. embassies)',
  kind: 'live',
  maxStaleMinutes: 3 * 60,
  sources: {
    smartraveller: {
      url: GOVERNMENT_ADVISORY_FEEDS.smartraveller.url,
      sample: 'intelligence/smartraveller-advice.rss',
      optional: true,
      headers: () => ({ accept: 'application/rss+xml, application/xml' }),
    },
    fcdo: {
      url: GOVERNMENT_ADVISORY_FEEDS.fcdo.url,
      sample: 'intelligence/fcdo-travel-advice.atom',
      optional: true,
      headers: () => ({ accept: 'application/atom+xml, application/xml' }),
    },
    usEmbassyUkraine: {
      url: GOVERNMENT_ADVISORY_FEEDS.usEmbassyUkraine.url,
      sample: 'intelligence/us-embassy-ukraine-alerts.rss',
      optional: true,
      headers: () => ({ accept: 'application/rss+xml, application/xml' }),
    },
  },
  parse(payloads) {
    return { records: parseSecurityAdvisories(payloads), info: {} };
  },
};
