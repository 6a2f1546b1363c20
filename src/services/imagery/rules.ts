import { ServiceError } from '../../platform/errors.js';

export type Box = [number, number, number, number];

/** `w,s,e,n` with each in range, west below east and south below north; a 400 naming `bbox` otherwise. */
export function parseBbox(text: string): Box {
  const parts = text.split(',').map((p) => p.trim());
  const bad = (description: string) => ServiceError.validation([{ field: 'bbox', description }]);
  if (parts.length !== 4 || parts.some((p) => !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(p)))
    throw bad('bbox must be four decimal numbers: west,south,east,north');
  const [w, s, e, n] = parts.map(Number);
  if (w < -180 || e > 180 || s < -90 || n > 90) throw bad('bbox is outside -180..180 / -90..90');
  if (w >= e || s >= n) throw bad('bbox needs west < east and south < north');
  return [w, s, e, n];
}

export function boxesIntersect(a: Box, b: Box): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/**
 * A STAC datetime (instant or `start/end`, `..` or empty for an open end) -> inclusive bounds in
 * epoch ms; a bare date covers its whole UTC day. 400 naming `datetime` on anything else.
 */
export function parseDatetime(text: string): { from: number; to: number } {
  const bad = () =>
    ServiceError.validation([
      {
        field: 'datetime',
        description: 'datetime must be an RFC 3339 instant or an interval start/end (.. for an open end)',
      },
    ]);
  const parts = text.split('/');
  if (parts.length > 2) throw bad();
  const bound = (p: string, isEnd: boolean): number => {
    if (parts.length === 2 && (p === '..' || p === '')) return isEnd ? Infinity : -Infinity;
    if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(p)) throw bad();
    const t = Date.parse(DATE_ONLY.test(p) ? `${p}T00:00:00Z` : p);
    if (!Number.isFinite(t)) throw bad();
    return isEnd && DATE_ONLY.test(p) ? t + DAY_MS - 1 : t;
  };
  const from = bound(parts[0], false);
  const to = bound(parts.length === 2 ? parts[1] : parts[0], true);
  if (from > to) throw bad();
  return { from, to };
}

/** Which collections a `source` asks for: the published aliases, else a case-insensitive substring. */
export function collectionMatcher(source: string | undefined): (collection: string) => boolean {
  const s = (source ?? '').trim().toLowerCase();
  if (!s || s === 'capella') return () => true;
  return (c) => c.toLowerCase().includes(s);
}
