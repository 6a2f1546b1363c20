import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { parseCsvRows } from '../../../../sources/formats/csv.js';
import type { AircraftDetailsRecord } from '../../../../sources/wingbits/client.js';

export const AIRCRAFT_REGISTRY = 'military.aircraft-registry';

/** Registry column -> details field (the OpenSky aircraft database's column names). */
const COLUMNS: Record<keyof AircraftDetailsRecord, string> = {
  icao24: 'icao24',
  registration: 'registration',
  manufacturerIcao: 'manufacturericao',
  manufacturerName: 'manufacturername',
  model: 'model',
  typecode: 'typecode',
  serialNumber: 'serialnumber',
  icaoAircraftType: 'icaoaircrafttype',
  operator: 'operator',
  operatorCallsign: 'operatorcallsign',
  operatorIcao: 'operatoricao',
  owner: 'owner',
  built: 'built',
  engines: 'engines',
  categoryDescription: 'categoryDescription',
};

/** Aircraft database CSV -> one details record per ICAO address (the first row of a repeated address wins). */
export function parseAircraftRegistry(bytes: Buffer): AircraftDetailsRecord[] {
  const rows = parseCsvRows(bytes, { relaxColumnCount: true, trim: true });
  const header = rows[0] ?? [];
  const at = Object.fromEntries(Object.entries(COLUMNS).map(([field, col]) => [field, header.indexOf(col)])) as Record<
    keyof AircraftDetailsRecord,
    number
  >;
  if (at.icao24 < 0 || at.registration < 0) throw new Error('aircraft database CSV has no icao24/registration header');
  const seen = new Set<string>();
  const out: AircraftDetailsRecord[] = [];
  for (const cells of rows.slice(1)) {
    const icao24 = (cells[at.icao24] ?? '').toLowerCase();
    if (!/^[0-9a-f]{6}$/.test(icao24) || seen.has(icao24)) continue;
    seen.add(icao24);
    const rec = Object.fromEntries(
      Object.entries(at).map(([field, i]) => [field, i >= 0 ? (cells[i] ?? '') : '']),
    ) as unknown as AircraftDetailsRecord;
    out.push({ ...rec, icao24, built: rec.built.slice(0, 4) });
  }
  return out;
}

export const aircraftRegistryDataset: Dataset<AircraftDetailsRecord> = {
  name: AIRCRAFT_REGISTRY,
  source: 'Open aircraft registry extract (OpenSky Network aircraft database format)',
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 60,
  sources: {
    registry: {
      url: 'https://opensky-network.org/datasets/metadata/aircraftDatabase.csv',
      sample: 'military/aircraft-database.csv',
    },
  },
  parse(payloads) {
    return { records: parseAircraftRegistry(payloads.registry!) };
  },
};
