import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { NASA_SEA_LEVEL_URL, parseSeaLevelPage } from '../../../sources/nasa-climate/sea-level.js';
import { NCEI_OHC_700M_URL, parseOceanHeat } from '../../../sources/ncei/ocean-heat.js';
import {
  NOAA_OCEAN_TEMP_INDEX_URL,
  newestOceanSeries,
  parseOceanTemperature,
} from '../../../sources/noaa-globaltemp/ocean-temperature.js';
import {
  NSIDC_CLIMATOLOGY_URL,
  NSIDC_DAILY_URL,
  parseClimatologyMedian,
  parseDailyExtent,
} from '../../../sources/nsidc/sea-ice-index.js';
import { iceSummary } from '../rules.js';
import type { OceanIceData } from '../schemas.js';

export const OCEAN_ICE = 'climate.ocean-ice';

/** Runs one section's reader; a section that is absent or unreadable is left out (and named). */
function section<T>(name: string, bytes: Buffer | undefined, read: (b: Buffer) => T, failed: string[]): T | undefined {
  if (!bytes) return undefined;
  try {
    return read(bytes);
  } catch {
    failed.push(name);
    return undefined;
  }
}

/** The four indicators, each optional; refused only when none can be read. */
export function oceanIceFrom(p: Partial<Record<string, Buffer>>): { data: OceanIceData; failed: string[] } {
  const failed: string[] = [];
  const ice = section(
    'ice',
    p.iceDaily,
    (b) => iceSummary(parseDailyExtent(b), parseClimatologyMedian(p.iceClimatology!)),
    failed,
  );
  const sea = section('seaLevel', p.seaLevel, parseSeaLevelPage, failed);
  const ohc = section('oceanHeat', p.oceanHeat, parseOceanHeat, failed)?.at(-1);
  const sst = section('oceanTemperature', p.oceanTemperature, parseOceanTemperature, failed)?.at(-1);
  if (!ice && !sea && !ohc && !sst)
    throw new Error(`no ocean or ice indicator could be read (${failed.join(', ') || 'no sources'})`);
  const times = [
    ice?.measuredAt,
    sst ? Date.UTC(sst.year, sst.month - 1, 1) : undefined,
    ohc ? Date.UTC(ohc.year, 6, 1) : undefined,
  ].filter((t): t is number => t !== undefined);
  const data: OceanIceData = {
    arcticExtentMkm2: ice?.extent ?? 0,
    arcticExtentAnomalyMkm2: ice?.anomaly ?? 0,
    arcticTrend: ice?.trend ?? '',
    seaLevelMmAbove1993: sea?.riseMm ?? 0,
    seaLevelAnnualRiseMm: sea?.ratePerYearMm ?? 0,
    ohc0700mZj: ohc?.zettajoules ?? 0,
    sstAnomalyC: sst?.anomalyC !== undefined ? Math.round(sst.anomalyC * 1000) / 1000 : 0,
    measuredAt: times.length ? Math.max(...times) : 0,
    iceTrend12m: ice?.months ?? [],
  };
  return { data, failed };
}

export const oceanIceDataset: Dataset<OceanIceData> = {
  name: OCEAN_ICE,
  source: 'NSIDC Sea Ice Index, NASA sea level, NCEI ocean heat content, NOAAGlobalTemp ocean series',
  kind: 'live',
  maxStaleMinutes: 2 * 24 * 60,
  sources: {
    iceDaily: { url: NSIDC_DAILY_URL, sample: 'climate/nsidc-n-seaice-extent-daily.csv', optional: true },
    iceClimatology: {
      url: NSIDC_CLIMATOLOGY_URL,
      sample: 'climate/nsidc-n-seaice-extent-climatology-1981-2010.csv',
      optional: true,
    },
    seaLevel: { url: NASA_SEA_LEVEL_URL, sample: 'climate/nasa-sea-level-overlay.html', optional: true },
    oceanHeat: { url: NCEI_OHC_700M_URL, sample: 'climate/ncei-ohc-0-700m-h22.dat', optional: true },
    oceanTemperature: {
      url: NOAA_OCEAN_TEMP_INDEX_URL,
      sample: 'climate/noaaglobaltemp-ocean.requests.json',
      optional: true,
      // The directory listing names this month's file; the series is that file.
      fetch: async (get) => get(newestOceanSeries(await get(NOAA_OCEAN_TEMP_INDEX_URL))),
    },
  },
  parse(payloads) {
    const { data, failed } = oceanIceFrom(payloads);
    return { records: [data], info: { failedSections: failed } };
  },
};
