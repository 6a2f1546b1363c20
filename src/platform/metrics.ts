import client from 'prom-client';

/**
 * Prometheus metrics for one process. Each app gets its own registry (tests build several apps in
 * one process). Request metrics are labelled by route template, never by raw URL, so a client
 * cannot blow up the label space with random paths.
 */
export class Metrics {
  readonly registry = new client.Registry();
  readonly requestDuration = new client.Histogram({
    name: 'mds_http_request_duration_seconds',
    help: 'HTTP requests by route template, method and status class',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [this.registry],
  });
  readonly rateLimitDecisions = new client.Counter({
    name: 'mds_rate_limit_decisions_total',
    help: 'Rate-limit decisions by policy and outcome',
    labelNames: ['policy', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly ingestions = new client.Counter({
    name: 'mds_ingestions_total',
    help: 'Ingestion runs by dataset and result',
    labelNames: ['dataset', 'result'] as const,
    registers: [this.registry],
  });
  readonly snapshotAge = new client.Gauge({
    name: 'mds_snapshot_age_seconds',
    help: 'Age of each dataset snapshot at scrape time (absent before the first success)',
    labelNames: ['dataset'] as const,
    registers: [this.registry],
  });
  readonly snapshotRecords = new client.Gauge({
    name: 'mds_snapshot_records',
    help: 'Rows in each dataset snapshot',
    labelNames: ['dataset'] as const,
    registers: [this.registry],
  });

  /**
   * @param processMetrics also export the process's own metrics (CPU, memory, event-loop lag).
   * Off in tests: each test app would otherwise start its own event-loop monitor.
   */
  constructor(processMetrics = true) {
    if (processMetrics) client.collectDefaultMetrics({ register: this.registry, prefix: 'mds_process_' });
  }

  observeRequest(route: string, method: string, status: number, seconds: number): void {
    this.requestDuration.observe({ route, method, status: `${Math.floor(status / 100)}xx` }, seconds);
  }

  observeIngestion(dataset: string, ok: boolean): void {
    this.ingestions.inc({ dataset, result: ok ? 'success' : 'failure' });
  }

  observeRateLimit(policy: string, outcome: string): void {
    this.rateLimitDecisions.inc({ policy, outcome });
  }

  /** Snapshot gauges are set at scrape time from the database, so they are never older than the scrape. */
  setSnapshots(entries: readonly { dataset: string; ageSeconds: number | null; recordCount: number }[]): void {
    this.snapshotAge.reset();
    this.snapshotRecords.reset();
    for (const e of entries) {
      if (e.ageSeconds !== null) this.snapshotAge.set({ dataset: e.dataset }, e.ageSeconds);
      this.snapshotRecords.set({ dataset: e.dataset }, e.recordCount);
    }
  }

  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
