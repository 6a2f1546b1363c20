import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * Data time (design/data-truth.md, "Time"): every time window in an answer (last 24 hours, decay,
 * TTL, "active", "new", "stale") is measured from the time the data describes, the `capturedAt` of
 * the snapshots the answer reads, never from the wall clock. An answer is then a function of
 * (snapshot versions, request): the same bytes today or in a year, which keeps the per-version
 * response cache exact. The wall clock stays where the question is about now (health, rate limits,
 * jobs, key expiry).
 */

/** Anything that records the time its data describes (a snapshot, an input snapshot). */
export interface Captured {
  readonly capturedAt: number;
  readonly meta?: { readonly origin?: string };
}

/**
 * The newest `capturedAt` among the snapshots present, epoch ms; 0 when none is. A reference table
 * is left out: it is curated facts as current as their file, and its `capturedAt` is only when it was
 * loaded, so a window measured from it would move with every start.
 */
export function dataTime(snapshots: readonly (Captured | undefined)[]): number {
  let at = 0;
  for (const s of snapshots) if (s && s.meta?.origin !== 'reference' && s.capturedAt > at) at = s.capturedAt;
  return at;
}

/** The data time of the named datasets' current snapshots (`dataTime`); 0 when none has one. */
export function dataTimeOf(
  store: { read(dataset: string): Captured | undefined },
  datasets: readonly string[],
): number {
  return dataTime(datasets.map((d) => store.read(d)));
}

/**
 * The snapshots one answer read, noted as the store hands them out: the newest `capturedAt` among
 * them is the answer's `Last-Modified`. One per call, carried by async context so handlers need not
 * pass it along.
 */
export class AnswerReads {
  newest = 0;
  note(capturedAt: number): void {
    if (capturedAt > this.newest) this.newest = capturedAt;
  }
}

const reads = new AsyncLocalStorage<AnswerReads>();

/**
 * Runs `body` noting every snapshot it reads; returns its value and what it read. An answer made
 * inside another (a bootstrap's or batch's operations) counts toward the outer one too.
 */
export async function noteReads<T>(body: () => Promise<T>): Promise<{ value: T; reads: AnswerReads }> {
  const outer = reads.getStore();
  const log = new AnswerReads();
  try {
    const value = await reads.run(log, body);
    return { value, reads: log };
  } finally {
    if (outer && log.newest) outer.note(log.newest);
  }
}

/** Called by the snapshot store for every snapshot it hands out. */
export function noteRead(snapshot: Captured): void {
  reads.getStore()?.note(snapshot.capturedAt);
}
