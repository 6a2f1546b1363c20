import type { Archive, ArchiveDocument } from '../../../platform/archive/archive.js';
import type { Snapshot } from '../../../platform/snapshots/store.js';
import type { AppDeps } from '../../../trpc/context.js';
import { INTEL_HISTORY, type IntelHistoryInfo } from './datasets/intel-history.js';
import { embeddingText, historyKind, type HistoryRecord } from './rules.js';

type History = Snapshot<HistoryRecord, IntelHistoryInfo>;
type Deps = Pick<AppDeps, 'store' | 'archive' | 'llm' | 'logger'>;

/** Documents per archive write: each is one short transaction, and the event loop turns between them. */
const ARCHIVE_CHUNK = 250;

/** What a history snapshot's preparation left: the archive write, and the vectors when a model is configured. */
export interface ArchivedHolder {
  written: Promise<void> | undefined;
  /** True once every record of this snapshot is in the archive. */
  complete: boolean;
}
export interface EmbeddingsHolder {
  vectors: Promise<number[][]> | undefined;
}

export const archivedOf = (snap: History): ArchivedHolder =>
  snap.derive('archived', () => ({ written: undefined, complete: false }) as ArchivedHolder);
export const embeddingsOf = (snap: History): EmbeddingsHolder =>
  snap.derive('embeddings', () => ({ vectors: undefined }) as EmbeddingsHolder);

export function toDocument(r: HistoryRecord): ArchiveDocument {
  return {
    id: `intel-history:${r.id}`,
    kind: historyKind(r.domain),
    title: r.title,
    body: r.summary,
    country: r.country,
    occurredAt: r.occurredAt,
    source: r.resource,
    url: r.sourceUrl,
    metadata: { id: r.id, category: r.category, ingestedAt: r.ingestedAt },
  };
}

/**
 * The records a new snapshot adds to what the archive already holds: those the replaced snapshot did
 * not have, when that one was fully archived; every record otherwise (the first snapshot this process
 * sees, or one whose write failed). The archive upserts by id, so writing a record twice is harmless.
 */
export function recordsToArchive(fresh: readonly HistoryRecord[], archived: readonly HistoryRecord[] | undefined) {
  if (!archived) return [...fresh];
  const known = new Set(archived.map((r) => r.id));
  return fresh.filter((r) => !known.has(r.id));
}

async function writeChunked(archive: Archive, records: readonly HistoryRecord[]): Promise<void> {
  for (let i = 0; i < records.length; i += ARCHIVE_CHUNK) {
    await archive.add(records.slice(i, i + ARCHIVE_CHUNK).map(toDocument));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * Indexes a new history snapshot before it serves (registered with the store's `beforeServing`):
 * its new records go into the full-text archive, in small writes between which requests run, and
 * with an embeddings model its vectors are computed. No request writes the archive or embeds the
 * whole history; a failure is logged, and the next snapshot writes every record again.
 */
export async function prepareHistory(deps: Deps, fresh: History, serving: History | undefined): Promise<void> {
  const archived = archivedOf(fresh);
  const previous = serving && serving.version < fresh.version && archivedOf(serving).complete ? serving : undefined;
  archived.written ??= writeChunked(deps.archive, recordsToArchive(fresh.records, previous?.records)).then(
    () => void (archived.complete = true),
    (err: unknown) => {
      archived.written = undefined;
      deps.logger.warn({ err: (err as Error).message, version: fresh.version }, 'intel history: archive write failed');
    },
  );
  await archived.written;
  if (deps.llm.embeddingsEnabled) {
    const holder = embeddingsOf(fresh);
    holder.vectors ??= deps.llm.embed(fresh.records.map(embeddingText)).then((e) => e.vectors);
    await holder.vectors.catch((err: unknown) => {
      holder.vectors = undefined;
      deps.logger.warn({ err: (err as Error).message }, 'intel history: embedding the archive failed');
    });
  }
}

/** Has the store prepare every new history snapshot before it serves. */
export function indexHistoryBeforeServing(deps: Deps): void {
  deps.store.beforeServing(INTEL_HISTORY, (fresh, serving) =>
    prepareHistory(deps, fresh as History, serving as History),
  );
}
