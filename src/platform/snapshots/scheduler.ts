import type { AnyDataset } from './dataset.js';
import type { IngestResult } from './runner.js';

export interface SchedulerOptions {
  datasets: readonly AnyDataset[];
  /** Time between two refreshes of one dataset (its cadence). */
  cadenceMs: (dataset: AnyDataset) => number;
  /**
   * When the dataset was last attempted, by this or another node (the snapshot store's record);
   * undefined when never. A dataset is due one cadence after its last attempt.
   */
  lastAttemptAt?: (dataset: AnyDataset) => number | undefined;
  /** Runs one dataset live; must honour the signal (the runner passes it to every fetch). */
  run: (dataset: AnyDataset, signal: AbortSignal) => Promise<IngestResult>;
  /** Called after each pass that refreshed something, with that pass's results; the next pass waits for it. */
  onPass?: (results: IngestResult[]) => void | Promise<void>;
  /** Longest sleep between two looks at what is due (another node's refresh may move a due time). */
  maxSleepMs?: number;
  now?: () => number;
}

/**
 * In-process refresh, each dataset on its own cadence: a pass refreshes every dataset that is due
 * (the longest overdue first), one at a time, then sleeps until the next one falls due. Passes never
 * overlap. `stop` aborts the fetch in progress; a swap already under way is one synchronous
 * transaction, so it either committed before the abort is seen or never started.
 */
export class RefreshScheduler {
  private readonly abort = new AbortController();
  private readonly attempted = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;
  private stopped = false;
  private readonly now: () => number;
  /** Passes that refreshed at least one dataset. */
  passes = 0;

  constructor(private readonly opts: SchedulerOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** Starts looking for due datasets after `firstDelayMs`. */
  start(firstDelayMs = 0): this {
    this.schedule(firstDelayMs);
    return this;
  }

  get running(): boolean {
    return this.current !== undefined;
  }

  /** When a dataset is next due (epoch ms); now or earlier when it is due already. */
  dueAt(dataset: AnyDataset): number {
    const last = Math.max(
      this.attempted.get(dataset.name) ?? -Infinity,
      this.opts.lastAttemptAt?.(dataset) ?? -Infinity,
    );
    return last === -Infinity ? 0 : last + this.opts.cadenceMs(dataset);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.current = this.pass().finally(() => {
        this.current = undefined;
        this.schedule(this.sleepMs());
      });
    }, delay);
    // The scheduler alone never keeps the process alive.
    this.timer.unref();
  }

  private sleepMs(): number {
    const now = this.now();
    const next = Math.min(...this.opts.datasets.map((d) => this.dueAt(d)));
    return Math.max(0, Math.min(next - now, this.opts.maxSleepMs ?? 60_000));
  }

  private async pass(): Promise<void> {
    const now = this.now();
    const due = this.opts.datasets
      .map((d) => ({ d, at: this.dueAt(d) }))
      .filter((x) => x.at <= now)
      .sort((a, b) => a.at - b.at);
    const results: IngestResult[] = [];
    for (const { d } of due) {
      if (this.abort.signal.aborted) break;
      this.attempted.set(d.name, this.now());
      results.push(await this.opts.run(d, this.abort.signal));
    }
    if (results.length === 0) return;
    this.passes++;
    try {
      await this.opts.onPass?.(results);
    } catch {
      // What follows a pass (derived models, logging) reports its own failures; the schedule goes on.
    }
  }

  /** Cancels the next pass, aborts the current fetch and waits for the current run to settle. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.abort.abort(new Error('shutting down'));
    await this.current;
  }
}
