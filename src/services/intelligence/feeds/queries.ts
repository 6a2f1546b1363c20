import type { Config } from '../../../config.js';
import { fetchUrl } from '../../../platform/snapshots/fetch.js';
import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { parseOrefLiveAlerts, type OrefHistoryRow } from '../../../sources/oref/alerts.js';
import { OREF_HISTORY } from './datasets/oref-history.js';
import { localityCount, threatCategory, toWaves, type OrefWave } from './rules.js';
import type { ListOrefAlertsRequest, ListOrefAlertsResponse } from './schemas.js';

/** A live lookup made while the client waits: one attempt, short deadline. */
export const LIVE_TIMEOUT_MS = 10_000;

function history(store: SnapshotStore, now: number) {
  const snap = store.read<OrefHistoryRow>(OREF_HISTORY);
  if (!snap) return undefined;
  const waves = snap.derive('waves', (s) => toWaves(s.records, s.fetchedAt));
  const total = snap.derive('total', () => localityCount(waves));
  return { waves, total, last24h: localityCount(waves.filter((w) => w.timestampMs >= now - 86_400_000 && w.timestampMs <= now)), fetchedAt: snap.fetchedAt };
}

/**
 * History mode: the captured waves of the week before the history was fetched. Live mode: the alerts
 * active now from OREF_ALERTS_URL when configured, the history alongside either way; without the
 * address the answer says so in `error` and `configured:false` (never cached).
 */
export async function listOrefAlerts(store: SnapshotStore, config: Config, req: ListOrefAlertsRequest, now: number): Promise<ListOrefAlertsResponse> {
  const h = history(store, now);
  const base = { history: h ? (h.waves as OrefWave[]) : [], historyCount24h: h?.last24h ?? 0, totalHistoryCount: h?.total ?? 0 };
  if (req.mode === 'MODE_HISTORY') {
    return h
      ? { configured: true, alerts: [], ...base, timestampMs: h.fetchedAt, error: '' }
      : { configured: false, alerts: [], ...base, timestampMs: 0, error: 'No OREF history loaded' };
  }
  if (!config.OREF_ALERTS_URL) {
    return { configured: false, alerts: [], ...base, timestampMs: h?.fetchedAt ?? 0, error: 'Live alerts are not configured (OREF_ALERTS_URL); history only' };
  }
  try {
    const body = await fetchUrl(config.OREF_ALERTS_URL, config, { retries: 0, deadline: Date.now() + LIVE_TIMEOUT_MS, headers: { accept: 'application/json' } });
    const alerts = parseOrefLiveAlerts(body).map((a) => ({ ...a, cat: threatCategory(a.title), timestampMs: now }));
    return { configured: true, alerts, ...base, timestampMs: now, error: '' };
  } catch (err) {
    return { configured: true, alerts: [], ...base, timestampMs: h?.fetchedAt ?? 0, error: `Live alerts unavailable: ${err instanceof Error ? err.message : String(err)}` };
  }
}
