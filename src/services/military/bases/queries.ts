import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { boxOf, inBox } from '../flights/rules.js';
import { MILITARY_BASES, type MilitaryBasesInfo } from './datasets/military-bases.js';
import { clusterBases, DEFAULT_ZOOM, haversineKm, hitCap, tierVisible, type BaseRecord } from './rules.js';
import type { ListMilitaryBasesRequest, ListMilitaryBasesResponse } from './schemas.js';

/** Bases in the view, filtered, tier-gated by zoom, nearest the view's centre first, clustered when dense. */
export function listMilitaryBases(
  store: SnapshotStore,
  req: ListMilitaryBasesRequest,
): { response: ListMilitaryBasesResponse; degraded: boolean } {
  const snap = store.read<BaseRecord, MilitaryBasesInfo>(MILITARY_BASES);
  if (!snap) return { response: { bases: [], clusters: [], totalInView: 0, truncated: false }, degraded: true };
  const zoom = req.zoom ?? DEFAULT_ZOOM;
  const box = boxOf(req);
  const country = req.country?.toUpperCase();
  const hits = snap.records.filter(
    (b) =>
      tierVisible(zoom, b.tier) &&
      inBox(box, b.latitude, b.longitude) &&
      (!req.type || b.type === req.type) &&
      (!req.kind || b.kind === req.kind) &&
      (!country || b.countryIso2 === country),
  );
  // Centre of the view; for a box across the antimeridian, the middle of the wrapped span.
  const span = box.west <= box.east ? box.east - box.west : box.east + 360 - box.west;
  const cLat = (box.south + box.north) / 2;
  const cLon = ((box.west + span / 2 + 540) % 360) - 180;
  const dist = new Map(hits.map((b) => [b.id, haversineKm(cLat, cLon, b.latitude, b.longitude)]));
  hits.sort((a, b) => dist.get(a.id)! - dist.get(b.id)! || (a.id < b.id ? -1 : 1));
  const cap = hitCap(zoom);
  const kept = hits.slice(0, cap);
  const { bases, clusters } = clusterBases(kept, zoom);
  return { response: { bases, clusters, totalInView: hits.length, truncated: hits.length > cap }, degraded: false };
}
