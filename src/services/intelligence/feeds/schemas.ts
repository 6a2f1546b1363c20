import { z } from 'zod';
import { int32Param, stringParam } from '../../../platform/query-params.js';

const int32 = (description: string) => z.number().int().min(0).max(2147483647).meta({ format: 'int32', description });

export const OrefAlert = z
  .object({
    id: z.string(),
    cat: z
      .string()
      .meta({ description: 'Threat class: MISSILE, DRONE, INFILTRATION, EARTHQUAKE, TSUNAMI, HAZMAT or ALERT.' }),
    title: z.string().meta({ description: 'Alert title as OREF publishes it (Hebrew).' }),
    data: z.array(z.string()).meta({ description: 'Localities alerted, as OREF names them (Hebrew).' }),
    desc: z.string().meta({ description: 'Protective instructions (live alerts only; empty in history).' }),
    timestampMs: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'When the alert sounded, Unix epoch milliseconds.' }),
  })
  .meta({ id: 'intelligence_v1_OrefAlert', description: 'One Home Front Command alert.' });

export const OrefWave = z
  .object({
    alerts: z.array(OrefAlert),
    timestampMs: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'When the wave sounded, Unix epoch milliseconds.' }),
  })
  .meta({ id: 'intelligence_v1_OrefWave', description: 'Alerts that sounded together.' });

export const ListOrefAlertsRequest = z.object({
  mode: z.enum(['MODE_HISTORY']).optional().meta({
    description:
      '`MODE_HISTORY` for the alert history only; omitted asks for live alerts (with the history alongside).',
  }),
});

export type ListOrefAlertsRequest = z.infer<typeof ListOrefAlertsRequest>;

export const ListOrefAlertsResponse = z
  .object({
    configured: z.boolean().meta({
      description:
        'The source answering this mode is available: the live alerts address for live mode, the history for history mode.',
    }),
    alerts: z
      .array(OrefAlert)
      .meta({ description: 'Alerts active now (live mode with a configured source); empty otherwise.' }),
    history: z.array(OrefWave).meta({ description: 'Waves of the week before the history was fetched, newest first.' }),
    historyCount24h: int32('Localities alerted in the 24 hours before now.'),
    totalHistoryCount: int32('Localities alerted across the history.'),
    timestampMs: z.number().int().meta({
      format: 'int64',
      description: 'When the live alerts or, failing that, the history were fetched, Unix epoch milliseconds.',
    }),
    error: z.string().meta({ description: 'Why live alerts or history are missing; empty when all is well.' }),
  })
  .meta({ id: 'intelligence_v1_ListOrefAlertsResponse', description: 'Israel Home Front Command alerts.' });

export type ListOrefAlertsResponse = z.infer<typeof ListOrefAlertsResponse>;

export const XFeedItem = z
  .object({
    id: z.string().meta({ description: '`<handle>:<post id>`.' }),
    accountId: z.string(),
    accountName: z.string(),
    handle: z.string(),
    topic: z
      .string()
      .meta({ description: 'Topic the account is filed under (military, diplomacy, cyber, disasters).' }),
    timestampMs: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'When the post was made, Unix epoch milliseconds.' }),
    permalink: z.string(),
    facts: z
      .array(z.string())
      .meta({ description: 'What can be said about the post without its text (which is not redistributed).' }),
    hasMedia: z.boolean(),
    lang: z.string().meta({ description: 'Language code X detected; empty when none.' }),
    contentState: z.string().meta({ description: '`active`.' }),
  })
  .meta({ id: 'intelligence_v1_XFeedItem', description: 'Metadata of one post (no text).' });

export const ListXFeedRequest = z.object({
  limit: int32Param({ min: 0, description: 'Most posts; omitted or 0 means 50, at most 200.' }),
  topic: stringParam('Only posts of accounts filed under this topic (case-insensitive).', 64),
  account: stringParam('Only posts of this handle (case-insensitive, without @).', 64),
});

export type ListXFeedRequest = z.infer<typeof ListXFeedRequest>;

export const ListXFeedResponse = z
  .object({
    enabled: z
      .boolean()
      .meta({ description: 'The posts come from the X API; false when replaying the bundled capture.' }),
    posts: z.array(XFeedItem).meta({ description: 'Newest first.' }),
    count: int32('Posts returned.'),
    error: z.string().meta({ description: 'Why the feed is not live; empty when it is.' }),
  })
  .meta({ id: 'intelligence_v1_ListXFeedResponse', description: 'Posts of followed X accounts (metadata only).' });

export type ListXFeedResponse = z.infer<typeof ListXFeedResponse>;

export const TelegramMessage = z
  .object({
    id: z.string().meta({ description: '`<channel handle>:<message id>`.' }),
    channelId: z.string().meta({ description: 'Channel handle.' }),
    channelName: z.string().meta({ description: 'Channel title.' }),
    text: z.string().meta({ description: 'Message text (at most 800 characters).' }),
    timestampMs: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'When the message was posted, Unix epoch milliseconds.' }),
    mediaUrls: z.array(z.string()).meta({ description: 'Always empty: media are not collected.' }),
    sourceUrl: z.string().meta({ description: 'The message on t.me.' }),
    topic: z.string().meta({ description: 'Topic the channel is filed under.' }),
  })
  .meta({ id: 'intelligence_v1_TelegramMessage', description: 'One message of a public channel.' });

export const ListTelegramFeedRequest = z.object({
  limit: int32Param({ min: 0, description: 'Most messages; omitted or 0 means 50, at most 200.' }),
  topic: stringParam('Only channels filed under this topic (case-insensitive).', 64),
  channel: stringParam('Only this channel handle (case-insensitive, without @).', 64),
});

export type ListTelegramFeedRequest = z.infer<typeof ListTelegramFeedRequest>;

export const ListTelegramFeedResponse = z
  .object({
    enabled: z
      .boolean()
      .meta({ description: 'The messages come from the live relay; false when replaying the bundled capture.' }),
    messages: z.array(TelegramMessage).meta({ description: 'Newest first.' }),
    count: int32('Messages returned.'),
    error: z.string().meta({ description: 'Why the feed is not live; empty when it is.' }),
  })
  .meta({ id: 'intelligence_v1_ListTelegramFeedResponse', description: 'Messages of followed Telegram channels.' });

export type ListTelegramFeedResponse = z.infer<typeof ListTelegramFeedResponse>;
