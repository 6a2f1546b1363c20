import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { parseCsvRows } from '../../../sources/formats/csv.js';
import { openMeteoArchiveUrl, parseOpenMeteoDaily } from '../../../sources/open-meteo/archive.js';
import { anomalySeverity, anomalyType, lastWeek } from '../rules.js';
import type { ClimateAnomaly } from '../schemas.js';

export const CLIMATE_ANOMALIES = 'climate.anomalies';

/** Zones watched (the normals table lists the same names and positions). */
export const CLIMATE_ZONES: readonly { name: string; lat: number; lon: number }[] = [
  { name: 'Sahel', lat: 14, lon: 0 },
  { name: 'Western Europe', lat: 48.5, lon: 4 },
  { name: 'Eastern Mediterranean', lat: 35, lon: 33 },
  { name: 'South Asia', lat: 26, lon: 80 },
  { name: 'East Asia', lat: 35, lon: 115 },
  { name: 'US Midwest', lat: 41, lon: -93 },
  { name: 'Amazon Basin', lat: -5, lon: -62 },
  { name: 'Southern Africa', lat: -20, lon: 28 },
];

interface Normal {
  zone: string;
  month: number;
  tempC: number;
  precipMm: number;
}

/** The normals CSV (`zone,latitude,longitude,month,temperature_2m_mean,precipitation_sum_per_day`, `#` comments). */
export function parseNormals(input: Buffer | string): Normal[] {
  const rows = parseCsvRows(input, { comment: '#', relaxColumnCount: true, trim: true });
  if (rows[0]?.join(',') !== 'zone,latitude,longitude,month,temperature_2m_mean,precipitation_sum_per_day')
    throw new Error('climate normals: unexpected header');
  return rows.slice(1).map((c, i) => {
    const [month, t, p] = [Number(c[3]), Number(c[4]), Number(c[5])];
    if (
      c.length !== 6 ||
      !Number.isInteger(month) ||
      month < 1 ||
      month > 12 ||
      !Number.isFinite(t) ||
      !Number.isFinite(p)
    )
      throw new Error(`climate normals line ${i + 2} is unreadable`);
    return { zone: c[0], month, tempC: t, precipMm: p };
  });
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** Each zone's last complete week against its 1991-2020 normal for that month. Zones without a full week are left out. */
export function anomaliesFrom(archive: Buffer | string, normalsCsv: Buffer | string): ClimateAnomaly[] {
  const normals = parseNormals(normalsCsv);
  const out: ClimateAnomaly[] = [];
  for (const series of parseOpenMeteoDaily(archive)) {
    // Open-Meteo snaps coordinates to its grid: match each series to the zone within half a degree.
    const zone = CLIMATE_ZONES.find(
      (z) => Math.abs(z.lat - series.latitude) <= 0.5 && Math.abs(z.lon - series.longitude) <= 0.5,
    );
    const week = lastWeek(series.days);
    if (!zone || !week) continue;
    const month = Number(week.to.slice(5, 7));
    const normal = normals.find((n) => n.zone === zone.name && n.month === month);
    if (!normal) continue;
    const dT = round1(week.tempC - normal.tempC);
    const dP = round1(week.precipMm - normal.precipMm);
    out.push({
      zone: zone.name,
      location: { latitude: zone.lat, longitude: zone.lon },
      tempDelta: dT,
      precipDelta: dP,
      severity: anomalySeverity(dT, dP),
      type: anomalyType(dT, dP),
      period: `${week.from} to ${week.to}`,
    });
  }
  if (out.length === 0) throw new Error('no climate zone had a complete week and a normal');
  return out;
}

const DAY = 86_400_000;

export const climateAnomaliesDataset: Dataset<ClimateAnomaly> = {
  name: CLIMATE_ANOMALIES,
  source: 'Open-Meteo archive (ERA5) against 1991-2020 zone normals',
  kind: 'live',
  maxStaleMinutes: 9 * 60,
  sources: {
    archive: {
      url: openMeteoArchiveUrl(CLIMATE_ZONES, '2026-10-30', '2026-11-19'),
      urlAt: (now) =>
        openMeteoArchiveUrl(
          CLIMATE_ZONES,
          new Date(now - 21 * DAY).toISOString().slice(0, 10),
          new Date(now - DAY).toISOString().slice(0, 10),
        ),
      sample: 'climate/open-meteo-archive-zones.json',
    },
    normals: {
      url: 'https://raw.githubusercontent.com/monitoring-data-service/registries/main/climate/zone-normals-1991-2020.csv',
      sample: 'climate/climate-zone-normals-1991-2020.csv',
    },
  },
  parse(payloads) {
    return { records: anomaliesFrom(payloads.archive!, payloads.normals!) };
  },
};
