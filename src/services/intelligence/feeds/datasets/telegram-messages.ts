import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { FormatError, isObject, parseJsonText } from '../../../../sources/formats/errors.js';
import { parseTelegramFeed, relayFeedUrl, type TelegramItem } from '../../../../sources/telegram/relay-feed.js';

export const TELEGRAM_MESSAGES = 'intelligence.telegram-messages';

export interface TelegramInfo {
  /** Fetched from the configured relay (true) or the bundled capture (false). */
  live: boolean;
  capturedAt: number;
}

/** Messages of followed public channels, newest first, one per id. */
export const telegramMessagesDataset: Dataset<TelegramItem, TelegramInfo> = {
  name: TELEGRAM_MESSAGES,
  source: 'Telegram public channels (through a relay)',
  kind: 'relay',
  maxStaleMinutes: 30,
  sources: {
    feed: {
      url: relayFeedUrl('$TELEGRAM_RELAY_URL'),
      sample: 'intelligence/telegram-feed-capture.json',
      requires: ['TELEGRAM_RELAY_URL'],
      headers: (config) => ({
        accept: 'application/json',
        ...(config.TELEGRAM_RELAY_TOKEN ? { authorization: `Bearer ${config.TELEGRAM_RELAY_TOKEN}` } : {}),
      }),
      fetch: async (get, { now, config }) => {
        const doc = parseJsonText('Telegram relay', await get(relayFeedUrl(config.TELEGRAM_RELAY_URL!)));
        if (!isObject(doc) || !Array.isArray(doc.items))
          throw new FormatError('Telegram relay', 'expected an items array');
        return Buffer.from(JSON.stringify({ live: true, capturedAt: new Date(now).toISOString(), items: doc.items }));
      },
    },
  },
  parse(payloads) {
    const { items, live, capturedAt } = parseTelegramFeed(payloads.feed!);
    const unique = [...new Map(items.map((i) => [i.id, i])).values()];
    return {
      records: unique.sort((a, b) => b.postedAt - a.postedAt || a.id.localeCompare(b.id)),
      info: { live, capturedAt },
    };
  },
};
