import type { AnyDataset } from './dataset.js';
import type { IngestResult } from './runner.js';

export interface SchedulerOptions {
  datasets: readonly AnyDataset[];
  intervalMs: number;
  /** Runs one dataset live; must honour the signal (the runner passes it to every fetch). */
  run: (dataset: AnyDataset, signal: AbortSignal) => Promise<IngestResult>;
  onCycle?: (results: IngestResult[]) => void;
}

/**
 * In-process refresh: every `intervalMs`, each dataset is ingested live, one at a time. A cycle
 * never overlaps the next: the following one is scheduled only after the previous finished. `stop`
 * aborts the fetch in progress; a swap already under way is one synchronous transaction, so it
 * either committed before the abort is seen or never started.
 */
export class RefreshScheduler {
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;
  private stopped = false;
  cycles = 0;

  constructor(private readonly opts: SchedulerOptions) {}

  /** Starts the first cycle after one interval (the samples or the last snapshots serve until then). */
  start(firstDelayMs = this.opts.intervalMs): this {
    this.schedule(firstDelayMs);
    return this;
  }

  get running(): boolean {
    return this.current !== undefined;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.current = this.cycle().finally(() => {
        this.current = undefined;
        this.schedule(this.opts.intervalMs);
      });
    }, delay);
    // The scheduler alone never keeps the process alive.
    this.timer.unref();
  }

  private async cycle(): Promise<void> {
    const results: IngestResult[] = [];
    for (const dataset of this.opts.datasets) {
      if (this.abort.signal.aborted) break;
      results.push(await this.opts.run(dataset, this.abort.signal));
    }
    this.cycles++;
    this.opts.onCycle?.(results);
  }

  /** Cancels the next cycle, aborts the current fetch and waits for the current run to settle. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.abort.abort(new Error('shutting down'));
    await this.current;
  }
}
