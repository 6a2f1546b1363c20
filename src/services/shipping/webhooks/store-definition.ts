import { defineStore } from '../../../platform/stores/registry.js';
import { SqliteWebhookStore, type WebhookStore } from './store.js';
import { PgWebhookStore } from './store-pg.js';

/** Webhook registrations and their deliveries: the SQLite file's, or PostgreSQL's shared by every node. */
export const WEBHOOK_STORE = defineStore<WebhookStore>({
  name: 'shipping_webhooks',
  sqlite: ({ db }) => new SqliteWebhookStore(db.$client),
  postgres: ({ db }) => new PgWebhookStore(db),
});
