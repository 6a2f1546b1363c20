import type { AnyDataset } from './dataset.js';
import type { IngestionRunner, IngestResult } from './runner.js';

/** Derived datasets computed here (they declare a model), in an order where every input comes first. */
export function derivationOrder(datasets: readonly AnyDataset[]): AnyDataset[] {
  const byName = new Map(datasets.map((d) => [d.name, d]));
  const ordered: AnyDataset[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (d: AnyDataset, path: string[]) => {
    const seen = state.get(d.name);
    if (seen === 'done') return;
    if (seen === 'visiting')
      throw new Error(`derived datasets depend on each other in a cycle: ${[...path, d.name].join(' -> ')}`);
    state.set(d.name, 'visiting');
    for (const input of d.inputs ?? []) {
      const dep = byName.get(input);
      if (dep?.derive) visit(dep, [...path, d.name]);
    }
    state.set(d.name, 'done');
    if (d.derive) ordered.push(d);
  };
  for (const d of datasets) visit(d, []);
  return ordered;
}

/**
 * The derived datasets to recompute when `changed` got new snapshots: those reading one of them,
 * directly or through another derived dataset, in dependency order.
 */
export function dependentsOf(changed: Iterable<string>, datasets: readonly AnyDataset[]): AnyDataset[] {
  const stale = new Set(changed);
  const out: AnyDataset[] = [];
  for (const d of derivationOrder(datasets)) {
    if ((d.inputs ?? []).some((input) => stale.has(input))) {
      out.push(d);
      stale.add(d.name);
    }
  }
  return out;
}

/**
 * Recomputes every derived dataset that reads a dataset of `results` that published a new snapshot,
 * once each, after its inputs. Called at the end of a batch of ingestions (first-run samples, `mds
 * ingest`, a scheduler pass, a reference reload) so a model over ten inputs runs once, not ten times.
 */
export async function refreshDerived(
  results: readonly IngestResult[],
  datasets: readonly AnyDataset[],
  runner: IngestionRunner,
  /** Told of each model as it finishes, with how long it took. */
  onEach?: (result: IngestResult, ms: number) => void,
): Promise<IngestResult[]> {
  const changed = results.filter((r) => r.ok && !r.unchanged).map((r) => r.dataset);
  const out: IngestResult[] = [];
  for (const dataset of dependentsOf(changed, datasets)) {
    const started = Date.now();
    const result = await runner.run(dataset, { origin: { kind: 'live' } });
    onEach?.(result, Date.now() - started);
    out.push(result);
  }
  return out;
}

/**
 * Computes every derived dataset of `datasets`, inputs first. One whose input versions are those its
 * current snapshot was computed from is left as it is (the runner compares them), so this is cheap
 * to call at every start.
 */
export async function deriveAll(datasets: readonly AnyDataset[], runner: IngestionRunner): Promise<IngestResult[]> {
  const out: IngestResult[] = [];
  for (const dataset of derivationOrder(datasets)) out.push(await runner.run(dataset, { origin: { kind: 'live' } }));
  return out;
}
