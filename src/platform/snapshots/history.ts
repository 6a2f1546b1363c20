import { createHash, type Hash } from 'node:crypto';
import type { SnapshotVersion } from './backend.js';

/*
 * Snapshot history: the rules that decide which versions are kept, how an unchanged refresh is told
 * from a new version, and how an instant is read from a request. Pure functions; the runner and the
 * request path apply them.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** How much history each dataset keeps: whichever of the two limits is reached first. */
export interface Retention {
  /** Versions that stopped being served more than this many days ago are dropped. */
  days: number;
  /** At most this many versions per dataset, the current one included. */
  versions: number;
}

/**
 * The versions to drop from a dataset's history (given newest first, the current one first): every
 * version beyond the newest `retention.versions`, and every superseded one that stopped holding
 * (`validUntil`, its successor's publication) more than `retention.days` ago. The current version
 * is always kept, however old.
 */
export function versionsToPrune(
  history: readonly Pick<SnapshotVersion, 'version' | 'validUntil'>[],
  now: number,
  retention: Retention,
): number[] {
  const horizon = now - retention.days * DAY_MS;
  const keep = Math.max(1, retention.versions);
  return history.filter((v, i) => i > 0 && (i >= keep || v.validUntil < horizon)).map((v) => v.version);
}

/**
 * The content hash of a version: SHA-256 over its rows as stored (JSON text, in order), its info and origin.
 * Two runs that would store the same bytes get the same hash; the second is not stored again.
 */
export class ContentHash {
  private readonly hash: Hash = createHash('sha256');
  /** Adds one row's stored JSON. Rows are separated so that no two row lists can run together. */
  row(payload: string): void {
    this.hash.update(payload);
    this.hash.update('\n');
  }
  /**
   * The digest (hex), with the info's JSON and the origin last: a live fetch that finds what the
   * bundled sample holds is still a new version, so health stops calling it a sample.
   */
  digest(info: string, origin = ''): string {
    this.hash.update('\u0000');
    this.hash.update(info);
    this.hash.update('\u0000');
    this.hash.update(origin);
    return this.hash.digest('hex');
  }
}

/** RFC 3339 date-time with a time zone (`Z` or an offset); fractional seconds allowed. */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * An `as_of` value as epoch ms: RFC 3339 (`2026-11-20T12:00:00Z`, an offset or fractions allowed)
 * or a whole number of epoch milliseconds. Undefined when it is neither.
 */
export function parseInstant(text: string): number | undefined {
  if (/^\d{1,15}$/.test(text)) return Number(text);
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  // Date.parse accepts impossible dates (2026-02-31) by rolling them over: refuse those.
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return undefined;
  const ms = Date.parse(text.replace(' ', 'T'));
  if (!Number.isFinite(ms)) return undefined;
  if (new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d) return undefined;
  return ms;
}

/** How a time is written in the history listing and in `as_of` errors: RFC 3339 in UTC, to the millisecond. */
export function instantText(ms: number): string {
  return new Date(ms).toISOString();
}
