import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import {
  MND_PLA_ACTIVITY_URL,
  parseMndPlaActivity,
  type PlaActivityReport,
} from '../../../../sources/taiwan-mnd/pla-activity.js';

export const CROSS_STRAIT_ACTIVITY = 'military.cross-strait-activity';

/** Taiwan MND's daily reports of PLA aircraft and vessels around Taiwan, newest first. */
export const crossStraitActivityDataset: Dataset<PlaActivityReport> = {
  name: CROSS_STRAIT_ACTIVITY,
  source: 'Taiwan Ministry of National Defense, daily PLA activity reports (English list page)',
  kind: 'live',
  maxStaleMinutes: 6 * 60,
  sources: {
    list: {
      url: MND_PLA_ACTIVITY_URL,
      sample: 'military/mnd-pla-activity-list.html',
      headers: () => ({ accept: 'text/html' }),
    },
  },
  parse(payloads) {
    const records = parseMndPlaActivity(payloads.list!);
    if (!records.length) throw new Error('MND PLA activity list: no report with counts');
    return { records, info: {} };
  },
};
