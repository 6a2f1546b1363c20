import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  buildEarthquakes,
  earthquakesDataset,
  parseNrcan,
  parseUsgs,
} from '../../../src/services/seismology/datasets/earthquakes.js';
import { SAMPLE_NOW } from '../../support/app.js';

const usgsBytes = fs.readFileSync(path.join(SAMPLES_DIR, 'seismology/usgs-4.5_week.geojson'));
const nrcanBytes = fs.readFileSync(path.join(SAMPLES_DIR, 'seismology/nrcan-canada-en.atom'));

describe('USGS GeoJSON parser', () => {
  it('reads every feature with a magnitude and a position, dropping quarry blasts', () => {
    const { reports, generatedAt } = parseUsgs(usgsBytes);
    const raw = JSON.parse(usgsBytes.toString()) as { features: { properties: { type: string } }[] };
    const industrial = raw.features.filter((f) => f.properties.type === 'quarry blast').length;
    expect(reports).toHaveLength(raw.features.length - industrial);
    expect(generatedAt).toBe(SAMPLE_NOW);
    expect(reports[0]).toMatchObject({ source: 'usgs', id: expect.stringMatching(/^[a-z]{2}[0-9a-z]+$/) });
  });

  it('drops malformed features but keeps the well-formed ones', () => {
    const good = {
      id: 'us1',
      properties: { mag: 5, time: 1, place: 'x' },
      geometry: { type: 'Point', coordinates: [10, 20, 5] },
    };
    const feed = {
      type: 'FeatureCollection',
      features: [
        good,
        { id: 'us2', properties: { mag: 'big', time: 1 }, geometry: null },
        { id: '', properties: {}, geometry: {} },
        null,
        { ...good, id: 'us3', geometry: { coordinates: [500, 20] } },
      ],
    };
    expect(parseUsgs(Buffer.from(JSON.stringify(feed))).reports.map((r) => r.id)).toEqual(['us1']);
  });

  it.each([
    ['not JSON', '<html>'],
    ['the wrong shape', '{"type":"Feature"}'],
  ])('refuses %s with a clear error', (_l, text) => {
    expect(() => parseUsgs(Buffer.from(text))).toThrow(/USGS feed/);
  });
});

describe('NRCan Atom parser', () => {
  it('reads entries, skipping industry-related events', () => {
    const reports = parseNrcan(nrcanBytes);
    expect(reports).toHaveLength(6);
    expect(reports.every((r) => r.id.startsWith('nrcan:'))).toBe(true);
    expect(reports.find((r) => r.place === 'Labrador Sea')).toMatchObject({
      magnitude: 4.7,
      depthKm: 10,
      category: 'Earthquake',
    });
  });

  it('refuses a document that is not an Atom feed', () => {
    expect(() => parseNrcan(Buffer.from('<rss></rss>'))).toThrow(/no <feed>/);
  });
});

describe('merging', () => {
  it('publishes M4.5+ of the last 7 days, newest first, without cross-agency duplicates', () => {
    const quakes = earthquakesDataset.parse({ usgs: usgsBytes, nrcan: nrcanBytes }, SAMPLE_NOW + 3_600_000).records;
    expect(quakes.every((q) => q.magnitude >= 4.5 && q.occurredAt >= SAMPLE_NOW - 7 * 86_400_000)).toBe(true);
    expect(new Set(quakes.map((q) => q.id)).size).toBe(quakes.length);
    expect(quakes.filter((q) => q.source === 'nrcan')).toHaveLength(3);
  });

  it('still serves USGS events when the optional NRCan source is unavailable', () => {
    const quakes = earthquakesDataset.parse({ usgs: usgsBytes }, SAMPLE_NOW).records;
    expect(quakes.length).toBeGreaterThan(100);
    expect(quakes.every((q) => q.source === 'usgs')).toBe(true);
  });

  it('keeps one copy when the same id appears twice', () => {
    const r = {
      id: 'x',
      place: 'p',
      magnitude: 5,
      depthKm: 1,
      lat: 1,
      lon: 1,
      occurredAt: SAMPLE_NOW,
      sourceUrl: '',
      source: 'usgs' as const,
    };
    expect(buildEarthquakes([r, r], [], SAMPLE_NOW)).toHaveLength(1);
  });
});
