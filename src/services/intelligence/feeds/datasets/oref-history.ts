import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { OREF_HISTORY_URL, parseOrefHistory, type OrefHistoryRow } from '../../../../sources/oref/alerts.js';

export const OREF_HISTORY = 'intelligence.oref-history';

/** OREF's alert history, one row per locality alerted; the bundled sample is a dated capture. */
export const orefHistoryDataset: Dataset<OrefHistoryRow> = {
  name: OREF_HISTORY,
  source: 'Israel Home Front Command (OREF) alert history',
  kind: 'live',
  maxStaleMinutes: 60,
  allowEmpty: true,
  sources: {
    json: {
      url: OREF_HISTORY_URL,
      sample: 'intelligence/oref-alerts-history.json',
      headers: () => ({ accept: 'application/json', referer: 'https://www.oref.org.il/' }),
    },
  },
  parse(payloads) {
    return { records: parseOrefHistory(payloads.json!), info: {} };
  },
};
