import type { Config } from '../../config.js';

/**
 * Where a dataset's rows come from (design/data-truth.md):
 * - `live`: fetched from a public upstream that really serves the data, at its real address;
 * - `reference`: a curated table versioned in this repository (db/reference/), with its provenance;
 *   no fetch, a live refresh reloads the file;
 * - `derived`: computed here from other snapshots; no address of its own;
 * - `relay`: behind an operator-run relay or keyed streaming provider, whose address comes only from
 *   configuration (the source `requires` the variable);
 * - `recorded`: grows through the service's own operations.
 */
export type DatasetKind = 'live' | 'reference' | 'derived' | 'relay' | 'recorded';

export const DATASET_KINDS: readonly DatasetKind[] = ['live', 'reference', 'derived', 'relay', 'recorded'];

/**
 * One document a dataset is built from: an upstream's (`url`), or a curated table of this repository
 * (`reference`).
 *
 * Reference data is one mechanism, per source: a source marked `reference` is the file
 * db/reference/<sample>, read by the runner for every load (live, samples, `mds ingest`), never
 * fetched and listed without an address. A dataset of kind `reference` is one whose every source is
 * such a file; a live dataset may read one as one of its inputs (the military operator table beside
 * the ADS-B feed). The runner keeps a digest of the reference files a snapshot was built from in its
 * info (`REFERENCE_DIGEST_KEY`), so a server start reloads a reference dataset whose file changed.
 */
export interface DatasetSource {
  /**
   * Live address of the upstream (`live` and `relay` datasets; a relay address starts with the
   * `$VARIABLE` it is configured by). Absent for reference sources and `derived`/`recorded` datasets.
   */
  url?: string;
  /** The source is a curated table of this repository: `sample` names its file under db/reference/. */
  reference?: true;
  /**
   * The address for a given moment, when the request carries a date window, or for a configured
   * host (relay); `url` documents it.
   */
  urlAt?: (now: number, config: Config) => string;
  /**
   * Bundled payload in the upstream's own format, relative to db/samples/; for a `reference`
   * source, the reference file itself, relative to db/reference/. A source with its own `fetch`
   * that makes several requests is sampled as a request log (`*.requests.json`, request-log.ts): each
   * request with the upstream's answer, which a sample load runs through that same `fetch`.
   */
  sample: string;
  /** A dataset still ingests when an optional source fails; the parser sees it as absent. */
  optional?: boolean;
  /**
   * Config variables the live upstream cannot be read without (an API key). Live ingestion refuses
   * before any request, naming the missing variable; the bundled sample still loads. On an optional
   * source, the source is skipped instead.
   */
  requires?: readonly (keyof Config)[];
  /** Request headers the upstream expects (Accept, API keys from config). */
  headers?: (config: Config) => Record<string, string>;
  /**
   * For upstreams that take more than one request (a paged API, an id list followed by one document
   * per id): issues its requests through `get`, which applies timeout, User-Agent, headers and the
   * test origin override (`init.body` makes it a JSON POST), and returns the combined payload the parser reads. `url` is then the
   * first request's address and documents the source. Its sample is then the request log of
   * those requests, so that bundled and live data take the same path (`replayRecorded`).
   */
  fetch?: (
    get: (url: string, init?: { body?: string }) => Promise<Buffer>,
    ctx: { now: number; config: Config },
  ) => Promise<Buffer>;
}

/**
 * The snapshot being replaced, for datasets that accumulate (a history each ingestion appends to);
 * undefined on the first load. Other parsers ignore it.
 */
export interface Previous<R, I> {
  records: readonly R[];
  info: I;
}

/** One input of a derived dataset: another dataset's current snapshot. */
export interface InputSnapshot<R = unknown, I = Record<string, unknown>> {
  records: readonly R[];
  info: I;
  version: number;
  /** The moment the input's data describes (epoch ms). */
  capturedAt: number;
}

/** A derived dataset's inputs by dataset name; an input with no snapshot (not loaded, withheld) is undefined. */
export type DerivedInputs = Readonly<Record<string, InputSnapshot<any, any> | undefined>>;

/** What a parser returns: rows plus dataset-level attributes that are not rows. */
export interface Parsed<R, I = Record<string, unknown>> {
  records: R[];
  info?: I;
}

/**
 * A snapshot dataset: where its data comes from, how upstream bytes become rows, and how stale it
 * may get. Only the ingestion runner writes snapshots, and only through these definitions.
 */
export interface Dataset<R = unknown, I = Record<string, unknown>> {
  /** `<service>.<name>`, e.g. `seismology.earthquakes`. */
  name: string;
  /** Who publishes the upstream, for health and docs. */
  source: string;
  /** Where the rows come from; decides whether and how a live refresh touches the dataset. */
  kind: DatasetKind;
  /**
   * Minutes between live refreshes of this dataset when the scheduler runs (default: the
   * configured INGEST_INTERVAL_MINUTES). Only `live` and `relay` datasets are refreshed on a cadence.
   */
  cadenceMinutes?: number;
  /** Health reports STALE past this age. */
  maxStaleMinutes: number;
  sources: Record<string, DatasetSource>;
  /** Pure: bytes in, rows out. Throws a clear error on input it cannot read. */
  parse(payloads: Partial<Record<string, Buffer>>, now: number, previous?: Previous<R, I>): Parsed<R, I>;
  /**
   * `derived` datasets computed here: the datasets whose current snapshots the model reads. The
   * dataset is recomputed when one of them gets a new snapshot (derived.ts), and has no sources.
   */
  inputs?: readonly string[];
  /**
   * The model of a derived dataset: pure. `at` is the newest `capturedAt` among the present inputs,
   * the data's time that every window of the model is measured from (never the wall clock). An absent
   * input is undefined: the model degrades and says so rather than throwing, unless it cannot run.
   * `previous` is the current snapshot, for histories that append.
   */
  derive?(inputs: DerivedInputs, at: number, previous?: Previous<R, I>): Parsed<R, I>;
  /**
   * A healthy upstream may legitimately publish nothing (no outages today); most may not. When set,
   * an empty feed is accepted even right after a non-empty snapshot.
   */
  allowEmpty?: boolean;
  /**
   * Smallest share of the previous snapshot's row count a new one may have before it is treated
   * as a broken feed and refused (default 0.25). `--force` on the CLI overrides it.
   */
  minRetainedRatio?: number;
}

export type AnyDataset = Dataset<any, any>;

/** The `parse` of a derived dataset computed by its `derive`: it reads no payloads. */
export function parsesNothing(): never {
  throw new Error('a derived dataset is computed from its inputs by its model; it parses no payload');
}

/** Whether a source is a curated table of this repository (db/reference/), read rather than fetched. */
export function isReferenceSource(source: Pick<DatasetSource, 'reference'>): boolean {
  return source.reference === true;
}

/** Whether the refresh scheduler fetches this dataset on its cadence (it has an upstream address). */
export function fetchesUpstream(dataset: Pick<AnyDataset, 'kind'>): boolean {
  return dataset.kind === 'live' || dataset.kind === 'relay';
}

/**
 * Whether `mds ingest` without dataset names refreshes it: upstream datasets are fetched and
 * reference tables reloaded from their files; derived and recorded datasets have nothing to read.
 */
export function ingestedByDefault(dataset: Pick<AnyDataset, 'kind'>): boolean {
  return fetchesUpstream(dataset) || dataset.kind === 'reference';
}

/**
 * Relay datasets whose relay is not configured (a required variable of a non-optional source is
 * unset). Their stored snapshot, even a loaded sample, must not be served as current data: the
 * store withholds them, so every operation built on them answers with its unavailable flags.
 */
export function unconfiguredRelays(datasets: readonly AnyDataset[], config: Config): string[] {
  return datasets
    .filter(
      (d) =>
        d.kind === 'relay' &&
        Object.values(d.sources).some((s) => !s.optional && unsetRequirements(s.requires, config).length > 0),
    )
    .map((d) => d.name);
}

/** The variables of `requires` this configuration leaves unset (an empty value counts as unset). */
export function unsetRequirements(requires: readonly (keyof Config)[] | undefined, config: Config): (keyof Config)[] {
  return (requires ?? []).filter((name) => {
    const v = config[name];
    return v === undefined || v === null || v === '';
  });
}

/**
 * Another dataset's source as an input of a derived dataset: its bundled sample only, never its
 * address. A reference file stays a reference file, and a sample kept as a request log keeps the
 * `fetch` that combines its answers (a sample load replays them through it; nothing is fetched).
 */
export function inputSample(source: DatasetSource, optional = false): DatasetSource {
  return {
    sample: source.sample,
    optional,
    ...(source.reference ? { reference: true } : {}),
    ...(source.fetch && source.sample.endsWith('.requests.json') ? { fetch: source.fetch } : {}),
  };
}
