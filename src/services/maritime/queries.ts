import { paginate } from '../../platform/paging.js';
import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { MARITIME_NAV_WARNINGS } from './datasets/nav-warnings.js';
import type {
  ListNavigationalWarningsRequest,
  ListNavigationalWarningsResponse,
  NavigationalWarning,
} from './schemas.js';

const DEFAULT_PAGE = 100;

/** Active warnings whose area or text contains `area`, newest first, paged. */
export function listNavigationalWarnings(
  store: SnapshotStore,
  req: ListNavigationalWarningsRequest,
): { response: ListNavigationalWarningsResponse; degraded: boolean } {
  const snap = store.read<NavigationalWarning>(MARITIME_NAV_WARNINGS);
  if (!snap) return { response: { warnings: [], pagination: { nextCursor: '', totalCount: 0 } }, degraded: true };
  const needle = req.area?.trim().toLowerCase();
  const matching = needle
    ? snap.records.filter((w) => w.area.toLowerCase().includes(needle) || w.text.toLowerCase().includes(needle))
    : snap.records;
  const page = paginate(matching, (w) => w.id, req.page_size || DEFAULT_PAGE, req.cursor || undefined);
  return {
    response: { warnings: page.items, pagination: { nextCursor: page.nextCursor, totalCount: page.totalCount } },
    degraded: false,
  };
}
