/** mempool.space mining statistics: network hash rate over the last month. JSON, no credential. */
export const MEMPOOL_HASHRATE_URL = 'https://mempool.space/api/v1/mining/hashrate/1m';

/** Daily average hash rates (hashes per second), oldest first; refuses a body without them. */
export function parseHashrate(input: Buffer | string): { time: number; hashrate: number }[] {
  let doc: unknown;
  try {
    doc = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch {
    throw new Error('mempool: answer is not JSON');
  }
  const list = (doc as { hashrates?: unknown })?.hashrates;
  if (!Array.isArray(list)) throw new Error('mempool: answer has no hashrates list');
  return (list as { timestamp?: unknown; avgHashrate?: unknown }[])
    .filter((h) => typeof h.timestamp === 'number' && typeof h.avgHashrate === 'number' && h.avgHashrate > 0)
    .map((h) => ({ time: (h.timestamp as number) * 1000, hashrate: h.avgHashrate as number }))
    .sort((a, b) => a.time - b.time);
}
