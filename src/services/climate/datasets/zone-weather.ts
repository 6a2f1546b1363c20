import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { openMeteoArchiveUrl, parseOpenMeteoDaily } from '../../../sources/open-meteo/archive.js';
import { lastWeek } from '../rules.js';
import { checkZoneCoverage, zoneBatches, type ClimateZone } from '../zones.js';

export const ZONE_WEATHER = 'climate.zone-weather';

/** One zone's last seven complete days in the archive, and the month whose normal they are compared with. */
export interface ZoneWeek {
  zone: string;
  latitude: number;
  longitude: number;
  /** First and last of the seven days, `YYYY-MM-DD`. */
  from: string;
  to: string;
  /** Calendar month of the last day asked for (the archive's newest days are still empty). */
  month: number;
  tempC: number;
  precipMm: number;
}

const DAY = 86_400_000;
/** Days asked for, up to today: the archive lags by about a week, so the newest are empty. */
const WINDOW_DAYS = 21;
const WEATHER_BATCH = 8;
const BATCHES = zoneBatches(WEATHER_BATCH);
const isoDate = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * Each zone's week from one archive answer (its locations in the order asked). The normal's month is
 * the month of the newest date in the answer, as the published seeder takes it; a zone without seven
 * complete days is left out.
 */
export function zoneWeeks(zones: readonly ClimateZone[], archive: Buffer | string): ZoneWeek[] {
  const series = parseOpenMeteoDaily(archive);
  if (series.length !== zones.length)
    throw new Error(`Open-Meteo answered ${series.length} locations for ${zones.length} zones`);
  return zones.flatMap((zone, i) => {
    const days = series[i].days;
    const week = lastWeek(days);
    if (!week) return [];
    return [
      {
        zone: zone.name,
        latitude: zone.lat,
        longitude: zone.lon,
        from: week.from,
        to: week.to,
        month: Number(days.at(-1)!.date.slice(5, 7)),
        tempC: week.tempC,
        precipMm: week.precipMm,
      },
    ];
  });
}

export const zoneWeatherDataset: Dataset<ZoneWeek, { unreadable: string[] }> = {
  name: ZONE_WEATHER,
  source: 'Open-Meteo archive (ERA5): the last seven complete days per climate zone',
  kind: 'live',
  cadenceMinutes: 3 * 60,
  maxStaleMinutes: 9 * 60,
  // Eight zones per request, the last three weeks up to today. A failed request loses its zones;
  // the parser publishes only with enough zones and every required one.
  sources: Object.fromEntries(
    BATCHES.map((batch, i) => [
      `zones${i + 1}`,
      {
        url: openMeteoArchiveUrl(batch, '2026-10-30', '2026-11-20'),
        urlAt: (now: number) => openMeteoArchiveUrl(batch, isoDate(now - WINDOW_DAYS * DAY), isoDate(now)),
        sample: `climate/open-meteo-archive-zones-${i + 1}.json`,
        optional: true,
      },
    ]),
  ),
  parse(payloads) {
    const records: ZoneWeek[] = [];
    const unreadable: string[] = [];
    BATCHES.forEach((batch, i) => {
      const bytes = payloads[`zones${i + 1}`];
      if (!bytes) return;
      try {
        records.push(...zoneWeeks(batch, bytes));
      } catch {
        unreadable.push(`zones${i + 1}`);
      }
    });
    checkZoneCoverage(
      'climate zone weather',
      records.map((r) => r.zone),
    );
    return { records, info: { unreadable } };
  },
};
