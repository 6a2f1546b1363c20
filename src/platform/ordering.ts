/** Plain code-unit order of two ids: the stable last tiebreak of every sorted list. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Newest first, ties broken by id, so equal timestamps still come out in one fixed order. */
export function newestFirst<T>(timeOf: (x: T) => number, idOf: (x: T) => string) {
  return (a: T, b: T) => timeOf(b) - timeOf(a) || compareIds(idOf(a), idOf(b));
}
