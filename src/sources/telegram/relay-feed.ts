import { FormatError, isObject, parseJsonText } from '../formats/errors.js';

/**
 * Telegram public channels are read over MTProto with a user session (TELEGRAM_API_ID/HASH and a
 * session string), which an HTTP service cannot do by itself: a relay running that client serves
 * the collected messages as JSON at `<relay>/telegram/feed`, one item per message.
 */
export const relayFeedUrl = (relay: string, limit = 200) => `${relay.replace(/\/+$/, '')}/telegram/feed?limit=${limit}`;

export interface TelegramItem {
  /** `<channel handle>:<message id>`. */
  id: string;
  channel: string;
  channelTitle: string;
  url: string;
  postedAt: number;
  text: string;
  topic: string;
}

/** `{ live, capturedAt, items: [{ id, channel, channelTitle, url, ts, text, topic }] }` -> items with a time. */
export function parseTelegramFeed(input: Buffer | string): {
  items: TelegramItem[];
  live: boolean;
  capturedAt: number;
} {
  const doc = parseJsonText('Telegram feed', input);
  if (!isObject(doc) || !Array.isArray(doc.items)) throw new FormatError('Telegram feed', 'expected an items array');
  const items: TelegramItem[] = [];
  for (const it of doc.items as Record<string, unknown>[]) {
    const postedAt = Date.parse(String(it?.ts ?? ''));
    if (!it?.id || !Number.isFinite(postedAt)) continue;
    const s = (v: unknown) => (typeof v === 'string' ? v : '');
    items.push({
      id: String(it.id),
      channel: s(it.channel),
      channelTitle: s(it.channelTitle),
      url: s(it.url),
      postedAt,
      text: s(it.text).slice(0, 800),
      topic: s(it.topic) || 'other',
    });
  }
  const capturedAt = Date.parse(String(doc.capturedAt ?? ''));
  return { items, live: doc.live === true, capturedAt: Number.isFinite(capturedAt) ? capturedAt : 0 };
}
