import type { Config } from '../config.js';
import { openDeps } from '../deps.js';
import { ALL_DATASETS, findDataset } from '../root/datasets.js';
import type { IngestResult, PayloadOrigin } from '../platform/snapshots/runner.js';
import { ingestedByDefault } from '../platform/snapshots/dataset.js';
import { derivationOrder, refreshDerived } from '../platform/snapshots/derived.js';
import { redactorFor, type Redact } from '../platform/secrets.js';
import { text } from './output.js';

interface IngestArgs {
  datasets: string[];
  samples?: boolean;
  file?: string[];
  force?: boolean;
  list?: boolean;
}

/** `mds ingest`: runs datasets through the real runner and reports each result; non-zero exit if any failed. */
export async function ingest(
  config: Config,
  args: IngestArgs,
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> {
  if (args.list) {
    for (const d of ALL_DATASETS) out.write(`${d.name}\t${Object.keys(d.sources).join(',')}\t${d.source}\n`);
    return 0;
  }
  // A live run of everything leaves out derived and recorded datasets: they have nothing to read.
  // Models computed here run after the loop, once, over what it loaded (refreshDerived).
  const selected = args.datasets.length
    ? args.datasets.map((n) => findDataset(n) ?? n)
    : ALL_DATASETS.filter((d) => !d.derive && (args.samples || ingestedByDefault(d)));
  const unknown = selected.filter((d): d is string => typeof d === 'string');
  if (unknown.length) {
    err.write(`mds ingest: unknown dataset(s): ${text(unknown.join(', '))} (see mds ingest --list)\n`);
    return 2;
  }
  if (args.file?.length && selected.length !== 1) {
    err.write('mds ingest: --file needs exactly one dataset\n');
    return 2;
  }
  // Everything this command prints passes the secret redaction, whatever produced the text.
  const redact = redactorFor(config);
  out = redacting(out, redact);
  err = redacting(err, redact);
  // A command-line run may wait for a running server's brief writes; only the server must never wait long.
  // Only the datasets being ingested are read (the runner loads each one's current rows itself).
  const deps = await openDeps({ ...config, LOG_LEVEL: 'silent', DB_BUSY_TIMEOUT_MS: 5_000 }, { loadSnapshots: false });
  const interactive = (out as NodeJS.WriteStream).isTTY === true;
  let failed = 0;
  let skipped = 0;
  let count = selected.length - selected.filter((d) => typeof d !== 'string' && d.derive).length;
  let notComputed = 0;
  const began = Date.now();
  const results: IngestResult[] = [];
  const report = (step: string, name: string, result: IngestResult, ms: number) => {
    if (result.ok) {
      const partial = result.partialSources ? ` (sources unavailable: ${text(result.partialSources.join(', '))})` : '';
      const what = result.unchanged
        ? `unchanged (same content, or a derived dataset's inputs unchanged), version ${result.version} stays`
        : `${result.recordCount} rows, version ${result.version}`;
      out.write(`${step}${name}: ok, ${what}, ${ms} ms${partial}\n`);
    } else if (result.skipped) {
      skipped++;
      err.write(
        `${step}${name}: SKIPPED: another node is ingesting it right now (its run publishes); version ${result.version} serves meanwhile\n`,
      );
    } else {
      failed++;
      err.write(
        // The error may quote what the upstream sent.
        `${step}${name}: FAILED: ${text(result.error)}; the previous snapshot (version ${result.version}) keeps serving\n`,
      );
    }
  };
  try {
    const chosen = selected as Exclude<(typeof selected)[number], string>[];
    // Models named on the command line run after the datasets they read, below.
    const named = new Set(chosen.filter((d) => d.derive).map((d) => d.name));
    for (const [index, dataset] of chosen.filter((d) => !d.derive).entries()) {
      // Where the run is: `[12/155]` before each dataset's line.
      const step = `[${index + 1}/${count}] `;
      let origin: PayloadOrigin = args.samples ? { kind: 'samples' } : { kind: 'live' };
      if (args.file?.length) {
        const keys = Object.keys(dataset.sources);
        const files: Record<string, string> = {};
        for (const spec of args.file) {
          const eq = spec.indexOf('=');
          const key = eq > 0 && keys.includes(spec.slice(0, eq)) ? spec.slice(0, eq) : keys[0];
          files[key] = eq > 0 && keys.includes(spec.slice(0, eq)) ? spec.slice(eq + 1) : spec;
        }
        origin = { kind: 'files', files };
      }
      const started = Date.now();
      const result = await deps.runner.run(dataset, {
        origin,
        force: args.force,
        onProgress: (phase, done, total) => {
          const detail = total ? ` ${done}/${total} rows (${Math.round(((done ?? 0) / total) * 100)}%)` : '';
          if (interactive) out.write(`\r\x1b[K${step}${dataset.name}: ${phase}${detail}`);
          else if (phase === 'write' && total && total >= 20_000)
            out.write(`${step}${dataset.name}: ${phase}${detail}\n`);
        },
      });
      if (interactive) out.write('\r\x1b[K');
      results.push(result);
      report(step, dataset.name, result, Date.now() - started);
    }
    // The models computed here over what changed, each once, after its inputs; then any model named
    // here that none of them set off. A model set off only by its inputs that cannot run yet (it has
    // never had a snapshot and some inputs are missing) is reported, not counted as a failure.
    const ran = new Set<string>();
    const reportModel = (result: IngestResult, ms: number) => {
      ran.add(result.dataset);
      if (!result.ok && !result.skipped && !named.has(result.dataset) && result.version === 0) {
        notComputed++;
        out.write(`[derived] ${result.dataset}: not computed: ${text(result.error)}\n`);
        return;
      }
      count++;
      report('[derived] ', result.dataset, result, ms);
    };
    await refreshDerived(results, ALL_DATASETS, deps.runner, reportModel);
    for (const model of derivationOrder(chosen.filter((d) => named.has(d.name) && !ran.has(d.name)))) {
      const started = Date.now();
      reportModel(await deps.runner.run(model, { origin: { kind: 'live' }, force: args.force }), Date.now() - started);
    }
    const ok = count - failed - skipped;
    const seconds = ((Date.now() - began) / 1000).toFixed(1);
    const models = notComputed ? `, ${notComputed} model(s) not computed (inputs missing)` : '';
    out.write(`${count} datasets: ${ok} ok, ${failed} failed, ${skipped} skipped${models}, in ${seconds} s\n`);
  } finally {
    deps.redis?.close();
    await deps.store.close().catch(() => undefined);
    deps.db.$client.close();
  }
  // A dataset another node was refreshing is not this run's failure, but the run did not refresh it either.
  return failed || skipped ? 1 : 0;
}

/** A stream whose writes are redacted before they reach `target`. */
function redacting(target: NodeJS.WritableStream, redact: Redact): NodeJS.WritableStream {
  const write = (chunk: string | Uint8Array) =>
    target.write(redact(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')));
  return { write, isTTY: (target as NodeJS.WriteStream).isTTY } as unknown as NodeJS.WritableStream;
}
