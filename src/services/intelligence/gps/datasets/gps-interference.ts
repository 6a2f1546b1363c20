import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import {
  GPSJAM_MANIFEST_URL,
  gpsjamDailyUrl,
  latestGpsjamDay,
  parseGpsjamCells,
} from '../../../../sources/gpsjam/daily.js';
import { cellsPerRegion, interferedHexes, type GpsHex } from '../rules.js';

export const GPS_INTERFERENCE = 'intelligence.gps-interference';

export interface GpsInterferenceInfo {
  /** The day the cells describe (`YYYY-MM-DD`, the manifest's last row). */
  date: string;
  /** gpsjam flagged the day's data as anomalous. */
  suspect: boolean;
  /** Valid cells in the day's file, interfered or not. */
  totalCells: number;
  /** The same, per region label. */
  cellsByRegion: Record<string, number>;
  /** Rows dropped: not an H3 cell, or counts that are not whole numbers. */
  invalidCells: number;
  malformedRows: number;
}

/** gpsjam's newest day: the manifest names it, its H3 CSV -> the interfered cells (rules.ts). */
export const gpsInterferenceDataset: Dataset<GpsHex, GpsInterferenceInfo> = {
  name: GPS_INTERFERENCE,
  source: 'gpsjam.org daily GPS interference map (ADS-B, H3 cells)',
  // Published once a day; two missed days is stale.
  kind: 'live',
  maxStaleMinutes: 2 * 24 * 60,
  // Interference comes and goes by the day (an exercise ends, a conflict flares); the parser already
  // refuses a file with no valid cell, so only a near-total drop is treated as a broken feed.
  minRetainedRatio: 0.1,
  sources: {
    manifest: {
      url: GPSJAM_MANIFEST_URL,
      sample: 'intelligence/gpsjam-manifest.csv',
      headers: () => ({ accept: 'text/csv' }),
    },
    // The day to read comes from the manifest's last row.
    daily: {
      url: gpsjamDailyUrl('2026-11-19'),
      sample: 'intelligence/gpsjam-2026-11-19-h3_4.requests.json',
      headers: () => ({ accept: 'text/csv' }),
      fetch: async (get) => get(gpsjamDailyUrl(latestGpsjamDay(await get(GPSJAM_MANIFEST_URL)).date)),
    },
  },
  parse(payloads) {
    const day = latestGpsjamDay(payloads.manifest!);
    const { cells, invalidCells, malformedRows } = parseGpsjamCells(payloads.daily!);
    return {
      records: interferedHexes(cells),
      info: {
        date: day.date,
        suspect: day.suspect,
        totalCells: cells.length,
        cellsByRegion: cellsPerRegion(cells),
        invalidCells,
        malformedRows,
      },
    };
  },
};
