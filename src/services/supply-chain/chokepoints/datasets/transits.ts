import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import type { TransitDayCount } from '../schemas.js';

export const TRANSITS = 'supply-chain.transits';

/** The tracker's chokepoint ids for the canonical chokepoints; its other chokepoints are not served. */
export const TRACKER_IDS: Record<string, string> = {
  chokepoint1: 'suez',
  chokepoint2: 'panama',
  chokepoint3: 'bosphorus',
  chokepoint4: 'bab_el_mandeb',
  chokepoint5: 'malacca_strait',
  chokepoint6: 'hormuz_strait',
  chokepoint7: 'cape_of_good_hope',
  chokepoint8: 'gibraltar',
  chokepoint9: 'dover_strait',
  chokepoint11: 'korea_strait',
  chokepoint12: 'taiwan_strait',
  chokepoint15: 'lombok_strait',
  chokepoint24: 'kerch_strait',
};

/** One day at one chokepoint. */
export interface TransitRecord extends TransitDayCount {
  chokepointId: string;
}

const count = z.number().nullable().optional();

const ArcGisResponse = z.object({
  features: z.array(
    z.object({
      attributes: z.object({
        date: z.number(),
        portid: z.string(),
        portname: z.string().optional(),
        n_container: count,
        n_dry_bulk: count,
        n_general_cargo: count,
        n_roro: count,
        n_tanker: count,
        n_cargo: count,
        n_total: count,
        capacity_container: count,
        capacity_dry_bulk: count,
        capacity_general_cargo: count,
        capacity_roro: count,
        capacity_tanker: count,
      }),
    }),
  ),
  exceededTransferLimit: z.boolean().optional(),
});

const int = (v: number | null | undefined) =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.round(v) : 0;
const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

/**
 * ArcGIS feature-query JSON of daily chokepoint transits -> one row per chokepoint and day, sorted
 * by chokepoint then date. A repeated day keeps the last feature; missing counts read as 0.
 */
export function parseTransits(bytes: Buffer): {
  records: TransitRecord[];
  info: { latestDate: string; truncated: boolean };
} {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`transit history is not JSON: ${(err as Error).message}`);
  }
  if (json && typeof json === 'object' && 'error' in json) {
    throw new Error(
      `transit history query failed: ${JSON.stringify((json as { error: unknown }).error).slice(0, 200)}`,
    );
  }
  const doc = ArcGisResponse.safeParse(json);
  if (!doc.success)
    throw new Error(`transit history has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const byKey = new Map<string, TransitRecord>();
  for (const { attributes: a } of doc.data.features) {
    const chokepointId = TRACKER_IDS[a.portid];
    if (!chokepointId || !Number.isFinite(a.date)) continue;
    const date = new Date(a.date).toISOString().slice(0, 10);
    const tanker = int(a.n_tanker);
    const container = int(a.n_container);
    const dryBulk = int(a.n_dry_bulk);
    const generalCargo = int(a.n_general_cargo);
    const roro = int(a.n_roro);
    const cargo = a.n_cargo != null ? int(a.n_cargo) : container + dryBulk + generalCargo + roro;
    const total = a.n_total != null ? int(a.n_total) : tanker + cargo;
    byKey.set(`${chokepointId}|${date}`, {
      chokepointId,
      date,
      tanker,
      cargo,
      other: Math.max(0, total - tanker - cargo),
      total,
      container,
      dryBulk,
      generalCargo,
      roro,
      capContainer: num(a.capacity_container),
      capDryBulk: num(a.capacity_dry_bulk),
      capGeneralCargo: num(a.capacity_general_cargo),
      capRoro: num(a.capacity_roro),
      capTanker: num(a.capacity_tanker),
    });
  }
  const records = [...byKey.values()].sort((x, y) =>
    x.chokepointId < y.chokepointId
      ? -1
      : x.chokepointId > y.chokepointId
        ? 1
        : x.date < y.date
          ? -1
          : x.date > y.date
            ? 1
            : 0,
  );
  const latestDate = records.reduce((m, r) => (r.date > m ? r.date : m), '');
  return { records, info: { latestDate, truncated: doc.data.exceededTransferLimit === true } };
}

export const transitsDataset: Dataset<TransitRecord> = {
  name: TRANSITS,
  source: 'IMF PortWatch daily chokepoint transit calls (ArcGIS)',
  kind: 'live',
  maxStaleMinutes: 60 * 36,
  sources: {
    daily: {
      url:
        'https://services9.arcgis.com/weJ1QsnbMYJlCHdG/arcgis/rest/services/Daily_Chokepoints_Data/FeatureServer/0/query' +
        '?where=date%3E%3DCURRENT_TIMESTAMP-INTERVAL%27180%27DAY&outFields=date,portid,portname,n_container,n_dry_bulk,' +
        'n_general_cargo,n_roro,n_tanker,n_cargo,n_total,capacity_container,capacity_dry_bulk,capacity_general_cargo,' +
        'capacity_roro,capacity_tanker&orderByFields=date&resultRecordCount=5000&f=json',
      sample: 'supply-chain/portwatch-daily-chokepoints.json',
    },
  },
  parse(payloads) {
    return parseTransits(payloads.daily!);
  },
};
