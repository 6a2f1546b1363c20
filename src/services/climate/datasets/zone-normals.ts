import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { openMeteoArchiveUrl, parseOpenMeteoDaily } from '../../../sources/open-meteo/archive.js';
import {
  NORMALS_END,
  NORMALS_START,
  formatNormals,
  monthlyNormals,
  parseNormals,
  type ZoneNormal,
} from '../normals.js';
import { MIN_CLIMATE_ZONES, checkZoneCoverage, zoneBatches } from '../zones.js';

export const ZONE_NORMALS = 'climate.zone-normals';

/** Thirty years of days is a heavy request: two zones per call, as the published seeder asks. */
const NORMALS_BATCH = 2;

/**
 * Reads 1991-2020 from the archive, two zones per request, and reduces each zone to its twelve
 * monthly normals as it arrives (the daily series would be megabytes); the payload is the normals
 * table. A failed request or a zone short of a month leaves those zones out; the parser decides
 * whether enough remain.
 */
async function fetchNormals(get: (url: string) => Promise<Buffer>): Promise<Buffer> {
  const rows: ZoneNormal[] = [];
  const notes: string[] = [];
  for (const batch of zoneBatches(NORMALS_BATCH)) {
    const names = batch.map((z) => z.name).join(', ');
    try {
      const series = parseOpenMeteoDaily(await get(openMeteoArchiveUrl(batch, NORMALS_START, NORMALS_END)));
      if (series.length !== batch.length) throw new Error(`${series.length} locations for ${batch.length} asked`);
      batch.forEach((zone, i) => {
        const months = monthlyNormals(series[i].days);
        if (months.length !== 12) return notes.push(`${zone.name}: only ${months.length} months with data`);
        rows.push(...months.map((m) => ({ zone: zone.name, latitude: zone.lat, longitude: zone.lon, ...m })));
      });
    } catch (err) {
      notes.push(`${names}: ${err instanceof Error ? err.message : String(err)}`);
      // A network failure (no HTTP answer at all) will not be different for the next batch.
      if ((err as { code?: unknown }).code !== undefined) break;
    }
  }
  // Too few zones to publish: say why (the causes of the failed requests), not just how many.
  if (new Set(rows.map((r) => r.zone)).size < MIN_CLIMATE_ZONES)
    throw new Error(`climate normals: too few zones read from the archive; ${notes.join('; ')}`);
  return Buffer.from(
    formatNormals(rows, [
      'Monthly normals 1991-2020 per climate zone, computed from the Open-Meteo historical weather API (ERA5):',
      'per calendar month, the mean of each year-month mean of daily temperature_2m_mean (°C) and precipitation_sum (mm/day).',
      ...notes.map((n) => `left out: ${n}`),
    ]),
  );
}

export const zoneNormalsDataset: Dataset<ZoneNormal> = {
  name: ZONE_NORMALS,
  source:
    'Open-Meteo archive (ERA5) 1991-2020 monthly normals per climate zone (sample: approximate normals written for it)',
  kind: 'live',
  // Normals of a closed period change only when the reanalysis is revised: monthly, as published.
  cadenceMinutes: 30 * 24 * 60,
  maxStaleMinutes: 62 * 24 * 60,
  sources: {
    archive: {
      url: openMeteoArchiveUrl(zoneBatches(NORMALS_BATCH)[0], NORMALS_START, NORMALS_END),
      sample: 'climate/climate-zone-normals-1991-2020.csv',
      fetch: (get) => fetchNormals(get),
    },
  },
  parse(payloads) {
    const rows = parseNormals(payloads.archive!);
    const months = new Map<string, number>();
    for (const r of rows) months.set(r.zone, (months.get(r.zone) ?? 0) + 1);
    checkZoneCoverage(
      'climate normals',
      [...months].filter(([, n]) => n === 12).map(([z]) => z),
    );
    return { records: rows };
  },
};
