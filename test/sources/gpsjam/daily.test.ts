import fs from 'node:fs';
import path from 'node:path';
import { getResolution, latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { FormatError } from '../../../src/sources/formats/errors.js';
import {
  gpsjamDailyUrl,
  latestGpsjamDay,
  parseGpsjamCells,
  parseGpsjamManifest,
} from '../../../src/sources/gpsjam/daily.js';

const read = (sample: string) => fs.readFileSync(path.join(SAMPLES_DIR, sample));
const HEADER = 'hex,count_good_aircraft,count_bad_aircraft';
const CYPRUS = latLngToCell(35.0, 33.3, 4);
const BAGHDAD = latLngToCell(33.3, 44.4, 4);

describe('gpsjam manifest', () => {
  it('lists the published days, newest last', () => {
    const days = parseGpsjamManifest(read('intelligence/gpsjam-manifest.csv'));
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: '2026-10-21', suspect: false });
    expect(latestGpsjamDay(read('intelligence/gpsjam-manifest.csv'))).toEqual({ date: '2026-11-19', suspect: false });
  });

  it('reads the suspect flag and skips rows without a date', () => {
    const text = 'date,suspect,num_bad_aircraft_hexes\n2026-11-18,false,3100\n2026-11-19,true,9800\ntotal,,\n';
    expect(parseGpsjamManifest(text)).toEqual([
      { date: '2026-11-18', suspect: false },
      { date: '2026-11-19', suspect: true },
    ]);
  });

  it('refuses a manifest without dated rows', () => {
    expect(() => parseGpsjamManifest('date,suspect\n')).toThrow(FormatError);
    expect(() => parseGpsjamManifest('<!doctype html><html>Not found</html>')).toThrow(/CSV/);
  });

  it('builds the day file address and refuses anything but a date', () => {
    expect(gpsjamDailyUrl('2026-11-19')).toBe('https://gpsjam.org/data/2026-11-19-h3_4.csv');
    expect(() => gpsjamDailyUrl('../etc/passwd')).toThrow();
  });
});

describe('gpsjam daily cells', () => {
  it('reads every row of the sample as a resolution-4 cell with its centre', () => {
    const { cells, invalidCells, malformedRows } = parseGpsjamCells(read('intelligence/gpsjam-2026-11-19-h3_4.csv'));
    expect(cells).toHaveLength(592);
    expect(invalidCells + malformedRows).toBe(0);
    for (const c of cells) {
      expect(c.resolution).toBe(4);
      expect(Math.abs(c.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(c.lon)).toBeLessThanOrEqual(180);
      expect(c.goodAircraft + c.badAircraft).toBeGreaterThan(0);
      // The centre lies in the cell it came from, to 5 decimals.
      expect(latLngToCell(c.lat, c.lon, 4)).toBe(c.h3);
    }
  });

  it('gives a cell its centre near the point it was made from', () => {
    const [cell] = parseGpsjamCells(`${HEADER}\n${CYPRUS},120,30\n`).cells;
    expect(cell).toMatchObject({ h3: CYPRUS, resolution: 4, goodAircraft: 120, badAircraft: 30 });
    expect(cell.lat).toBeCloseTo(35.0, 0);
    expect(cell.lon).toBeCloseTo(33.3, 0);
    expect(String(cell.lat).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(5);
  });

  it('drops and counts rows that are not H3 cells, not fatal', () => {
    const text = `${HEADER}\n${CYPRUS},120,30\nnot-a-cell,5,5\n8fffffffffffffff,3,1\n${BAGHDAD.toUpperCase()},80,20\n`;
    const { cells, invalidCells, malformedRows } = parseGpsjamCells(text);
    expect(cells.map((c) => c.h3)).toEqual([CYPRUS, BAGHDAD]);
    expect(invalidCells).toBe(2);
    expect(malformedRows).toBe(0);
    expect(getResolution(cells[1].h3)).toBe(4);
  });

  it('drops and counts rows whose counts are not whole non-negative numbers', () => {
    const text = `${HEADER}\n${CYPRUS},120,30\n${BAGHDAD},-1,4\n${BAGHDAD},12.5,4\n${BAGHDAD},,\n${BAGHDAD}\n`;
    const { cells, malformedRows } = parseGpsjamCells(text);
    expect(cells).toHaveLength(1);
    expect(malformedRows).toBe(4);
  });

  it('reads the columns by name, in any order', () => {
    const { cells } = parseGpsjamCells(`count_bad_aircraft,hex,count_good_aircraft\n7,${CYPRUS},93\n`);
    expect(cells[0]).toMatchObject({ h3: CYPRUS, goodAircraft: 93, badAircraft: 7 });
  });

  it('refuses a file without the expected columns, or with no usable row', () => {
    expect(() => parseGpsjamCells('cell,good,bad\nx,1,2\n')).toThrow(
      /gpsjam CSV: missing column\(s\) hex, count_good_aircraft, count_bad_aircraft/,
    );
    expect(() => parseGpsjamCells('')).toThrow(FormatError);
    expect(() => parseGpsjamCells(`${HEADER}\nnope,1,1\nworse,x,y\n`)).toThrow(/none of 2 rows/);
    expect(() => parseGpsjamCells('<html><body>502</body></html>')).toThrow(FormatError);
  });

  it('accepts a header-only file as a day without cells', () => {
    expect(parseGpsjamCells(`${HEADER}\n`)).toEqual({ cells: [], invalidCells: 0, malformedRows: 0 });
  });
});
