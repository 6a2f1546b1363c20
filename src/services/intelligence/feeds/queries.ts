import type { Config } from '../../../config.js';
import { fetchUrl } from '../../../platform/snapshots/fetch.js';
import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { parseOrefLiveAlerts, type OrefHistoryRow } from '../../../sources/oref/alerts.js';
import type { TelegramItem } from '../../../sources/telegram/relay-feed.js';
import type { XPostMeta } from '../../../sources/x/timelines.js';
import { OREF_HISTORY } from './datasets/oref-history.js';
import { TELEGRAM_MESSAGES, type TelegramInfo } from './datasets/telegram-messages.js';
import { X_POSTS, type XPostsInfo } from './datasets/x-posts.js';
import { localityCount, threatCategory, toWaves, type OrefWave } from './rules.js';
import type {
  ListOrefAlertsRequest,
  ListOrefAlertsResponse,
  ListTelegramFeedRequest,
  ListTelegramFeedResponse,
  ListXFeedRequest,
  ListXFeedResponse,
} from './schemas.js';

/** A live lookup made while the client waits: one attempt, short deadline. */
export const LIVE_TIMEOUT_MS = 10_000;

/** The captured waves; "the last 24 hours" ends at the capture (the data's time, not the clock's). */
function history(store: SnapshotStore) {
  const snap = store.read<OrefHistoryRow>(OREF_HISTORY);
  if (!snap) return undefined;
  const at = snap.capturedAt;
  const waves = snap.derive('waves', (s) => toWaves(s.records, s.capturedAt));
  const last24h = snap.derive('last24h', () =>
    localityCount(waves.filter((w) => w.timestampMs >= at - 86_400_000 && w.timestampMs <= at)),
  );
  const total = snap.derive('total', () => localityCount(waves));
  return { waves, total, last24h, fetchedAt: at };
}

/**
 * History mode: the captured waves of the week before the history was fetched. Live mode: the alerts
 * active now (`now`, the wall clock: this question is about now) from OREF_ALERTS_URL when configured, the history alongside either way; without the
 * address the answer says so in `error` and `configured:false` (never cached).
 */
export async function listOrefAlerts(
  store: SnapshotStore,
  config: Config,
  req: ListOrefAlertsRequest,
  now: number,
): Promise<ListOrefAlertsResponse> {
  const h = history(store);
  const base = {
    history: h ? (h.waves as OrefWave[]) : [],
    historyCount24h: h?.last24h ?? 0,
    totalHistoryCount: h?.total ?? 0,
  };
  if (req.mode === 'MODE_HISTORY') {
    return h
      ? { configured: true, alerts: [], ...base, timestampMs: h.fetchedAt, error: '' }
      : { configured: false, alerts: [], ...base, timestampMs: 0, error: 'No OREF history loaded' };
  }
  if (!config.OREF_ALERTS_URL) {
    return {
      configured: false,
      alerts: [],
      ...base,
      timestampMs: h?.fetchedAt ?? 0,
      error: 'Live alerts are not configured (OREF_ALERTS_URL); history only',
    };
  }
  try {
    const body = await fetchUrl(config.OREF_ALERTS_URL, config, {
      retries: 0,
      deadline: Date.now() + LIVE_TIMEOUT_MS,
      headers: { accept: 'application/json' },
    });
    const alerts = parseOrefLiveAlerts(body).map((a) => ({ ...a, cat: threatCategory(a.title), timestampMs: now }));
    return { configured: true, alerts, ...base, timestampMs: now, error: '' };
  } catch (err) {
    return {
      configured: true,
      alerts: [],
      ...base,
      timestampMs: h?.fetchedAt ?? 0,
      error: `Live alerts unavailable: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}

export const DEFAULT_POSTS = 50;
export const MAX_POSTS = 200;

/**
 * Followed accounts' posts (metadata and derived facts, never text), newest first, by topic and
 * handle. `enabled` only when the snapshot came from the X API; otherwise the capture is replayed
 * and `error` says why.
 */
export function listXFeed(store: SnapshotStore, req: ListXFeedRequest): ListXFeedResponse {
  const snap = store.read<XPostMeta, XPostsInfo>(X_POSTS);
  const live = snap?.info.live === true;
  const error = live
    ? ''
    : snap
      ? 'Live X feed not configured (X_BEARER_TOKEN); replaying a captured history'
      : 'No X posts loaded';
  const topic = req.topic?.trim().toLowerCase();
  const account = req.account?.trim().replace(/^@/, '').toLowerCase();
  const limit = Math.min(req.limit || DEFAULT_POSTS, MAX_POSTS);
  const posts = (snap?.records ?? [])
    .filter((p) => (!topic || p.topic.toLowerCase() === topic) && (!account || p.handle.toLowerCase() === account))
    .slice(0, limit)
    .map((p) => {
      const permalink = `https://x.com/${p.handle}/status/${p.postId}`;
      return {
        id: `${p.handle}:${p.postId}`,
        accountId: p.accountId,
        accountName: p.accountName,
        handle: p.handle,
        topic: p.topic,
        timestampMs: p.createdAt,
        permalink,
        facts: [
          `${p.accountName} posted a ${p.topic || 'general'} update`,
          ...(p.hasMedia ? ['includes media'] : []),
          ...(p.lang ? [`lang=${p.lang}`] : []),
          permalink,
        ],
        hasMedia: p.hasMedia,
        lang: p.lang,
        contentState: 'active',
      };
    });
  return { enabled: live, posts, count: posts.length, error };
}

/** Followed channels' messages newest first, by topic and channel; `enabled` only for a live relay snapshot. */
export function listTelegramFeed(
  store: SnapshotStore,
  req: ListTelegramFeedRequest,
  relayConfigured: boolean,
): ListTelegramFeedResponse {
  // Without the relay the store withholds the dataset: no stored capture is served as the feed.
  const snap = store.read<TelegramItem, TelegramInfo>(TELEGRAM_MESSAGES);
  const live = snap?.info.live === true;
  const error = live
    ? ''
    : !relayConfigured
      ? 'TELEGRAM_RELAY_URL not configured'
      : snap
        ? 'The Telegram relay has not been read yet; replaying a captured history'
        : 'No Telegram messages loaded';
  const topic = req.topic?.trim().toLowerCase();
  const channel = req.channel?.trim().replace(/^@/, '').toLowerCase();
  const limit = Math.min(req.limit || DEFAULT_POSTS, MAX_POSTS);
  const messages = (snap?.records ?? [])
    .filter((m) => (!topic || m.topic.toLowerCase() === topic) && (!channel || m.channel.toLowerCase() === channel))
    .slice(0, limit)
    .map((m) => ({
      id: m.id,
      channelId: m.channel,
      channelName: m.channelTitle,
      text: m.text,
      timestampMs: m.postedAt,
      mediaUrls: [],
      sourceUrl: m.url,
      topic: m.topic,
    }));
  return { enabled: live, messages, count: messages.length, error };
}
