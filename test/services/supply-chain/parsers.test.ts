import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFERENCE_DIR, SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { parseChokepointRegistry } from '../../../src/services/supply-chain/chokepoints/datasets/chokepoints.js';
import { parseTransits } from '../../../src/services/supply-chain/chokepoints/datasets/transits.js';
import { parseCrossings, parseVesselSnapshot } from '../../../src/services/supply-chain/chokepoints/datasets/ais.js';
import { parseNavWarnings } from '../../../src/services/supply-chain/datasets/warnings.js';
import { firstPosition } from '../../../src/sources/nga/broadcast-warnings.js';
import { parseGdacs } from '../../../src/services/supply-chain/chokepoints/datasets/hazards.js';
import { parseBaselines } from '../../../src/services/supply-chain/chokepoints/datasets/baselines.js';
import { parseStorageRegistry } from '../../../src/services/supply-chain/energy/datasets/storage.js';
import { parseMineralProduction } from '../../../src/services/supply-chain/minerals/datasets/minerals.js';

const sample = (file: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'supply-chain', file));
const table = (file: string) => fs.readFileSync(path.join(REFERENCE_DIR, 'supply-chain', file));
const bytes = (s: string) => Buffer.from(s);

describe('chokepoint registry', () => {
  it('reads the 13 chokepoints with the published threat levels', () => {
    const { records, info } = parseChokepointRegistry(table('chokepoints.json'));
    expect(records).toHaveLength(13);
    expect(Object.fromEntries(records.map((r) => [r.id, r.threatLevel]))).toEqual({
      suez: 'high',
      malacca_strait: 'normal',
      hormuz_strait: 'war_zone',
      bab_el_mandeb: 'critical',
      panama: 'normal',
      taiwan_strait: 'elevated',
      cape_of_good_hope: 'normal',
      gibraltar: 'normal',
      bosphorus: 'elevated',
      korea_strait: 'normal',
      dover_strait: 'normal',
      kerch_strait: 'war_zone',
      lombok_strait: 'normal',
    });
    for (const r of records) expect(r.affectedRoutes.length).toBeGreaterThanOrEqual(3);
    expect(info.reviewedAt).toBe('2026-10-02');
  });

  it.each([
    ['not JSON', 'nope'],
    ['wrong shape', '{"schemaVersion":1,"chokepoints":[]}'],
    [
      'duplicate id',
      JSON.stringify({
        schemaVersion: 1,
        reviewedAt: '2026-01-01',
        chokepoints: [1, 2].map(() => ({
          id: 'a',
          name: 'A',
          lat: 1,
          lon: 1,
          threat: { level: 'normal' },
          directions: 'N/S',
          affectedRoutes: ['x'],
          keywords: { primary: ['a'] },
        })),
      }),
    ],
  ])('refuses %s', (_n, text) => {
    expect(() => parseChokepointRegistry(bytes(text))).toThrow();
  });
});

describe('transit history (ArcGIS)', () => {
  it('maps tracker ids to canonical ids and drops the unmapped ones', () => {
    const { records, info } = parseTransits(sample('portwatch-daily-chokepoints.json'));
    const ids = new Set(records.map((r) => r.chokepointId));
    expect(ids.size).toBe(13);
    expect(records.length).toBe(13 * 181);
    expect(info).toEqual({ latestDate: '2026-11-19', truncated: false });
  });

  it('reads missing counts as 0 and derives cargo and total when absent', () => {
    const doc = {
      features: [
        {
          attributes: {
            date: Date.UTC(2026, 10, 1),
            portid: 'chokepoint1',
            n_tanker: 3,
            n_container: 2,
            n_dry_bulk: null,
            capacity_tanker: null,
          },
        },
      ],
    };
    const [r] = parseTransits(bytes(JSON.stringify(doc))).records;
    expect(r).toMatchObject({
      chokepointId: 'suez',
      date: '2026-11-01',
      tanker: 3,
      cargo: 2,
      total: 5,
      other: 0,
      dryBulk: 0,
      capTanker: 0,
    });
  });

  it('surfaces an ArcGIS error document', () => {
    expect(() => parseTransits(bytes('{"error":{"code":400,"message":"Invalid query"}}'))).toThrow(/query failed/);
  });
});

describe('AIS relay', () => {
  it('reads crossings, keeping a null window as zero counts', () => {
    const { records } = parseCrossings(sample('ais-crossings-24h.json'));
    expect(records.find((r) => r.chokepointId === 'lombok_strait')).toMatchObject({ total: 0, riskLevel: 'low' });
    expect(records.some((r) => r.chokepointId === 'kerch_strait')).toBe(false);
  });

  it('refuses a window other than 24 hours', () => {
    expect(() => parseCrossings(bytes('{"generatedAt":"x","windowHours":6,"chokepoints":[]}'))).toThrow(/24/);
  });

  it('reads disruptions with numeric severity and the covered zones', () => {
    const { records, info } = parseVesselSnapshot(sample('ais-vessel-snapshot.json'));
    expect(records).toHaveLength(6);
    expect(records[0]).toMatchObject({ id: 'cong-hormuz-20261120', severity: 3, lat: 26.4, lon: 56.4 });
    expect(info.aisSnapshotAvailable).toBe(true);
    expect(info.coveredChokepoints).toHaveLength(12);
    expect(info.coveredChokepoints).not.toContain('kerch_strait');
  });
});

describe('navigational warnings (NGA)', () => {
  it('keeps active, uncancelled warnings with the first position of their text', () => {
    const { records, info } = parseNavWarnings(sample('nga-broadcast-warn.json'));
    expect(records).toHaveLength(10);
    expect(info.navigationalWarningsAvailable).toBe(true);
    expect(records[0]).toMatchObject({ id: 'NAVAREA IX 1187/26', lat: 26.5, lon: 56.3333 });
    expect(records.find((r) => r.id === 'NAVAREA III 1160/26')).not.toHaveProperty('lat');
  });

  it.each([
    ['26-30.0N 056-20.0E', { lat: 26.5, lon: 56.3333 }],
    ['36-00.5N 005-40.2W', { lat: 36.0083, lon: -5.67 }],
    ['08-28.2S 115-43.2E', { lat: -8.47, lon: 115.72 }],
    ['no position here', undefined],
  ])('firstPosition(%s)', (text, pos) => {
    expect(firstPosition(text)).toEqual(pos);
  });

  it('accepts a valid empty list', () => {
    expect(parseNavWarnings(bytes('{"broadcast-warn":[]}')).records).toEqual([]);
  });
});

describe('hazard alerts (GDACS)', () => {
  it('keeps point events with level and activity, skipping polygons', () => {
    const { records } = parseGdacs(sample('gdacs-events.geojson'));
    expect(records.map((r) => [r.name, r.level, r.active])).toEqual([
      ['Tropical Cyclone MURASU-26', 'ORANGE', true],
      ['Marapi', 'RED', true],
      ['Flood in Malaysia', 'GREEN', true],
      ['Earthquake in Egypt', 'RED', false],
      ['Earthquake in Turkiye', 'RED', true],
    ]);
  });
});

describe('flow baselines (EIA)', () => {
  it('reads the seven mapped baselines for the reference year', () => {
    const { records } = parseBaselines(sample('eia-chokepoint-volumes.csv'));
    expect(Object.fromEntries(records.map((r) => [r.baselineId, r.mbd]))).toEqual({
      hormuz: 21.0,
      malacca: 17.2,
      suez: 7.6,
      babelm: 6.2,
      danish: 3.0,
      turkish: 2.9,
      panama: 0.9,
    });
  });

  it('refuses a table without the reference year', () => {
    expect(() => parseBaselines(bytes('Location,2019\nPanama Canal,1.0\n'))).toThrow(/2023/);
  });
});

describe('storage registry', () => {
  it('reads every facility, skipping entries that do not validate', () => {
    const doc = JSON.parse(table('storage-facilities.json').toString());
    doc.facilities.broken = {
      id: 'broken',
      name: 'x',
      facilityType: 'cavern',
      country: 'XX',
      location: { lat: 1, lon: 1 },
    };
    const { records, info } = parseStorageRegistry(bytes(JSON.stringify(doc)));
    expect(records).toHaveLength(58);
    expect(info.skipped).toEqual(['broken']);
    expect(info.classifierVersion).toBe('v1');
  });
});

describe('critical-mineral production (USGS)', () => {
  it('keeps named producers of the served minerals from the latest column', () => {
    const { records, info } = parseMineralProduction(sample('usgs-mcs-world-production.csv'));
    expect(info.year).toBe('2024');
    expect(new Set(records.map((r) => r.mineral))).toEqual(
      new Set(['Lithium', 'Cobalt', 'Gallium', 'Germanium', 'Rare earths']),
    );
    expect(records.some((r) => /total|other/i.test(r.country))).toBe(false);
    expect(records.find((r) => r.mineral === 'Cobalt' && r.countryCode === 'CD')?.productionTonnes).toBe(220000);
  });

  it('refuses a table without production columns', () => {
    expect(() => parseMineralProduction(bytes('COMMODITY,COUNTRY\nCobalt,Chile\n'))).toThrow();
  });
});
