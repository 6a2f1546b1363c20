import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { isValidCoordinate } from '../../../platform/geo.js';
import { relayHeaders } from '../../../sources/relay/client.js';
import { AisDisruption, SnapshotCandidateReport, type VesselSnapshot } from '../schemas.js';

export const VESSEL_SNAPSHOT = 'maritime.vessel-snapshot';
/** The relay's aggregate of the aisstream.io feed (the published relay serves it at this path). */
export const AIS_SNAPSHOT_PATH = '/ais/snapshot';
/** What the dataset asks for: the whole picture with both report kinds (no bbox: every zone). */
const SNAPSHOT_QUERY = '?candidates=true&tankers=true';

const Report = z.object({
  mmsi: z.union([z.string(), z.number()]).transform(String),
  name: z.string().default(''),
  lat: z.number(),
  lon: z.number(),
  shipType: z.number().int().default(0),
  heading: z.number().default(0),
  speed: z.number().default(0),
  course: z.number().default(0),
  timestamp: z.number().int(),
});
/**
 * The relay writes disruption types and severities in its own words (`chokepoint_congestion`, `high`);
 * the contract's enum names are accepted too. Anything else is UNSPECIFIED, as the published handler does.
 */
const DISRUPTION_TYPES: Record<string, z.infer<typeof AisDisruption.shape.type>> = {
  gap_spike: 'AIS_DISRUPTION_TYPE_GAP_SPIKE',
  chokepoint_congestion: 'AIS_DISRUPTION_TYPE_CHOKEPOINT_CONGESTION',
};
const DISRUPTION_SEVERITIES: Record<string, z.infer<typeof AisDisruption.shape.severity>> = {
  low: 'AIS_DISRUPTION_SEVERITY_LOW',
  elevated: 'AIS_DISRUPTION_SEVERITY_ELEVATED',
  high: 'AIS_DISRUPTION_SEVERITY_HIGH',
};
const wireEnum = <T extends string>(contract: z.ZodEnum<Record<T, T>>, words: Record<string, T>, unspecified: T) =>
  z.string().transform((v) => words[v] ?? (contract.safeParse(v).success ? (v as T) : unspecified));

const Doc = z.object({
  sequence: z.number().int().default(0),
  timestamp: z.string(),
  status: z.object({ connected: z.boolean(), vessels: z.number().int(), messages: z.number().int() }),
  density: z.array(
    z.object({
      id: z.string(),
      name: z.string().default(''),
      lat: z.number(),
      lon: z.number(),
      intensity: z.number(),
      deltaPct: z.number().default(0),
      shipsPerDay: z.number().int().default(0),
      note: z.string().default(''),
    }),
  ),
  disruptions: z.array(
    z.object({
      id: z.string(),
      name: z.string().default(''),
      type: wireEnum(AisDisruption.shape.type, DISRUPTION_TYPES, 'AIS_DISRUPTION_TYPE_UNSPECIFIED'),
      lat: z.number(),
      lon: z.number(),
      severity: wireEnum(AisDisruption.shape.severity, DISRUPTION_SEVERITIES, 'AIS_DISRUPTION_SEVERITY_UNSPECIFIED'),
      changePct: z.number().default(0),
      windowHours: z.number().int().default(0),
      darkShips: z.number().int().default(0),
      vesselCount: z.number().int().default(0),
      region: z.string().default(''),
      description: z.string().default(''),
    }),
  ),
  candidateReports: z.array(z.unknown()).default([]),
  tankerReports: z.array(z.unknown()).default([]),
});

/** Reports without an MMSI or a valid position are dropped. */
function reports(raw: unknown[]): z.infer<typeof SnapshotCandidateReport>[] {
  const out: z.infer<typeof SnapshotCandidateReport>[] = [];
  for (const r of raw) {
    const p = Report.safeParse(r);
    if (!p.success || !p.data.mmsi || !isValidCoordinate(p.data.lat, p.data.lon)) continue;
    out.push({ ...p.data, heading: Math.round(p.data.heading), course: Math.round(p.data.course) });
  }
  return out;
}

/** The relay's `/ais/snapshot` JSON -> the contract's vessel snapshot (with every report kept). */
export function parseAisSnapshot(body: unknown): VesselSnapshot {
  const doc = Doc.safeParse(body);
  if (!doc.success)
    throw new Error(
      `AIS snapshot has an unexpected shape: ${doc.error.issues[0]?.path.join('.')} ${doc.error.issues[0]?.message}`,
    );
  const d = doc.data;
  const snapshotAt = Date.parse(d.timestamp);
  if (!Number.isFinite(snapshotAt)) throw new Error('AIS snapshot has no readable timestamp');
  return {
    snapshotAt,
    sequence: d.sequence,
    status: d.status,
    densityZones: d.density
      .filter((z) => isValidCoordinate(z.lat, z.lon))
      .map(({ lat, lon, ...z }) => ({ ...z, location: { latitude: lat, longitude: lon } })),
    disruptions: d.disruptions
      .filter((x) => isValidCoordinate(x.lat, x.lon))
      .map(({ lat, lon, ...x }) => ({ ...x, location: { latitude: lat, longitude: lon } })),
    candidateReports: reports(d.candidateReports),
    tankerReports: reports(d.tankerReports),
  };
}

export const vesselSnapshotDataset: Dataset<VesselSnapshot> = {
  name: VESSEL_SNAPSHOT,
  source: 'AIS relay aggregate of the aisstream.io feed',
  kind: 'relay',
  maxStaleMinutes: 60,
  sources: {
    snapshot: {
      url: `$RELAY_URL${AIS_SNAPSHOT_PATH}${SNAPSHOT_QUERY}`,
      // Only called once the runner has checked that RELAY_URL is set.
      urlAt: (_now, config) => `${(config.RELAY_URL ?? '').replace(/\/+$/, '')}${AIS_SNAPSHOT_PATH}${SNAPSHOT_QUERY}`,
      requires: ['RELAY_URL'],
      headers: relayHeaders,
      sample: 'maritime/ais-relay-snapshot.json',
    },
  },
  parse(payloads) {
    let json: unknown;
    try {
      json = JSON.parse(payloads.snapshot!.toString('utf8'));
    } catch (err) {
      throw new Error(`AIS snapshot is not JSON: ${(err as Error).message}`);
    }
    return { records: [parseAisSnapshot(json)] };
  },
};
