import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { IMAGERY_SCENES, type SceneRow } from './datasets/scenes.js';
import { boxesIntersect, collectionMatcher, parseBbox, parseDatetime } from './rules.js';
import {
  IMAGERY_DEFAULT_LIMIT,
  IMAGERY_MAX_LIMIT,
  type ImageryScene,
  type SearchImageryRequest,
  type SearchImageryResponse,
} from './schemas.js';

function toScene({ box: _b, at: _a, collection: _c, ...scene }: SceneRow): ImageryScene {
  return scene;
}

/** Scenes of the snapshot intersecting the box, inside the time range, of the asked collections; newest first. */
export function searchImagery(store: SnapshotStore, req: SearchImageryRequest): SearchImageryResponse {
  const box = req.bbox?.trim() ? parseBbox(req.bbox) : undefined;
  const when = req.datetime?.trim() ? parseDatetime(req.datetime.trim()) : undefined;
  const limit = req.limit && req.limit > 0 ? Math.min(req.limit, IMAGERY_MAX_LIMIT) : IMAGERY_DEFAULT_LIMIT;
  const wanted = collectionMatcher(req.source);
  const snapshot = store.read<SceneRow>(IMAGERY_SCENES);
  if (!snapshot) return { scenes: [], totalResults: 0, cacheHit: false };
  const matches = snapshot.records.filter(
    (s) =>
      wanted(s.collection) && (!box || boxesIntersect(s.box, box)) && (!when || (s.at >= when.from && s.at <= when.to)),
  );
  return { scenes: matches.slice(0, limit).map(toScene), totalResults: matches.length, cacheHit: true };
}
