import { z } from 'zod';

const int32 = (description?: string) =>
  z
    .number()
    .int()
    .min(-2147483648)
    .max(2147483647)
    .meta({ format: 'int32', ...(description ? { description } : {}) });

// ---------------------------------------------------------------------------------------------
// Webhooks
// ---------------------------------------------------------------------------------------------

export const WebhookSummary = z
  .object({
    subscriberId: z.string().meta({ description: 'wh_ followed by 24 hex digits.' }),
    callbackUrl: z.string(),
    chokepointIds: z.array(z.string()).meta({ description: 'Chokepoints followed; empty means every chokepoint.' }),
    alertThreshold: int32('Disruption score (0-100) a status change must reach, before or after, to be delivered.'),
    createdAt: z.string().meta({ description: 'ISO-8601 registration time.' }),
    active: z.boolean(),
  })
  .meta({
    id: 'shipping_v2_WebhookSummary',
    description: 'One webhook registration; the signing secret is never shown again.',
  });

export type WebhookSummary = z.infer<typeof WebhookSummary>;

export const ListWebhooksRequest = z.object({}).meta({ id: 'shipping_v2_ListWebhooksRequest' });

export const ListWebhooksResponse = z
  .object({ webhooks: z.array(WebhookSummary).meta({ description: 'Oldest registration first.' }) })
  .meta({ id: 'shipping_v2_ListWebhooksResponse', description: 'The calling account’s webhook registrations.' });

export type ListWebhooksResponse = z.infer<typeof ListWebhooksResponse>;

export const RegisterWebhookRequest = z
  .object({
    callbackUrl: z.string().min(8).max(2048).meta({
      description: 'https address that receives the events; loopback, private and link-local targets are refused.',
    }),
    chokepointIds: z.array(z.string().min(1).max(64)).max(64).optional().meta({
      description: 'Canonical chokepoint ids to follow (e.g. suez, hormuz_strait); omitted means every chokepoint.',
    }),
    alertThreshold: z.number().int().min(0).max(100).optional().meta({
      format: 'int32',
      description: 'Disruption score that makes a status change worth sending, default 50 (0 sends every change).',
    }),
  })
  .meta({ id: 'shipping_v2_RegisterWebhookRequest' });

export type RegisterWebhookRequest = z.infer<typeof RegisterWebhookRequest>;

export const RegisterWebhookResponse = z
  .object({
    subscriberId: z.string(),
    secret: z
      .string()
      .meta({ description: '64 hex digits: the HMAC-SHA256 key of X-Service-Signature. Shown only here.' }),
  })
  .meta({ id: 'shipping_v2_RegisterWebhookResponse', description: 'The new registration’s id and signing secret.' });

export type RegisterWebhookResponse = z.infer<typeof RegisterWebhookResponse>;

/** The registration a path names (`/api/v2/shipping/webhooks/{subscriberId}`). */
export const WebhookIdRequest = z
  .object({ subscriberId: z.string().min(1).max(64).meta({ description: 'The registration’s id (wh_…).' }) })
  .meta({ id: 'shipping_v2_WebhookIdRequest' });

export type WebhookIdRequest = z.infer<typeof WebhookIdRequest>;

export const RotateWebhookSecretResponse = z
  .object({
    subscriberId: z.string(),
    secret: z
      .string()
      .meta({ description: 'The new signing key (64 hex digits), shown only here; the old one stops at once.' }),
    rotatedAt: z.string().meta({ description: 'ISO-8601 time of the rotation.' }),
  })
  .meta({ id: 'shipping_v2_RotateWebhookSecretResponse', description: 'The registration’s new signing secret.' });

export type RotateWebhookSecretResponse = z.infer<typeof RotateWebhookSecretResponse>;

export const ReactivateWebhookResponse = z
  .object({ subscriberId: z.string(), active: z.boolean() })
  .meta({ id: 'shipping_v2_ReactivateWebhookResponse', description: 'The registration, delivering again.' });

export type ReactivateWebhookResponse = z.infer<typeof ReactivateWebhookResponse>;

export const DeleteWebhookResponse = z.object({ subscriberId: z.string(), deleted: z.boolean() }).meta({
  id: 'shipping_v2_DeleteWebhookResponse',
  description: 'The registration is gone; nothing more is sent to it.',
});

export type DeleteWebhookResponse = z.infer<typeof DeleteWebhookResponse>;

// ---------------------------------------------------------------------------------------------
// Route intelligence
// ---------------------------------------------------------------------------------------------

const Iso2 = (description: string) =>
  z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code in upper case')
    .meta({ description });

export const RouteIntelligenceRequest = z
  .object({
    fromIso2: Iso2('Exporting country.'),
    toIso2: Iso2('Importing country.'),
    cargoType: z
      .enum(['container', 'tanker', 'bulk', 'roro'])
      .optional()
      .meta({ description: 'container (default), tanker, bulk or roro.' }),
    hs2: z
      .string()
      .regex(/^\d{1,2}$/, 'must be an HS chapter of one or two digits')
      .optional()
      .meta({ description: 'HS chapter of the cargo (default 27); echoed.' }),
  })
  .meta({ id: 'shipping_v2_RouteIntelligenceRequest' });

export type RouteIntelligenceRequest = z.infer<typeof RouteIntelligenceRequest>;

export const ChokepointExposure = z
  .object({
    chokepointId: z.string(),
    chokepointName: z.string(),
    exposurePct: int32('Share of the lane’s modelled routes passing the chokepoint, percent.'),
  })
  .meta({ id: 'shipping_v2_ChokepointExposure', description: 'How much of a lane passes one chokepoint.' });

export const RouteBypassOption = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.string(),
    addedTransitDays: int32(),
    addedCostMultiplier: z.number().meta({ format: 'double' }),
    activationThreshold: z.string(),
  })
  .meta({ id: 'shipping_v2_BypassOption', description: 'A bypass of the lane’s primary chokepoint.' });

export const RouteIntelligenceResponse = z
  .object({
    fromIso2: z.string(),
    toIso2: z.string(),
    cargoType: z.string(),
    hs2: z.string(),
    primaryRouteId: z.string().meta({ description: 'Empty when the model has no route shared by both countries.' }),
    chokepointExposures: z.array(ChokepointExposure),
    bypassOptions: z.array(RouteBypassOption),
    warRiskTier: z.string(),
    disruptionScore: int32('Current disruption score (0-100) of the primary chokepoint.'),
    fetchedAt: z
      .string()
      .meta({ description: 'ISO-8601 time of the chokepoint status; empty when it is unavailable.' }),
  })
  .meta({
    id: 'shipping_v2_RouteIntelligenceResponse',
    description: 'Chokepoint exposure and bypasses of the lane between two countries.',
  });

export type RouteIntelligenceResponse = z.infer<typeof RouteIntelligenceResponse>;
