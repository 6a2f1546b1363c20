/** The benchmark scenarios. A plain scenario is measured against a bare server with the same bytes. */
export interface Scenario {
  name: string;
  path: string;
  headers?: Record<string, string>;
  extraArgs?: string[];
  /** Target ratio to the bare baseline. */
  goal?: number;
  /** A custom measurement (batch vs single, ingestion throughput...) instead of the paired one. */
  run?: (env: any) => Promise<Record<string, unknown>>;
}

export const scenarios: Scenario[] = [
  { name: 'list-earthquakes', path: '/api/seismology/v1/list-earthquakes', goal: 0.8 },
  { name: 'list-earthquakes+jmespath', path: '/api/seismology/v1/list-earthquakes?jmespath=earthquakes%5B%5D.%7Bid%3Aid%2Cm%3Amagnitude%7D', goal: 0.7 },
];
