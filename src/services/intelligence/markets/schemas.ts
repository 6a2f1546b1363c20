import { z } from 'zod';
import { stringParam } from '../../../platform/query-params.js';

export const SIGNAL_TYPES = [
  'CROSS_SOURCE_SIGNAL_TYPE_UNSPECIFIED',
  'CROSS_SOURCE_SIGNAL_TYPE_COMPOSITE_ESCALATION',
  'CROSS_SOURCE_SIGNAL_TYPE_THERMAL_SPIKE',
  'CROSS_SOURCE_SIGNAL_TYPE_GPS_JAMMING',
  'CROSS_SOURCE_SIGNAL_TYPE_MILITARY_FLIGHT_SURGE',
  'CROSS_SOURCE_SIGNAL_TYPE_UNREST_SURGE',
  'CROSS_SOURCE_SIGNAL_TYPE_OREF_ALERT_CLUSTER',
  'CROSS_SOURCE_SIGNAL_TYPE_VIX_SPIKE',
  'CROSS_SOURCE_SIGNAL_TYPE_COMMODITY_SHOCK',
  'CROSS_SOURCE_SIGNAL_TYPE_CYBER_ESCALATION',
  'CROSS_SOURCE_SIGNAL_TYPE_SHIPPING_DISRUPTION',
  'CROSS_SOURCE_SIGNAL_TYPE_SANCTIONS_SURGE',
  'CROSS_SOURCE_SIGNAL_TYPE_EARTHQUAKE_SIGNIFICANT',
  'CROSS_SOURCE_SIGNAL_TYPE_RADIATION_ANOMALY',
  'CROSS_SOURCE_SIGNAL_TYPE_INFRASTRUCTURE_OUTAGE',
  'CROSS_SOURCE_SIGNAL_TYPE_WILDFIRE_ESCALATION',
  'CROSS_SOURCE_SIGNAL_TYPE_DISPLACEMENT_SURGE',
  'CROSS_SOURCE_SIGNAL_TYPE_FORECAST_DETERIORATION',
  'CROSS_SOURCE_SIGNAL_TYPE_MARKET_STRESS',
  'CROSS_SOURCE_SIGNAL_TYPE_WEATHER_EXTREME',
  'CROSS_SOURCE_SIGNAL_TYPE_MEDIA_TONE_DETERIORATION',
  'CROSS_SOURCE_SIGNAL_TYPE_RISK_SCORE_SPIKE',
] as const;

export const SIGNAL_SEVERITIES = [
  'CROSS_SOURCE_SIGNAL_SEVERITY_UNSPECIFIED',
  'CROSS_SOURCE_SIGNAL_SEVERITY_LOW',
  'CROSS_SOURCE_SIGNAL_SEVERITY_MEDIUM',
  'CROSS_SOURCE_SIGNAL_SEVERITY_HIGH',
  'CROSS_SOURCE_SIGNAL_SEVERITY_CRITICAL',
] as const;

export const ListCrossSourceSignalsRequest = z.object({});
export type ListCrossSourceSignalsRequest = z.infer<typeof ListCrossSourceSignalsRequest>;

export const CrossSourceSignal = z
  .object({
    id: z.string().meta({ description: '`<type>:<key>`; composites are `composite:<theater>`.' }),
    type: z.enum(SIGNAL_TYPES),
    theater: z.string().meta({
      description:
        'Region the signal is grouped in (Middle East, Eastern Europe, Persian Gulf …); `Global` for market-wide signals.',
    }),
    summary: z.string(),
    severity: z
      .enum(SIGNAL_SEVERITIES)
      .meta({ description: 'From severityScore: CRITICAL from 3.5, HIGH from 2.5, MEDIUM from 1.5, else LOW.' }),
    severityScore: z
      .number()
      .meta({ format: 'double', description: 'Base weight of the type x a factor of its size (at most 2).' }),
    detectedAt: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'Newest input behind the signal, Unix epoch milliseconds.' }),
    contributingTypes: z
      .array(z.string())
      .meta({ description: 'Signal types behind it (itself, or a composite’s members).' }),
    signalCount: z
      .number()
      .int()
      .meta({ format: 'int32', description: 'Signals behind it: 1, or a composite’s member count.' }),
  })
  .meta({ id: 'intelligence_v1_CrossSourceSignal' });

export const ListCrossSourceSignalsResponse = z
  .object({
    signals: z
      .array(CrossSourceSignal)
      .meta({ description: 'Composites first, then by score and recency; at most 30.' }),
    evaluatedAt: z.number().int().meta({
      format: 'int64',
      description: 'The newest input snapshot the signals were computed from, epoch ms; 0 with no input.',
    }),
    compositeCount: z.number().int().meta({ format: 'int32' }),
  })
  .meta({ id: 'intelligence_v1_ListCrossSourceSignalsResponse' });
export type ListCrossSourceSignalsResponse = z.infer<typeof ListCrossSourceSignalsResponse>;

export const FRAMEWORK_IDS = ['dalio-macro', 'buffett-value', 'pmesii-pt', 'doomsday-prepper'] as const;

export const ListMarketImplicationsRequest = z.object({
  frameworkId: stringParam(
    'Analytic framework: dalio-macro, buffett-value, pmesii-pt or doomsday-prepper; accepted and ignored as published (one card set for all).',
    64,
  ),
});
export type ListMarketImplicationsRequest = z.infer<typeof ListMarketImplicationsRequest>;

export const TransmissionNode = z
  .object({
    node: z.string().meta({ description: 'A step from the driver to the instrument.' }),
    impactType: z.string().meta({
      description: 'supply_shock, demand_shock, risk_off, risk_on, inflation, rates, currency or safe_haven.',
    }),
    logic: z.string(),
  })
  .meta({ id: 'intelligence_v1_TransmissionNode' });

export const MarketImplicationCard = z
  .object({
    ticker: z.string(),
    name: z.string(),
    direction: z.string().meta({ description: 'LONG, SHORT or HEDGE.' }),
    timeframe: z.string().meta({ description: '1W, 2W, 1M or 3M.' }),
    confidence: z.string().meta({ description: 'HIGH, MEDIUM or LOW.' }),
    title: z.string(),
    narrative: z.string().meta({ description: 'Why; a rule-based card starts by saying it is not model-written.' }),
    riskCaveat: z.string(),
    driver: z.string().meta({ description: 'The snapshot fact the card rests on.' }),
    transmissionChain: z.array(TransmissionNode).meta({ description: 'Two to four steps.' }),
  })
  .meta({ id: 'intelligence_v1_MarketImplicationCard' });
export type MarketImplicationCard = z.infer<typeof MarketImplicationCard>;

export const ListMarketImplicationsResponse = z
  .object({
    cards: z.array(MarketImplicationCard).meta({ description: 'At most 5.' }),
    degraded: z.boolean().meta({ description: 'True when there is no card (then not cached).' }),
    emptyReason: z.string().meta({
      description:
        '`no_cards` when the facts support none, `data_unavailable` when no input snapshot is loaded; empty otherwise.',
    }),
    generatedAt: z.string().meta({ description: 'When the cards were written, ISO 8601.' }),
  })
  .meta({ id: 'intelligence_v1_ListMarketImplicationsResponse' });
export type ListMarketImplicationsResponse = z.infer<typeof ListMarketImplicationsResponse>;
