/**
 * Parses `INGEST_CADENCE_OVERRIDES`: `<dataset>=<minutes>,...`, e.g.
 * `seismology.earthquakes=5,news.feeds=15`. Dataset names are checked against the dataset list at
 * start (configuration knows no dataset).
 */
export function parseCadenceOverrides(raw: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([a-z0-9-]+\.[a-z0-9-]+)=(\d+(?:\.\d+)?)$/.exec(part);
    if (!m || Number(m[2]) < 1 || Number(m[2]) > 7 * 24 * 60)
      throw new Error(
        `INGEST_CADENCE_OVERRIDES: bad entry "${part}" (want <dataset>=<minutes between 1 and 10080>, e.g. seismology.earthquakes=5)`,
      );
    out[m[1]] = Number(m[2]);
  }
  return out;
}
