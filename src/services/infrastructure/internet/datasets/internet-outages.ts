import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { countryByCode } from '../../../../reference/countries.js';
import type { InternetOutage } from '../schemas.js';
import { humanise, outageSeverity } from '../rules.js';
import { newestFirst } from '../../../../platform/ordering.js';

export const INTERNET_OUTAGES = 'infrastructure.internet-outages';

/** A stored outage: the contract fields plus the ISO code the country filter indexes on. */
export interface OutageRow extends InternetOutage {
  countryCode: string;
}

const HEADLINE: Record<string, string> = {
  NATIONWIDE: 'nationwide internet outage',
  REGIONAL: 'regional internet outage',
  NETWORK: 'network outage',
  PLATFORM: 'platform outage',
};

const Annotation = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  description: z.string().nullable().optional(),
  scope: z.string().nullable().optional(),
  startDate: z.string(),
  endDate: z.string().nullable().optional(),
  linkedUrl: z.string().nullable().optional(),
  locations: z.array(z.string()).optional(),
  locationsDetails: z.array(z.object({ code: z.string(), name: z.string().optional() })).optional(),
  asnsDetails: z
    .array(z.object({ asn: z.union([z.string(), z.number()]).transform(String), name: z.string().optional() }))
    .optional(),
  outage: z.object({ outageCause: z.string().optional(), outageType: z.string().optional() }).optional(),
});

const Envelope = z.object({
  success: z.boolean(),
  errors: z.array(z.unknown()).optional(),
  result: z.object({ annotations: z.array(z.unknown()) }).optional(),
});

/**
 * Cloudflare Radar outage annotations -> one outage per affected country, newest first.
 * Annotations with an unreadable start date or no country are skipped, not guessed.
 */
export function parseRadarOutages(bytes: Buffer): OutageRow[] {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`Cloudflare Radar response is not JSON: ${(err as Error).message}`);
  }
  const env = Envelope.safeParse(json);
  if (!env.success)
    throw new Error(`Cloudflare Radar response has an unexpected shape: ${env.error.issues[0]?.message ?? 'unknown'}`);
  if (!env.data.success || !env.data.result)
    throw new Error(`Cloudflare Radar reported failure: ${JSON.stringify(env.data.errors ?? []).slice(0, 200)}`);
  const rows: OutageRow[] = [];
  for (const raw of env.data.result.annotations) {
    const a = Annotation.safeParse(raw);
    if (!a.success) continue;
    const ann = a.data;
    const detectedAt = Date.parse(ann.startDate);
    if (!Number.isFinite(detectedAt)) continue;
    const ended = ann.endDate ? Date.parse(ann.endDate) : NaN;
    const causeCode = ann.outage?.outageCause ?? '';
    const typeCode = ann.outage?.outageType ?? '';
    const codes = ann.locationsDetails?.map((l) => l.code) ?? ann.locations ?? [];
    const networks = (ann.asnsDetails ?? []).map((n) => (n.name ? `${n.name} (AS${n.asn})` : `AS${n.asn}`));
    for (const rawCode of new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))) {
      const country = countryByCode(rawCode);
      const countryName =
        country?.name ?? ann.locationsDetails?.find((l) => l.code.toUpperCase() === rawCode)?.name ?? rawCode;
      const region = ann.scope?.trim() || (typeCode.toUpperCase() === 'NETWORK' ? networks.join(', ') : '');
      rows.push({
        id: `cf-${ann.id}-${rawCode}`,
        title: `${countryName}: ${HEADLINE[typeCode.toUpperCase()] ?? 'internet outage'}${region ? ` (${region})` : ''}`,
        link: ann.linkedUrl ?? '',
        description: (ann.description ?? '').trim(),
        detectedAt,
        country: countryName,
        region,
        ...(country ? { location: { latitude: country.lat, longitude: country.lon } } : {}),
        severity: outageSeverity(typeCode, causeCode),
        categories: [causeCode, typeCode].filter(Boolean).map((c) => c.toLowerCase().replace(/_+/g, '-')),
        cause: humanise(causeCode),
        outageType: humanise(typeCode),
        endedAt: Number.isFinite(ended) ? ended : 0,
        countryCode: country?.alpha2 ?? rawCode,
      });
    }
  }
  return rows.sort(
    newestFirst(
      (r) => r.detectedAt,
      (r) => r.id,
    ),
  );
}

export const internetOutagesDataset: Dataset<OutageRow> = {
  name: INTERNET_OUTAGES,
  source: 'Cloudflare Radar outage annotations',
  kind: 'live',
  maxStaleMinutes: 60,
  sources: {
    radar: {
      url: 'https://api.cloudflare.com/client/v4/radar/annotations/outages?dateRange=7d&limit=500&format=json',
      sample: 'infrastructure/cloudflare-radar-outages.json',
      requires: ['CLOUDFLARE_RADAR_TOKEN'],
      headers: (config): Record<string, string> =>
        config.CLOUDFLARE_RADAR_TOKEN ? { authorization: `Bearer ${config.CLOUDFLARE_RADAR_TOKEN}` } : {},
    },
  },
  // A quiet week with no confirmed outages is a real answer, not a broken feed.
  allowEmpty: true,
  parse(payloads) {
    return { records: parseRadarOutages(payloads.radar!) };
  },
};
