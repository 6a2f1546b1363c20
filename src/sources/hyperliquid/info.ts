import { z } from 'zod';

/** Hyperliquid's info API: every query is a JSON POST to one address. */
export const HYPERLIQUID_INFO_URL = 'https://api.hyperliquid.xyz/info';

/** The body asking for perpetuals metadata and live contexts; `dex` selects a builder-deployed dex. */
export const metaAndAssetCtxsBody = (dex?: string) =>
  JSON.stringify(dex ? { type: 'metaAndAssetCtxs', dex } : { type: 'metaAndAssetCtxs' });

/** One perpetual's context, with the decimal strings as Hyperliquid sends them (null when absent). */
export interface AssetCtx {
  name: string;
  funding: string | null;
  openInterest: string | null;
  markPx: string | null;
  oraclePx: string | null;
  dayNtlVlm: string | null;
}

const dec = z.string().nullish();
const Answer = z.tuple([
  z.object({ universe: z.array(z.object({ name: z.string().min(1) }).passthrough()) }).passthrough(),
  z.array(z.object({ funding: dec, openInterest: dec, markPx: dec, oraclePx: dec, dayNtlVlm: dec }).passthrough()),
]);

/** `[meta, assetCtxs]`: contexts line up with `meta.universe` by position. */
export function parseMetaAndAssetCtxs(json: unknown): AssetCtx[] {
  const a = Answer.safeParse(json);
  if (!a.success) throw new Error('Hyperliquid metaAndAssetCtxs answer is not [meta, assetCtxs]');
  const [meta, ctxs] = a.data;
  if (meta.universe.length !== ctxs.length)
    throw new Error(`Hyperliquid universe has ${meta.universe.length} assets but ${ctxs.length} contexts`);
  return meta.universe.map((u, i) => ({
    name: u.name,
    funding: ctxs[i].funding ?? null,
    openInterest: ctxs[i].openInterest ?? null,
    markPx: ctxs[i].markPx ?? null,
    oraclePx: ctxs[i].oraclePx ?? null,
    dayNtlVlm: ctxs[i].dayNtlVlm ?? null,
  }));
}

/** One poll: when it was taken and the answers of each dex asked. */
export interface Poll {
  time: number;
  assets: AssetCtx[];
}

const PollDoc = z.object({ time: z.number().int().positive() }).catchall(z.unknown());

/**
 * Reads a sequence of polls, `[{time, <dex>: [meta, assetCtxs], ...}]`, oldest first: the shape a
 * live ingestion produces for its one poll, and a recorded sequence of them.
 */
export function parsePolls(input: Buffer | string): Poll[] {
  let json: unknown;
  try {
    json = JSON.parse(input.toString());
  } catch (err) {
    throw new Error(`Hyperliquid polls are not JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(json) || json.length === 0) throw new Error('Hyperliquid polls are not a non-empty array');
  return json
    .map((p) => {
      const doc = PollDoc.safeParse(p);
      if (!doc.success) throw new Error('Hyperliquid poll has no time');
      const { time, ...dexes } = doc.data;
      return { time, assets: Object.values(dexes).flatMap(parseMetaAndAssetCtxs) };
    })
    .sort((a, b) => a.time - b.time);
}
