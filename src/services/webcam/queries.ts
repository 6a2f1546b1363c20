import { ServiceError } from '../../platform/errors.js';
import type { SnapshotStore } from '../../platform/snapshots/store.js';
import type { WindyWebcam } from '../../sources/windy/webcams.js';
import { WEBCAMS } from './datasets/webcams.js';
import type { WebcamImageProvider } from './image-provider.js';
import { circularMeanLon, clusterCellDeg, inView, quantiseView } from './rules.js';
import {
  DEFAULT_ZOOM,
  type GetWebcamImageRequest,
  type GetWebcamImageResponse,
  type ListWebcamsRequest,
  type ListWebcamsResponse,
  type WebcamEntry,
} from './schemas.js';

function toEntry(w: WindyWebcam): WebcamEntry {
  return {
    webcamId: w.webcamId,
    title: w.title,
    lat: w.latitude,
    lng: w.longitude,
    category: w.categories[0] ?? '',
    country: w.countryCode,
  };
}

/** Cameras in the view; at coarse zooms those sharing a grid cell become one cluster. Empty without a snapshot. */
export function listWebcams(
  store: SnapshotStore,
  req: ListWebcamsRequest,
): { body: ListWebcamsResponse; degraded: boolean } {
  const view = quantiseView({
    w: req.bound_w ?? -180,
    s: req.bound_s ?? -90,
    e: req.bound_e ?? 180,
    n: req.bound_n ?? 90,
  });
  if (view.s > view.n)
    throw ServiceError.validation([{ field: 'bound_s', description: 'bound_s must not be north of bound_n' }]);
  const snapshot = store.read<WindyWebcam>(WEBCAMS);
  if (!snapshot) return { body: { webcams: [], clusters: [], totalInView: 0 }, degraded: true };
  const found = snapshot.records.filter((w) => inView(w.latitude, w.longitude, view));
  const cell = clusterCellDeg(req.zoom ?? DEFAULT_ZOOM);
  if (cell === 0)
    return { body: { webcams: found.map(toEntry), clusters: [], totalInView: found.length }, degraded: false };
  const buckets = new Map<string, WindyWebcam[]>();
  for (const w of found) {
    const key = `${Math.floor(w.latitude / cell)}:${Math.floor(w.longitude / cell)}`;
    const list = buckets.get(key);
    if (list) list.push(w);
    else buckets.set(key, [w]);
  }
  const webcams: WebcamEntry[] = [];
  const clusters: ListWebcamsResponse['clusters'] = [];
  for (const members of buckets.values()) {
    if (members.length === 1) webcams.push(toEntry(members[0]));
    else {
      clusters.push({
        lat: Math.round((members.reduce((s, m) => s + m.latitude, 0) / members.length) * 1e4) / 1e4,
        lng: circularMeanLon(members.map((m) => m.longitude)),
        count: members.length,
        categories: [...new Set(members.flatMap((m) => m.categories))].sort(),
      });
    }
  }
  return { body: { webcams, clusters, totalInView: found.length }, degraded: false };
}

/**
 * Title and windy.com link from the webcam snapshot; the current image only from a configured
 * provider. Without one (or when it fails, or does not know the id) the answer says `unavailable`
 * in-band, with no image. An id missing from the snapshot has an empty title.
 */
export async function getWebcamImage(
  store: SnapshotStore,
  provider: WebcamImageProvider | undefined,
  req: GetWebcamImageRequest,
): Promise<GetWebcamImageResponse> {
  if (!req.webcam_id) throw ServiceError.validation([{ field: 'webcam_id', description: 'webcam_id is required' }]);
  const id = req.webcam_id;
  const snapshot = store.read<WindyWebcam>(WEBCAMS);
  const known = snapshot?.derive('by-id', (s) => new Map(s.records.map((w) => [w.webcamId, w]))).get(id);
  const windyUrl = `https://www.windy.com/webcams/${id}`;
  const title = known?.title ?? '';
  const live = provider ? await provider.image(id) : undefined;
  if (!live) return { thumbnailUrl: '', playerUrl: '', title, windyUrl, lastUpdated: '', error: 'unavailable' };
  return {
    thumbnailUrl: live.thumbnailUrl,
    playerUrl: live.playerUrl,
    title: title || live.title,
    windyUrl: live.detailUrl || windyUrl,
    lastUpdated: live.lastUpdatedOn,
    error: '',
  };
}
