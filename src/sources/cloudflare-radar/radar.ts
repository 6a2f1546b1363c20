import { z } from 'zod';
import type { Config } from '../../config.js';

/** Cloudflare Radar API (`Authorization: Bearer <CLOUDFLARE_RADAR_TOKEN>`). */
export const RADAR = 'https://api.cloudflare.com/client/v4/radar';

export function radarHeaders(config: Config): Record<string, string> {
  return config.CLOUDFLARE_RADAR_TOKEN ? { authorization: `Bearer ${config.CLOUDFLARE_RADAR_TOKEN}` } : {};
}

const Envelope = z.object({
  success: z.boolean(),
  errors: z.array(z.unknown()).optional(),
  result: z.record(z.string(), z.unknown()).optional(),
});

/** The `result` of a Radar response; a failure envelope or a body that is not one is refused. */
export function radarResult(input: Buffer | string): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch (err) {
    throw new Error(`Cloudflare Radar response is not JSON: ${(err as Error).message}`);
  }
  const env = Envelope.safeParse(json);
  if (!env.success) throw new Error('Cloudflare Radar response has an unexpected shape');
  if (!env.data.success || !env.data.result)
    throw new Error(`Cloudflare Radar reported failure: ${JSON.stringify(env.data.errors ?? []).slice(0, 200)}`);
  return env.data.result;
}

export interface RadarShare {
  label: string;
  percentage: number;
}

/** The date range a Radar result covers (`meta.dateRange[0]`), ISO strings or empty. */
export function radarDateRange(result: Record<string, unknown>): { start: string; end: string } {
  const range = z
    .object({ dateRange: z.array(z.object({ startTime: z.string(), endTime: z.string() })).min(1) })
    .safeParse(result.meta);
  return range.success
    ? { start: range.data.dateRange[0].startTime, end: range.data.dateRange[0].endTime }
    : { start: '', end: '' };
}

/** A `summary_0` map of label -> percentage text, largest share first. */
export function radarSummary(result: Record<string, unknown>): RadarShare[] {
  const summary = z.record(z.string(), z.union([z.string(), z.number()])).safeParse(result.summary_0);
  if (!summary.success) throw new Error('Cloudflare Radar summary has no summary_0');
  return Object.entries(summary.data)
    .map(([label, v]) => ({ label, percentage: Number(v) }))
    .filter((s) => Number.isFinite(s.percentage))
    .sort((a, b) => b.percentage - a.percentage || a.label.localeCompare(b.label));
}

export interface RadarTargetLocation {
  countryCode: string;
  countryName: string;
  percentage: number;
}

/** Layer-3 attack target locations (`top_0`), in rank order. */
export function radarTopTargets(result: Record<string, unknown>): RadarTargetLocation[] {
  const top = z
    .array(
      z.object({
        targetCountryAlpha2: z.string(),
        targetCountryName: z.string().optional(),
        value: z.union([z.string(), z.number()]),
        rank: z.number().optional(),
      }),
    )
    .safeParse(result.top_0);
  if (!top.success) throw new Error('Cloudflare Radar top locations have no top_0 list');
  return top.data
    .map((t) => ({
      countryCode: t.targetCountryAlpha2.toUpperCase(),
      countryName: t.targetCountryName ?? '',
      percentage: Number(t.value),
      rank: t.rank ?? 0,
    }))
    .filter((t) => Number.isFinite(t.percentage))
    .sort((a, b) => a.rank - b.rank || b.percentage - a.percentage)
    .map(({ rank: _rank, ...t }) => t);
}

export interface RadarTrafficAnomaly {
  uuid: string;
  type: string;
  status: string;
  startDate: number;
  endDate: number;
  asn: string;
  asnName: string;
  locationCode: string;
  locationName: string;
}

const Anomaly = z.object({
  uuid: z.string().min(1),
  type: z.string(),
  status: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable().optional(),
  asnDetails: z
    .object({
      asn: z.union([z.string(), z.number()]).transform(String),
      name: z.string().optional(),
      locations: z.object({ code: z.string(), name: z.string().optional() }).optional(),
    })
    .nullable()
    .optional(),
  locationDetails: z.object({ code: z.string(), name: z.string().optional() }).nullable().optional(),
});

/** `result.trafficAnomalies`; anomalies without a readable start are skipped. */
export function radarTrafficAnomalies(result: Record<string, unknown>): RadarTrafficAnomaly[] {
  if (!Array.isArray(result.trafficAnomalies))
    throw new Error('Cloudflare Radar traffic anomalies have no trafficAnomalies list');
  const out: RadarTrafficAnomaly[] = [];
  for (const raw of result.trafficAnomalies) {
    const a = Anomaly.safeParse(raw);
    if (!a.success) continue;
    const start = Date.parse(a.data.startDate);
    if (!Number.isFinite(start)) continue;
    const end = a.data.endDate ? Date.parse(a.data.endDate) : NaN;
    const loc = a.data.locationDetails ?? a.data.asnDetails?.locations;
    out.push({
      uuid: a.data.uuid,
      type: a.data.type,
      status: a.data.status,
      startDate: start,
      endDate: Number.isFinite(end) ? end : 0,
      asn: a.data.asnDetails?.asn ?? '',
      asnName: a.data.asnDetails?.name ?? '',
      locationCode: (loc?.code ?? '').toUpperCase(),
      locationName: loc?.name ?? '',
    });
  }
  return out;
}
