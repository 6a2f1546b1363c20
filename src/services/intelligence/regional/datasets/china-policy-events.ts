import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import {
  MOFCOM_POLICY_URL,
  parseMofcomPolicyList,
  type PolicyDocument,
} from '../../../../sources/mofcom/announcements.js';

export const CHINA_POLICY_EVENTS = 'intelligence.china-policy-events';

/** Policy documents released by China's Ministry of Commerce (its policy release list), newest first. */
export const chinaPolicyEventsDataset: Dataset<PolicyDocument> = {
  name: CHINA_POLICY_EVENTS,
  source: 'Ministry of Commerce of the PRC, policy release list (Chinese)',
  kind: 'live',
  maxStaleMinutes: 12 * 60,
  sources: {
    mofcom: {
      url: MOFCOM_POLICY_URL,
      sample: 'intelligence/mofcom-policy-list.html',
      headers: () => ({ accept: 'text/html' }),
    },
  },
  parse(payloads) {
    const records = parseMofcomPolicyList(payloads.mofcom!);
    if (!records.length) throw new Error('MOFCOM policy list: no document');
    return { records, info: {} };
  },
};
