import { z } from 'zod';

/** Wire helpers shared by the supply-chain topics: numbers carry their protobuf format. */
export const int32 = (description?: string) =>
  z
    .number()
    .int()
    .min(-2147483648)
    .max(2147483647)
    .meta({ format: 'int32', ...(description ? { description } : {}) });
export const double = (description?: string) =>
  z.number().meta({ format: 'double', ...(description ? { description } : {}) });

export const iso = (ms: number) => new Date(ms).toISOString();

export const round = (v: number, places: number) => {
  const f = 10 ** places;
  return Math.round(v * f) / f;
};

/** Items grouped by a key; items whose key is undefined are left out. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string | undefined): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === undefined) continue;
    let list = out.get(k);
    if (!list) out.set(k, (list = []));
    list.push(item);
  }
  return out;
}
