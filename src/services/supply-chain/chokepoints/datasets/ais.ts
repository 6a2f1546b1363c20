import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { isValidCoordinate } from '../../../../platform/geo.js';
import { availabilityFlag } from '../rules.js';
import { relayHeaders } from '../../../../sources/relay/client.js';

export const AIS_CROSSINGS = 'supply-chain.ais-crossings';
export const AIS_DISRUPTIONS = 'supply-chain.ais-disruptions';

/*
 * Both documents come from the operator's AIS relay (`RELAY_URL`), which holds the aisstream.io
 * websocket. The published service's relay computes the same figures (24-hour chokepoint crossings
 * by vessel class, with CorridorRisk notes; chokepoint congestion from its vessel snapshot) but
 * writes them to its own Redis instead of serving them: the two paths below are what a relay for
 * this service must serve (README, configuration).
 */
const CROSSINGS_PATH = '/v1/chokepoints/crossings?window=24h';
const SNAPSHOT_PATH = '/v1/vessels/snapshot?bbox=0,0,0,0';

/** `<RELAY_URL><path>`; only called once the runner has checked that RELAY_URL is set. */
const atRelay = (base: string | undefined, path: string) => `${(base ?? '').replace(/\/+$/, '')}${path}`;

function readJson(bytes: Buffer, what: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`${what} is not JSON: ${(err as Error).message}`);
  }
}

// ---------------------------------------------------------------------------------------------
// 24-hour crossings with the corridor-risk annotation the relay attaches
// ---------------------------------------------------------------------------------------------

/** Crossings of one chokepoint in the relay's rolling 24-hour window, plus its corridor-risk notes. */
export interface CrossingRecord {
  chokepointId: string;
  total: number;
  tanker: number;
  cargo: number;
  other: number;
  riskLevel: string;
  incidentCount7d: number;
  disruptionPct: number;
  riskSummary: string;
  riskReportAction: string;
}

const nonNeg = z.number().int().min(0);

const CrossingsDoc = z.object({
  generatedAt: z.string(),
  windowHours: z.number(),
  chokepoints: z.array(
    z.object({
      id: z.string().min(1),
      crossings: z.object({ total: nonNeg, tanker: nonNeg, cargo: nonNeg, other: nonNeg }).nullable().optional(),
      corridorRisk: z
        .object({
          level: z.string().default(''),
          incidentCount7d: nonNeg.default(0),
          disruptionPct: z.number().default(0),
          summary: z.string().default(''),
          reportAction: z.string().default(''),
        })
        .nullable()
        .optional(),
    }),
  ),
});

export function parseCrossings(bytes: Buffer): {
  records: CrossingRecord[];
  info: { generatedAt: string; windowHours: number };
} {
  const doc = CrossingsDoc.safeParse(readJson(bytes, 'AIS crossings'));
  if (!doc.success)
    throw new Error(`AIS crossings have an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  if (doc.data.windowHours !== 24) throw new Error(`AIS crossings cover ${doc.data.windowHours} h, expected 24`);
  const records = doc.data.chokepoints.map((c) => ({
    chokepointId: c.id,
    total: c.crossings?.total ?? 0,
    tanker: c.crossings?.tanker ?? 0,
    cargo: c.crossings?.cargo ?? 0,
    other: c.crossings?.other ?? 0,
    riskLevel: c.corridorRisk?.level ?? '',
    incidentCount7d: c.corridorRisk?.incidentCount7d ?? 0,
    disruptionPct: c.corridorRisk?.disruptionPct ?? 0,
    riskSummary: c.corridorRisk?.summary ?? '',
    riskReportAction: c.corridorRisk?.reportAction ?? '',
  }));
  return { records, info: { generatedAt: doc.data.generatedAt, windowHours: doc.data.windowHours } };
}

export const aisCrossingsDataset: Dataset<CrossingRecord> = {
  name: AIS_CROSSINGS,
  source: 'AIS relay: chokepoint crossings in the last 24 hours, with corridor-risk annotations',
  kind: 'relay',
  maxStaleMinutes: 60,
  sources: {
    crossings: {
      url: `$RELAY_URL${CROSSINGS_PATH}`,
      urlAt: (_now, config) => atRelay(config.RELAY_URL, CROSSINGS_PATH),
      requires: ['RELAY_URL'],
      headers: relayHeaders,
      sample: 'supply-chain/ais-crossings-24h.json',
    },
  },
  parse(payloads) {
    return parseCrossings(payloads.crossings!);
  },
};

// ---------------------------------------------------------------------------------------------
// Vessel snapshot: disruptions and which chokepoint zones the receivers cover
// ---------------------------------------------------------------------------------------------

export const AIS_SEVERITY: Record<string, number> = {
  AIS_DISRUPTION_SEVERITY_LOW: 1,
  AIS_DISRUPTION_SEVERITY_ELEVATED: 2,
  AIS_DISRUPTION_SEVERITY_HIGH: 3,
};
export const CONGESTION_TYPE = 'AIS_DISRUPTION_TYPE_CHOKEPOINT_CONGESTION';

export interface AisDisruptionRecord {
  id: string;
  name: string;
  type: string;
  /** 0 (unspecified) to 3 (high). */
  severity: number;
  lat?: number;
  lon?: number;
  text: string;
}

export interface AisSnapshotInfo {
  snapshotAt: string;
  /** The source answered with a valid document; absent on snapshots stored before the flag existed. */
  aisSnapshotAvailable?: boolean;
  /** Chokepoint zones with working receiver coverage. */
  coveredChokepoints?: string[];
}

const VesselSnapshotDoc = z.object({
  snapshot: z.object({
    snapshotAt: z.string(),
    coverage: z.array(
      z.object({
        chokepointId: z.string(),
        receivers: z.number().optional(),
        aisSnapshotAvailable: z.unknown().optional(),
      }),
    ),
    disruptions: z.array(
      z.object({
        id: z.string(),
        name: z.string().default(''),
        type: z.string(),
        severity: z.string().default('AIS_DISRUPTION_SEVERITY_UNSPECIFIED'),
        location: z.object({ latitude: z.number(), longitude: z.number() }).nullable().optional(),
        region: z.string().default(''),
        description: z.string().default(''),
      }),
    ),
  }),
});

export function parseVesselSnapshot(bytes: Buffer): { records: AisDisruptionRecord[]; info: AisSnapshotInfo } {
  const doc = VesselSnapshotDoc.safeParse(readJson(bytes, 'AIS vessel snapshot'));
  if (!doc.success)
    throw new Error(`AIS vessel snapshot has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const s = doc.data.snapshot;
  const records = s.disruptions.map((d) => {
    const loc =
      d.location && isValidCoordinate(d.location.latitude, d.location.longitude)
        ? { lat: d.location.latitude, lon: d.location.longitude }
        : {};
    return {
      id: d.id,
      name: d.name,
      type: d.type,
      severity: AIS_SEVERITY[d.severity] ?? 0,
      ...loc,
      text: `${d.name} ${d.region} ${d.description}`,
    };
  });
  // Older relay builds wrote zone entries without the flag; those zones count as uncovered.
  const coveredChokepoints = s.coverage
    .filter((c) => availabilityFlag(c.aisSnapshotAvailable))
    .map((c) => c.chokepointId);
  return { records, info: { snapshotAt: s.snapshotAt, aisSnapshotAvailable: true, coveredChokepoints } };
}

export const aisDisruptionsDataset: Dataset<AisDisruptionRecord, AisSnapshotInfo> = {
  name: AIS_DISRUPTIONS,
  source: 'AIS relay: global vessel snapshot (disruptions and receiver coverage)',
  kind: 'relay',
  maxStaleMinutes: 60,
  // A calm day legitimately has few or no disruptions.
  allowEmpty: true,
  minRetainedRatio: 0,
  sources: {
    snapshot: {
      url: `$RELAY_URL${SNAPSHOT_PATH}`,
      urlAt: (_now, config) => atRelay(config.RELAY_URL, SNAPSHOT_PATH),
      requires: ['RELAY_URL'],
      headers: relayHeaders,
      sample: 'supply-chain/ais-vessel-snapshot.json',
    },
  },
  parse(payloads) {
    return parseVesselSnapshot(payloads.snapshot!);
  },
};
