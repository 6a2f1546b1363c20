import { ServiceError } from './errors.js';

/**
 * Opaque cursors for list operations. A cursor remembers both the position and the id of the last
 * item served, so paging stays correct when a snapshot swap shifts rows between two pages.
 */
interface CursorState {
  o: number;
  id: string;
}

export function encodeCursor(offset: number, lastId: string): string {
  return Buffer.from(JSON.stringify({ o: offset, id: lastId } satisfies CursorState)).toString('base64url');
}

export function decodeCursor(cursor: string, field = 'cursor'): CursorState {
  const bad = () => ServiceError.validation([{ field, description: 'cursor is not one this service issued' }]);
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(cursor)) throw bad();
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorState>;
    if (!Number.isSafeInteger(v.o) || (v.o as number) < 0 || typeof v.id !== 'string') throw bad();
    return v as CursorState;
  } catch {
    throw bad();
  }
}

export interface Page<T> {
  items: T[];
  nextCursor: string;
  totalCount: number;
}

/** One page of `items` after `cursor`, `pageSize` long, with the cursor of the next page ('' at the end). */
export function paginate<T>(
  items: readonly T[],
  idOf: (item: T) => string,
  pageSize: number,
  cursor?: string,
): Page<T> {
  let start = 0;
  if (cursor) {
    const state = decodeCursor(cursor);
    if (state.o > 0 && state.o <= items.length && idOf(items[state.o - 1]) === state.id) start = state.o;
    else {
      const at = items.findIndex((item) => idOf(item) === state.id);
      start = at >= 0 ? at + 1 : Math.min(state.o, items.length);
    }
  }
  const slice = items.slice(start, start + pageSize);
  const end = start + slice.length;
  const nextCursor = end < items.length && slice.length > 0 ? encodeCursor(end, idOf(slice[slice.length - 1])) : '';
  return { items: slice, nextCursor, totalCount: items.length };
}
