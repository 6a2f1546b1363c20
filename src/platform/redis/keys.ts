/**
 * Every Redis key and channel the service uses, in one place so two modules never disagree.
 * `prefix` is `REDIS_KEY_PREFIX` (`mds:` by default).
 */
export const redisKeys = {
  /** Counter of one fixed window of a rate-limit bucket (same identity as MemoryRateLimitStore's `bucket@start`). */
  rateCounter: (prefix: string, bucket: string, windowStart: number) => `${prefix}rl:${bucket}@${windowStart}`,
  /** Present while a revoked key id must be refused without asking the database. */
  revokedKey: (prefix: string, keyId: string) => `${prefix}revoked:${keyId}`,
  /** Channel announcing revoked key ids (payload: the id), for nodes that cache keys. */
  revocationChannel: (prefix: string) => `${prefix}revocations`,
  /** Channel announcing published snapshots (payload: JSON `{dataset, version}`). */
  snapshotChannel: (prefix: string) => `${prefix}snapshots`,
  /** Channel carrying stream-hub events between nodes (payload: JSON `{node, accountId, event}`). */
  streamHubChannel: (prefix: string) => `${prefix}stream-hub`,
};
