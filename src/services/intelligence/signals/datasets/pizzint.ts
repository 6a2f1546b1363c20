import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import {
  parsePizzintDashboard,
  parsePizzintGdelt,
  PIZZINT_DASHBOARD_URL,
  PIZZINT_GDELT_URL,
  type PizzintPlace,
} from '../../../../sources/pizzint/dashboard.js';

export const PIZZINT = 'intelligence.pizzint';

export interface PizzintInfo {
  /** Latest place reading, epoch ms (0 when none is dated). */
  recordedAt: number;
  /** Tension series per country pair (pair key -> scores, oldest first); empty when that source failed. */
  tension: Record<string, number[]>;
}

/** pizzint.watch dashboard places, with the GDELT tension series it publishes alongside. */
export const pizzintDataset: Dataset<PizzintPlace, PizzintInfo> = {
  name: PIZZINT,
  source: 'pizzint.watch (third-party, derived from place popularity data)',
  kind: 'live',
  maxStaleMinutes: 30,
  sources: {
    dashboard: {
      url: PIZZINT_DASHBOARD_URL,
      sample: 'intelligence/pizzint-dashboard.json',
      headers: () => ({ accept: 'application/json' }),
    },
    gdelt: {
      url: PIZZINT_GDELT_URL,
      sample: 'intelligence/pizzint-gdelt-batch.json',
      optional: true,
      headers: () => ({ accept: 'application/json' }),
    },
  },
  parse(payloads) {
    const places = parsePizzintDashboard(payloads.dashboard!);
    const tension = payloads.gdelt ? Object.fromEntries(parsePizzintGdelt(payloads.gdelt)) : {};
    const recordedAt = Math.max(0, ...places.map((p) => Date.parse(p.recordedAt)).filter(Number.isFinite));
    return { records: places, info: { recordedAt, tension } };
  },
};
