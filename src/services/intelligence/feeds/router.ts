import { operation } from '../../../trpc/procedures.js';
import { OREF_HISTORY } from './datasets/oref-history.js';
import { TELEGRAM_MESSAGES } from './datasets/telegram-messages.js';
import { X_POSTS } from './datasets/x-posts.js';
import { listOrefAlerts, listTelegramFeed, listXFeed } from './queries.js';
import {
  ListOrefAlertsRequest,
  ListOrefAlertsResponse,
  ListTelegramFeedRequest,
  ListTelegramFeedResponse,
  ListXFeedRequest,
  ListXFeedResponse,
} from './schemas.js';

export const feedsProcedures = {
  listOrefAlerts: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/list-oref-alerts',
        operationId: 'ListOrefAlerts',
        tags: ['intelligence'],
        summary: 'Israel Home Front Command alerts',
        description:
          'Siren alerts of Israel’s Home Front Command (OREF). The history is OREF’s alert-history document grouped ' +
          'into waves (alerts sounding together) over the week before it was fetched, replayed with their ' +
          'original times; the bundled sample is a dated capture. Live alerts need OREF_ALERTS_URL (OREF is only ' +
          'reachable from Israel): without it the answer carries the history, `configured:false` and an `error` ' +
          'saying so, and is not cached. `mode=MODE_HISTORY` asks for the history alone.',
      },
      cacheTier: 'fast',
      datasets: [OREF_HISTORY],
    })
    .input(ListOrefAlertsRequest)
    .output(ListOrefAlertsResponse)
    .query(({ ctx, input }) => listOrefAlerts(ctx.deps.store, ctx.deps.config, input, ctx.deps.clock.now())),
  listXFeed: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/list-x-feed',
        operationId: 'ListXFeed',
        tags: ['intelligence'],
        summary: 'Posts of followed X accounts',
        description:
          'Recent posts of a few official accounts (militaries, NATO, CISA, USGS) from the X API v2 user timelines, ' +
          'newest first, as metadata and derived facts: post text is not redistributed. Filter by topic or handle. ' +
          'With X_BEARER_TOKEN (a paid API tier) the timelines are read live and `enabled` is true; without it a ' +
          'dated capture is replayed with its original times, `enabled:false` and an `error` saying so (not cached).',
      },
      cacheTier: 'fast',
      datasets: [X_POSTS],
    })
    .input(ListXFeedRequest)
    .output(ListXFeedResponse)
    .query(({ ctx, input }) => listXFeed(ctx.deps.store, input)),
  listTelegramFeed: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/list-telegram-feed',
        operationId: 'ListTelegramFeed',
        tags: ['intelligence'],
        summary: 'Messages of followed Telegram channels',
        description:
          'Recent messages of a few public news and OSINT channels, newest first, filed by topic; filter by topic ' +
          'or channel handle. Telegram is read over MTProto with a user session, so the live feed comes from a ' +
          'relay running that client (TELEGRAM_RELAY_URL): then `enabled` is true. Without it the feed is unavailable: ' +
          'no messages, `enabled:false` and an `error` saying so (not cached).',
      },
      cacheTier: 'fast',
      datasets: [TELEGRAM_MESSAGES],
    })
    .input(ListTelegramFeedRequest)
    .output(ListTelegramFeedResponse)
    .query(({ ctx, input }) => listTelegramFeed(ctx.deps.store, input, !!ctx.deps.config.TELEGRAM_RELAY_URL)),
};
