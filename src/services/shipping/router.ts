import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { IdempotencyHeaders } from '../../platform/batch/idempotency-headers.js';
import { laneView, LANE_DATASETS } from '../supply-chain/index.js';
import {
  deleteWebhook,
  getWebhook,
  listWebhooks,
  reactivateWebhook,
  registerWebhook,
  rotateWebhookSecret,
} from './webhooks/queries.js';
import {
  DeleteWebhookResponse,
  ReactivateWebhookResponse,
  RotateWebhookSecretResponse,
  WebhookIdRequest,
  WebhookSummary,
  ListWebhooksRequest,
  ListWebhooksResponse,
  RegisterWebhookRequest,
  RegisterWebhookResponse,
  RouteIntelligenceRequest,
  RouteIntelligenceResponse,
} from './schemas.js';

/** Shipping v2: its own version segment (`/api/v2/shipping/<rpc>`), served by the same chain and document. */
export const shippingRouter = router({
  routeIntelligence: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/v2/shipping/route-intelligence',
        operationId: 'RouteIntelligence',
        tags: ['shipping'],
        summary: 'Chokepoint exposure and bypasses of a trade lane',
        description:
          'The same lane model as supply-chain get-route-explorer-lane, in the v2 shape: the primary route between the two ' +
          'countries (the one matching the cargo type first), the share of the lane’s routes passing each chokepoint, up to five ' +
          'bypasses of its most exposed chokepoint (the first of those shares, ties in registry order, as the published service ' +
          'picks it), and that chokepoint’s current war-risk tier and disruption score. PRO plans and above. Deviations from ' +
          'the published service: it takes the first shared route as primary without ranking by cargo, and measures exposure ' +
          'as the share of the chokepoint’s own routes that the lane uses, so shares and ties can differ.',
      },
      cacheTier: 'slow',
      requiredTier: 1,
      datasets: LANE_DATASETS,
    })
    .input(RouteIntelligenceRequest)
    .output(RouteIntelligenceResponse)
    .query(({ ctx, input }) => {
      const v = laneView(ctx.deps.store, input.fromIso2, input.toIso2, input.cargoType, input.hs2);
      if (v.degraded) markDegraded(ctx);
      return {
        fromIso2: input.fromIso2,
        toIso2: input.toIso2,
        cargoType: v.cargo,
        hs2: v.hs2,
        primaryRouteId: v.primaryRouteId,
        chokepointExposures: v.exposures,
        bypassOptions: v.corridors.map((c) => ({
          id: c.id,
          name: c.name,
          type: c.type,
          addedTransitDays: c.addedTransitDays,
          addedCostMultiplier: c.addedCostMultiplier,
          activationThreshold: c.activationThreshold,
        })),
        warRiskTier: v.warRiskTier,
        disruptionScore: v.disruptionScore,
        fetchedAt: v.fetchedAt,
      };
    }),

  listWebhooks: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/v2/shipping/webhooks',
        operationId: 'ListWebhooks',
        tags: ['shipping'],
        summary: 'List your chokepoint-disruption webhooks',
        description:
          'The webhook registrations of the calling account, oldest first, without their secrets. PRO plans and above, with an ' +
          'API key (browser sessions are refused). The delivery log of each registration is kept by the service and shown to ' +
          'operators with `mds webhooks deliveries`.',
      },
      cacheTier: 'no-store',
      requiredTier: 1,
    })
    .input(ListWebhooksRequest)
    .output(ListWebhooksResponse)
    .query(({ ctx }) => listWebhooks(ctx)),

  registerWebhook: operation
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/v2/shipping/webhooks',
        operationId: 'RegisterWebhook',
        tags: ['shipping'],
        summary: 'Register a chokepoint-disruption webhook',
        description:
          'Stores a callback for the calling account (at most WEBHOOK_MAX_PER_ACCOUNT, default 10) and returns its signing secret ' +
          'once. Whenever a snapshot swap changes the status badge (green/yellow/red) of a followed chokepoint and the disruption ' +
          'score reaches alertThreshold before or after the change, the service POSTs a `chokepoint.disruption` event to the ' +
          'callback with headers X-Service-Event, X-Service-Delivery-Id, X-Service-Timestamp (Unix seconds) and ' +
          'X-Service-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" keyed by the secret>. A non-2xx answer is retried ' +
          'with exponential backoff. The address must be https and resolve only to public addresses, checked now and again at ' +
          'every delivery. PRO plans and above, with an API key.',
        requestHeaders: IdempotencyHeaders,
      },
      cacheTier: 'no-store',
      requiredTier: 1,
    })
    .input(RegisterWebhookRequest)
    .output(RegisterWebhookResponse)
    .mutation(({ ctx, input }) => registerWebhook(ctx, input)),

  getWebhook: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/v2/shipping/webhooks/{subscriberId}',
        operationId: 'GetWebhook',
        tags: ['shipping'],
        summary: 'One of your chokepoint-disruption webhooks',
        description:
          'The registration, without its secret, as the list shows it. Another account’s registration is answered as not ' +
          'found (404). PRO plans and above, with an API key.',
      },
      notFound: true,
      cacheTier: 'no-store',
      requiredTier: 1,
    })
    .input(WebhookIdRequest)
    .output(WebhookSummary)
    .query(({ ctx, input }) => getWebhook(ctx, input.subscriberId)),

  rotateWebhookSecret: operation
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/v2/shipping/webhooks/{subscriberId}/rotate-secret',
        operationId: 'RotateWebhookSecret',
        tags: ['shipping'],
        summary: 'Give a webhook a new signing secret',
        description:
          'Replaces the registration’s signing secret and returns the new one once; every attempt from now on, retries ' +
          'included, is signed with it. No body. PRO plans and above, with an API key.',
      },
      notFound: true,
      cacheTier: 'no-store',
      requiredTier: 1,
    })
    .input(WebhookIdRequest)
    .output(RotateWebhookSecretResponse)
    .mutation(({ ctx, input }) => rotateWebhookSecret(ctx, input.subscriberId)),

  reactivateWebhook: operation
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/v2/shipping/webhooks/{subscriberId}/reactivate',
        operationId: 'ReactivateWebhook',
        tags: ['shipping'],
        summary: 'Turn a deactivated webhook back on',
        description:
          'Marks the registration active again, so status changes from now on are delivered to it (deliveries that failed ' +
          'while it was inactive are not re-sent). No body. PRO plans and above, with an API key.',
      },
      notFound: true,
      cacheTier: 'no-store',
      requiredTier: 1,
    })
    .input(WebhookIdRequest)
    .output(ReactivateWebhookResponse)
    .mutation(({ ctx, input }) => reactivateWebhook(ctx, input.subscriberId)),

  deleteWebhook: operation
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/api/v2/shipping/webhooks/{subscriberId}',
        operationId: 'DeleteWebhook',
        tags: ['shipping'],
        summary: 'Delete one of your webhooks',
        description:
          'Removes the registration: nothing more is sent to it, retries in progress included, and it no longer counts ' +
          'against the account’s cap. Not in the published service, which lets registrations lapse after 30 days. PRO ' +
          'plans and above, with an API key.',
      },
      notFound: true,
      cacheTier: 'no-store',
      requiredTier: 1,
    })
    .input(WebhookIdRequest)
    .output(DeleteWebhookResponse)
    .mutation(({ ctx, input }) => deleteWebhook(ctx, input.subscriberId)),
});
