import type { Dataset, DatasetSource } from '../../../platform/snapshots/dataset.js';
import { parseRadnetCsv, radnetCsvUrl } from '../../../sources/epa-radnet/radnet.js';
import { parseSafecastMeasurements, safecastMeasurementsUrl } from '../../../sources/safecast/safecast.js';
import {
  CONFIDENCE_RANK,
  FRESHNESS_RANK,
  SEVERITY_RANK,
  agrees,
  baselineOf,
  confidenceOf,
  freshnessOf,
  round2,
  severityOf,
  toNanosievert,
} from '../rules.js';
import type { RadiationObservation, RadiationSource } from '../schemas.js';

export const RADIATION_OBSERVATIONS = 'radiation.observations';

/** Watched sites: a RadNet monitor (state, city) and/or a Safecast search circle around the point. */
export const SITES: readonly {
  id: string;
  name: string;
  country: string;
  lat: number;
  lon: number;
  radnet?: [string, string];
  safecast?: boolean;
}[] = [
  { id: 'denver', name: 'Denver, CO', country: 'US', lat: 39.74, lon: -104.99, radnet: ['CO', 'DENVER'] },
  {
    id: 'seattle',
    name: 'Seattle, WA',
    country: 'US',
    lat: 47.61,
    lon: -122.33,
    radnet: ['WA', 'SEATTLE'],
    safecast: true,
  },
  { id: 'tokyo', name: 'Tokyo', country: 'JP', lat: 35.68, lon: 139.69, safecast: true },
  { id: 'fukushima', name: 'Fukushima', country: 'JP', lat: 37.75, lon: 140.47, safecast: true },
];

/** Safecast readings within this distance of a site count for it. */
const SAFECAST_RADIUS_M = 120_000;
const RADNET = { window: 168, minForSigma: 48 } as const;
const SAFECAST = { window: 96, minForSigma: 24 } as const;

interface SiteReading {
  source: RadiationSource;
  tag: 'EPA_RADNET' | 'SAFECAST';
  value: number;
  observedAt: number;
  baseline: number;
  delta: number;
  z: number;
  hasSigma: boolean;
  fromCpm: boolean;
  severity: RadiationObservation['severity'];
  freshness: RadiationObservation['freshness'];
}

function readingFrom(
  series: { at: number; nsv: number; fromCpm: boolean }[],
  cfg: { window: number; minForSigma: number },
  source: RadiationSource,
  now: number,
): SiteReading | undefined {
  const latest = series.at(-1);
  if (!latest) return undefined;
  const base = baselineOf(
    series.slice(0, -1).map((r) => r.nsv),
    cfg.window,
    cfg.minForSigma,
  );
  const delta = base.n ? latest.nsv - base.mean : 0;
  const z = base.sd ? delta / base.sd : 0;
  const freshness = freshnessOf(latest.at, now);
  return {
    source,
    tag: source === 'RADIATION_SOURCE_EPA_RADNET' ? 'EPA_RADNET' : 'SAFECAST',
    value: latest.nsv,
    observedAt: latest.at,
    baseline: base.mean,
    delta,
    z,
    hasSigma: base.sd !== undefined,
    fromCpm: latest.fromCpm,
    severity: severityOf(delta, z, freshness),
    freshness,
  };
}

/** Prefer the more severe reading, then the calibrated network (RadNet), then the fresher one. */
function better(a: SiteReading, b: SiteReading): SiteReading {
  const bySeverity = SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity];
  if (bySeverity !== 0) return bySeverity > 0 ? b : a;
  if (a.tag !== b.tag) return a.tag === 'EPA_RADNET' ? a : b;
  return b.observedAt > a.observedAt ? b : a;
}

/**
 * One observation per site from whatever its networks returned. A site whose document cannot be read
 * is left out (and named); only when no site is readable is the whole feed refused.
 */
export function observationsFrom(
  payloads: Partial<Record<string, Buffer>>,
  now: number,
): { records: RadiationObservation[]; unreadable: string[] } {
  const out: RadiationObservation[] = [];
  const unreadable: string[] = [];
  const tryRead = <T>(key: string, read: () => T): T | undefined => {
    try {
      return read();
    } catch {
      unreadable.push(key);
      return undefined;
    }
  };
  for (const site of SITES) {
    const readings: SiteReading[] = [];
    const epa = payloads[`radnet-${site.id}`];
    const epaSeries =
      epa &&
      tryRead(`radnet-${site.id}`, () =>
        parseRadnetCsv(epa).map((r) => ({ at: r.at, nsv: r.nsvPerHour, fromCpm: false })),
      );
    const epaReading = epaSeries && readingFrom(epaSeries, RADNET, 'RADIATION_SOURCE_EPA_RADNET', now);
    if (epaReading) readings.push(epaReading);
    const sc = payloads[`safecast-${site.id}`];
    const scSeries =
      sc &&
      tryRead(`safecast-${site.id}`, () =>
        parseSafecastMeasurements(sc).flatMap((m) => {
          const v = toNanosievert(m.value, m.unit);
          return v ? [{ at: m.at, nsv: v.nsv, fromCpm: v.fromCpm }] : [];
        }),
      );
    const scReading = scSeries && readingFrom(scSeries, SAFECAST, 'RADIATION_SOURCE_SAFECAST', now);
    if (scReading) readings.push(scReading);
    if (readings.length === 0) continue;
    const best = readings.reduce(better);
    const others = readings.filter((r) => r !== best);
    const corroborated = others.some((o) => agrees(best, o));
    const conflicting = others.length > 0 && !corroborated;
    out.push({
      id: `${site.id}:${best.tag.toLowerCase()}`,
      source: best.source,
      locationName: site.name,
      country: site.country,
      location: { latitude: site.lat, longitude: site.lon },
      value: round2(best.value),
      unit: 'nSv/h',
      observedAt: best.observedAt,
      freshness: best.freshness,
      baselineValue: round2(best.baseline),
      delta: round2(best.delta),
      zScore: round2(best.z),
      severity: best.severity,
      contributingSources: readings.map((r) => r.tag),
      confidence: confidenceOf(corroborated, conflicting, best.hasSigma),
      corroborated,
      conflictingSources: conflicting,
      convertedFromCpm: best.fromCpm,
      sourceCount: readings.length,
    });
  }
  if (out.length === 0 && unreadable.length > 0)
    throw new Error(`no radiation source could be read (${unreadable.join(', ')})`);
  const records = out.sort(
    (a, b) =>
      SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
      CONFIDENCE_RANK[b.confidence] - CONFIDENCE_RANK[a.confidence] ||
      Number(b.corroborated) - Number(a.corroborated) ||
      FRESHNESS_RANK[b.freshness] - FRESHNESS_RANK[a.freshness] ||
      b.observedAt - a.observedAt ||
      (a.id < b.id ? -1 : 1),
  );
  return { records, unreadable };
}

const sources: Record<string, DatasetSource> = {};
for (const site of SITES) {
  if (site.radnet) {
    sources[`radnet-${site.id}`] = {
      url: radnetCsvUrl(2026, site.radnet[0], site.radnet[1]),
      urlAt: (now) => radnetCsvUrl(new Date(now).getUTCFullYear(), site.radnet![0], site.radnet![1]),
      sample: `radiation/radnet-${site.radnet[0].toLowerCase()}-${site.id}.csv`,
      optional: true,
    };
  }
  if (site.safecast) {
    sources[`safecast-${site.id}`] = {
      url: safecastMeasurementsUrl(site.lat, site.lon, SAFECAST_RADIUS_M),
      sample: `radiation/safecast-${site.id}.json`,
      optional: true,
    };
  }
}

export const radiationObservationsDataset: Dataset<RadiationObservation> = {
  name: RADIATION_OBSERVATIONS,
  source: 'EPA RadNet fixed monitors and Safecast measurements',
  kind: 'live',
  maxStaleMinutes: 120,
  // Every site is optional on its own: one monitor offline must not hide the others.
  sources,
  parse(payloads, now) {
    const { records, unreadable } = observationsFrom(payloads, now);
    return { records, info: { unreadable } };
  },
};
