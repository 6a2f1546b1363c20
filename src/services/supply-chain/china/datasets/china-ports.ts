import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import {
  dailyTankerPortsUrl,
  parseDailyTankerPorts,
  portActivity,
  type PortActivity,
} from '../../../../sources/portwatch/port-activity.js';

export const CHINA_PORTS = 'supply-chain.china-ports';

/** Mainland China and Hong Kong, as PortWatch keys them. */
export const CHINA_PORT_ISO3 = ['CHN', 'HKG'] as const;

export interface ChinaPortsInfo {
  /** Newest day in the data, epoch ms (UTC midnight); 0 without rows. */
  latestDay: number;
}

/**
 * The last 60 days of PortWatch daily tanker calls of Chinese and Hong Kong ports -> per port the
 * 30-day calls and their change on the 30 days before (the same rule as intelligence's port activity).
 */
export function buildChinaPorts(bytes: Buffer): { records: PortActivity[]; info: ChinaPortsInfo } {
  const days = parseDailyTankerPorts(bytes);
  return { records: portActivity(days, new Map()), info: { latestDay: days.reduce((m, d) => Math.max(m, d.date), 0) } };
}

export const chinaPortsDataset: Dataset<PortActivity, ChinaPortsInfo> = {
  name: CHINA_PORTS,
  source: 'IMF PortWatch daily port activity (China and Hong Kong)',
  kind: 'live',
  maxStaleMinutes: 3 * 24 * 60,
  sources: {
    daily: {
      url: dailyTankerPortsUrl(CHINA_PORT_ISO3, 0),
      urlAt: (now) => dailyTankerPortsUrl(CHINA_PORT_ISO3, now - 61 * 86_400_000),
      sample: 'supply-chain/portwatch-daily-china-ports.json',
      headers: () => ({ accept: 'application/json' }),
    },
  },
  parse: (payloads) => buildChinaPorts(payloads.daily!),
};
