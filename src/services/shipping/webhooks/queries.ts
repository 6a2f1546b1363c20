import { ServiceError } from '../../../platform/errors.js';
import { idempotent } from '../../../trpc/idempotent.js';
import type { RequestContext } from '../../../trpc/context.js';
import { CHOKEPOINTS, type ChokepointDef } from '../../supply-chain/index.js';
import type {
  DeleteWebhookResponse,
  ListWebhooksResponse,
  ReactivateWebhookResponse,
  RegisterWebhookRequest,
  RegisterWebhookResponse,
  RotateWebhookSecretResponse,
  WebhookSummary,
} from '../schemas.js';
import { webhooksOf } from './delivery.js';
import { DEFAULT_ALERT_THRESHOLD, newSecret, newSubscriberId } from './rules.js';
import { callbackRefusal } from '../../../platform/delivery/targets.js';
import type { Registration } from './store.js';

/** Registrations belong to the caller's account; an operator key (no account) is its own owner. */
function ownerOf(ctx: RequestContext): string {
  const p = ctx.principal;
  if (!p) throw ServiceError.gateway(401, 'API key required');
  return p.accountId ?? `${p.kind}:${p.id}`;
}

const summary = (r: Registration): WebhookSummary => ({
  subscriberId: r.id,
  callbackUrl: r.callbackUrl,
  chokepointIds: r.chokepointIds,
  alertThreshold: r.alertThreshold,
  createdAt: new Date(r.createdAt).toISOString(),
  active: r.active,
});

export async function listWebhooks(ctx: RequestContext): Promise<ListWebhooksResponse> {
  const rows = await webhooksOf(ctx.deps).store.listForAccount(ownerOf(ctx));
  return { webhooks: rows.map(summary) };
}

/**
 * The caller's registration by id. Another account's is answered exactly like a missing one (404),
 * so ids cannot be probed for existence (the published service says 403 there).
 */
async function ownRegistration(ctx: RequestContext, subscriberId: string): Promise<Registration> {
  const owner = ownerOf(ctx);
  const r = await webhooksOf(ctx.deps).store.registration(subscriberId);
  if (!r || r.accountId !== owner) throw ServiceError.gateway(404, 'Webhook not found');
  return r;
}

export async function getWebhook(ctx: RequestContext, subscriberId: string): Promise<WebhookSummary> {
  return summary(await ownRegistration(ctx, subscriberId));
}

/** A new signing secret, in force at once: deliveries still retrying are signed with it from their next attempt. */
export async function rotateWebhookSecret(
  ctx: RequestContext,
  subscriberId: string,
): Promise<RotateWebhookSecretResponse> {
  const r = await ownRegistration(ctx, subscriberId);
  const secret = newSecret();
  if (!(await webhooksOf(ctx.deps).store.setSecret(r.id, secret))) throw ServiceError.gateway(404, 'Webhook not found');
  return { subscriberId: r.id, secret, rotatedAt: new Date(ctx.deps.clock.now()).toISOString() };
}

export async function reactivateWebhook(ctx: RequestContext, subscriberId: string): Promise<ReactivateWebhookResponse> {
  const r = await ownRegistration(ctx, subscriberId);
  if (!(await webhooksOf(ctx.deps).store.setActive(r.id, true))) throw ServiceError.gateway(404, 'Webhook not found');
  return { subscriberId: r.id, active: true };
}

/** Deletes the registration; its delivery log stays for operators, and pending retries to it stop. */
export async function deleteWebhook(ctx: RequestContext, subscriberId: string): Promise<DeleteWebhookResponse> {
  const r = await ownRegistration(ctx, subscriberId);
  if (!(await webhooksOf(ctx.deps).store.remove(r.id))) throw ServiceError.gateway(404, 'Webhook not found');
  return { subscriberId: r.id, deleted: true };
}

/**
 * Validates and stores a registration: the address by the delivery rules (https, public addresses
 * only, resolved now and again at every delivery), the chokepoints against the registry, the
 * account's cap. Safe to retry with an Idempotency-Key.
 */
export async function registerWebhook(
  ctx: RequestContext,
  input: RegisterWebhookRequest,
): Promise<RegisterWebhookResponse> {
  const owner = ownerOf(ctx);
  // Registrations are keyed apart from the caller's other idempotent calls.
  return idempotent(ctx, input, () => register(ctx, owner, input), `shipping-webhooks:${owner}`);
}

async function register(
  ctx: RequestContext,
  owner: string,
  input: RegisterWebhookRequest,
): Promise<RegisterWebhookResponse> {
  const service = webhooksOf(ctx.deps);
  const registry = ctx.deps.store.read<ChokepointDef>(CHOKEPOINTS);
  const known = registry ? new Set(registry.records.map((c) => c.id)) : undefined;
  const requested = [...new Set(input.chokepointIds ?? [])];
  const unknown = known ? requested.filter((id) => !known.has(id)) : requested.filter((id) => !/^[a-z0-9_]+$/.test(id));
  if (unknown.length > 0)
    throw ServiceError.validation([
      { field: 'chokepointIds', description: `unknown chokepoint id: ${unknown.join(', ')}` },
    ]);
  const refusal = await callbackRefusal(input.callbackUrl, service.policy);
  if (refusal) throw ServiceError.validation([{ field: 'callbackUrl', description: refusal }]);
  const max = ctx.deps.config.WEBHOOK_MAX_PER_ACCOUNT;
  const registration = {
    id: newSubscriberId(),
    accountId: owner,
    // Stored as the parsed URL's href: normalised, control characters percent-encoded (tab and newline
    // removed), so what is delivered to, listed and shown to operators is one plain address.
    callbackUrl: new URL(input.callbackUrl).href,
    // Omitted: every chokepoint of the registry (empty when there is none yet, which also means all).
    chokepointIds: requested.length > 0 ? requested : registry ? registry.records.map((c) => c.id) : [],
    alertThreshold: input.alertThreshold ?? DEFAULT_ALERT_THRESHOLD,
    secret: newSecret(),
    active: true,
    createdAt: ctx.deps.clock.now(),
  };
  if (!(await service.store.insertBounded(registration, max))) {
    throw ServiceError.validation([
      { field: 'callbackUrl', description: `this account already holds ${max} webhooks, the most allowed` },
    ]);
  }
  return { subscriberId: registration.id, secret: registration.secret };
}
