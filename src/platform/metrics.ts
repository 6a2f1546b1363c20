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
  readonly bootstrapProjections = new client.Counter({
    name: 'mds_bootstrap_projections_total',
    help: 'jmespath projections of GET /api/bootstrap: evaluated, or answered from memory',
    labelNames: ['outcome'] as const,
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

  /** Label-bound histograms by `route method status-class`: the label set is hashed once, not per request. */
  private readonly requestSeries = new Map<string, client.Histogram.Internal<'route' | 'method' | 'status'>>();

  observeRequest(route: string, method: string, status: number, seconds: number): void {
    const statusClass = `${Math.floor(status / 100)}xx`;
    const id = `${route} ${method} ${statusClass}`;
    let series = this.requestSeries.get(id);
    if (!series) {
      series = this.requestDuration.labels({ route, method, status: statusClass });
      // Routes are templates, so the set is small; the bound only guards against a mistake.
      if (this.requestSeries.size < 10_000) this.requestSeries.set(id, series);
    }
    series.observe(seconds);
  }

  observeIngestion(dataset: string, ok: boolean): void {
    this.ingestions.inc({ dataset, result: ok ? 'success' : 'failure' });
  }

  private readonly rateSeries = new Map<string, client.Counter.Internal>();

  observeRateLimit(policy: string, outcome: string): void {
    const id = `${policy} ${outcome}`;
    let series = this.rateSeries.get(id);
    if (!series) {
      series = this.rateLimitDecisions.labels({ policy, outcome });
      if (this.rateSeries.size < 10_000) this.rateSeries.set(id, series);
    }
    series.inc();
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
