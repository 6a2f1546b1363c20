import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { parseSseBulletins, SSE_BULLETIN_URL, type ExchangeBulletin } from '../../../../sources/sse/bulletins.js';

export const CHINA_DISCLOSURES = 'market.china-corporate-disclosures';

/** Company announcements of Shanghai Stock Exchange issuers (the exchange's bulletin query), newest first. */
export const chinaDisclosuresDataset: Dataset<ExchangeBulletin> = {
  name: CHINA_DISCLOSURES,
  source: 'Shanghai Stock Exchange, company bulletin query',
  kind: 'live',
  maxStaleMinutes: 2 * 60,
  sources: {
    // The API answers only with the exchange's own site as referer.
    sse: {
      url: SSE_BULLETIN_URL,
      sample: 'market/sse-company-bulletins.jsonp',
      headers: () => ({ accept: 'application/json, text/javascript', referer: 'https://www.sse.com.cn/' }),
    },
  },
  parse(payloads) {
    const records = parseSseBulletins(payloads.sse!);
    if (!records.length) throw new Error('SSE bulletin query: no bulletin');
    return { records, info: {} };
  },
};
