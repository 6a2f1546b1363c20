import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { SAMPLES_DIR } from '../../src/platform/snapshots/samples.js';
import {
  gdeltTimestamp,
  gkgFileUrl,
  gkgRecords,
  gkgSlot,
  parseGkgLocations,
  parseGkgZip,
} from '../../src/sources/gdelt/gkg.js';
import { unzipEntries } from '../../src/sources/formats/zip.js';
import { FormatError } from '../../src/sources/formats/errors.js';

const zipOf = (name: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'positive-events', name));

describe('GDELT GKG', () => {
  it('reads a bundled 15-minute file', () => {
    const records = parseGkgZip(zipOf('20261120120000.gkg.csv.zip'));
    expect(records.length).toBeGreaterThan(5);
    const r = records.find((x) => x.title.startsWith('Kenyan volunteers'))!;
    expect(r).toMatchObject({
      date: Date.UTC(2026, 10, 20, 12, 0),
      themes: expect.arrayContaining(['SOC_INNOVATION']),
      locations: [{ type: 4, name: 'Nairobi, Nairobi Area, Kenya', countryCode: 'KE', lat: -1.28333, lon: 36.8167 }],
    });
    expect(r.tone).toBeGreaterThan(2);
    expect(r.url).toMatch(/^https:\/\//);
  });
  it('reads locations, dropping those without coordinates', () => {
    expect(
      parseGkgLocations(
        '1#Kenya#KE#KE#-1#38#KE;4#Nowhere#XX#XX###x;4#Far#XX#XX#95#10#y;4#Oslo, Oslo, Norway#NO#NO12#59.9167#10.75#-2052133',
      ),
    ).toEqual([
      { type: 1, name: 'Kenya', countryCode: 'KE', lat: -1, lon: 38 },
      { type: 4, name: 'Oslo, Oslo, Norway', countryCode: 'NO', lat: 59.9167, lon: 10.75 },
    ]);
  });
  it('skips rows of the wrong width and refuses an archive without GKG rows', () => {
    expect(gkgRecords([['a', 'b']])).toEqual([]);
    const csvZip = zipOf('20261120101500.gkg.csv.zip');
    expect(unzipEntries(csvZip).size).toBe(1);
    expect(() => parseGkgZip(Buffer.from('not a zip'))).toThrow(FormatError);
  });
  it('names the files of the last complete slots', () => {
    const now = Date.UTC(2026, 10, 20, 12, 7);
    expect(gdeltTimestamp(gkgSlot(now, 0))).toBe('20261120120000');
    expect(gkgFileUrl(gkgSlot(now, 7))).toBe('http://data.gdeltproject.org/gdeltv2/20261120101500.gkg.csv.zip');
    expect(gdeltTimestamp(gkgSlot(Date.UTC(2026, 10, 20, 12, 3), 0))).toBe('20261120114500');
  });
});
