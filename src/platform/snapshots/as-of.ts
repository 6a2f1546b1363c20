import { noteRead } from './data-time.js';
import { ServiceError } from '../errors.js';
import type { SnapshotMeta, SnapshotVersion } from './backend.js';
import { instantText } from './history.js';
import type { Snapshot, SnapshotStore } from './store.js';

/*
 * `as_of`: the store as it was at an instant. A HistoryView is made per request; its `store` is a
 * SnapshotStore whose reads answer with the version of each dataset that was being served at that
 * instant, so every operation answers from the past without knowing it. Versions still current are
 * read from the live cache; older retained ones are decoded on demand and cached by (dataset, version).
 */

/** What a view needs from its store (kept narrow so the store's internals stay private). */
export interface HistoricalReads {
  withheld(dataset: string): boolean;
  /** The store's current snapshot of a dataset. */
  current(dataset: string): Snapshot<any, any> | undefined;
  /** A retained version already decoded. */
  cached(version: SnapshotVersion): Snapshot<any, any> | undefined;
  /** SQLite: reads and decodes a retained version at once; undefined when its rows are gone. */
  decodeNow?(version: SnapshotVersion): Snapshot<any, any> | undefined;
  /** Reads and decodes a retained version in chunks; undefined when its rows are gone. */
  decode(version: SnapshotVersion): Promise<Snapshot<any, any> | undefined>;
}

/**
 * Thrown by a view's read when the version it needs must first be decoded asynchronously (an engine
 * without synchronous reads): the request path decodes it (`HistoryView.load`) and runs the operation again.
 */
export class HistoryNotLoaded extends Error {
  constructor(readonly version: SnapshotVersion) {
    super(`retained version ${version.version} of ${version.dataset} is not decoded yet`);
  }
}

/** The 400 of an `as_of` the history cannot answer, naming the earliest instant that can be asked for. */
export function beforeHistory(reason: string, earliest: number): ServiceError {
  return ServiceError.validation([
    { field: 'as_of', description: `${reason}; the earliest instant available is ${instantText(earliest)}` },
  ]);
}

/** The metadata a retained version was served with (its own fetch, info and publication). */
export function historicalMeta(v: SnapshotVersion): SnapshotMeta {
  return {
    dataset: v.dataset,
    version: v.version,
    fetchedAt: v.fetchedAt,
    capturedAt: v.capturedAt,
    origin: v.origin as SnapshotMeta['origin'],
    recordCount: v.recordCount,
    source: v.source,
    info: v.info,
    lastAttemptAt: v.validFrom,
    lastSuccessAt: v.validFrom,
    lastError: null,
  };
}

export class HistoryView {
  /** The store as it was at `instant`: hand it to the operation in place of the live one. */
  readonly store: SnapshotStore;
  private readonly inForce = new Map<string, SnapshotVersion>();
  private readonly earliestOf = new Map<string, number>();

  constructor(
    parent: SnapshotStore,
    readonly instant: number,
    inForce: readonly SnapshotVersion[],
    earliest: readonly { dataset: string; validFrom: number }[],
    private readonly reads: HistoricalReads,
  ) {
    for (const v of inForce) this.inForce.set(v.dataset, v);
    for (const e of earliest) this.earliestOf.set(e.dataset, e.validFrom);
    // Everything else (listeners, refresh, withhold) is the live store's, through the prototype.
    const view = Object.create(parent) as SnapshotStore;
    Object.assign(view, {
      read: (dataset: string) => this.read(dataset),
      version: (dataset: string) => (this.reads.withheld(dataset) ? 0 : (this.versionOf(dataset)?.version ?? 0)),
      meta: (dataset: string) => {
        const v = this.reads.withheld(dataset) ? undefined : this.versionOf(dataset);
        return v && historicalMeta(v);
      },
      allMeta: () =>
        [...this.inForce.values()]
          .map(historicalMeta)
          .sort((a, b) => (a.dataset < b.dataset ? -1 : a.dataset > b.dataset ? 1 : 0)),
    });
    this.store = view;
  }

  /**
   * Where the retained history of these datasets begins together (the latest of their beginnings);
   * undefined when none of them has any history.
   */
  earliest(datasets: readonly string[]): number | undefined {
    let at: number | undefined;
    for (const d of datasets) {
      const e = this.earliestOf.get(d);
      if (e !== undefined && (at === undefined || e > at)) at = e;
    }
    return at;
  }

  /**
   * The answer's Memento-Datetime: when the newest of these datasets' versions in force was
   * published (the answer has been what it is since then); the instant itself when none has one.
   */
  memento(datasets: readonly string[]): number {
    let at: number | undefined;
    for (const d of datasets) {
      const v = this.inForce.get(d);
      if (v && (at === undefined || v.validFrom > at)) at = v.validFrom;
    }
    return at ?? this.instant;
  }

  /** Decodes ahead every retained version these datasets need, so their reads do not have to wait. */
  async preload(datasets: readonly string[]): Promise<void> {
    for (const d of datasets) {
      const v = this.inForce.get(d);
      if (!v || this.reads.withheld(d) || this.reads.current(d)?.version === v.version) continue;
      if (!this.reads.cached(v)) await this.load(v);
    }
  }

  /** Decodes one retained version (after a HistoryNotLoaded); a 400 when its rows were pruned meanwhile. */
  async load(v: SnapshotVersion): Promise<void> {
    if (!(await this.reads.decode(v))) throw this.pruned(v);
  }

  private versionOf(dataset: string): SnapshotVersion | undefined {
    const v = this.inForce.get(dataset);
    if (v) return v;
    const earliest = this.earliestOf.get(dataset);
    if (earliest !== undefined)
      throw beforeHistory(`${dataset} has no retained version at ${instantText(this.instant)}`, earliest);
    return undefined;
  }

  private read(dataset: string): Snapshot<any, any> | undefined {
    if (this.reads.withheld(dataset)) return undefined;
    const v = this.versionOf(dataset);
    if (!v) return undefined;
    const current = this.reads.current(dataset);
    // Noted like a live read: the answer's Last-Modified is the newest capture it was computed from.
    if (current?.version === v.version) {
      noteRead(current);
      return current;
    }
    const hit = this.reads.cached(v) ?? this.reads.decodeNow?.(v);
    if (hit) {
      noteRead(hit);
      return hit;
    }
    if (this.reads.decodeNow) throw this.pruned(v);
    throw new HistoryNotLoaded(v);
  }

  private pruned(v: SnapshotVersion): ServiceError {
    return ServiceError.validation([
      {
        field: 'as_of',
        description: `version ${v.version} of ${v.dataset} left the retained history while this request ran; ask again`,
      },
    ]);
  }
}
