import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { arcgisExceededTransferLimit, parseArcgisFeatures } from '../../../src/sources/formats/arcgis.js';
import { FormatError } from '../../../src/sources/formats/errors.js';

const fixture = readFileSync(new URL('./fixtures/wildfires.arcgis.json', import.meta.url));

describe('parseArcgisFeatures', () => {
  it('reads attributes as sent and point geometry as x/y', () => {
    const features = parseArcgisFeatures(fixture);
    expect(features).toHaveLength(4);
    expect(features[0]).toEqual({
      attributes: {
        OBJECTID: 101,
        IncidentName: 'Cedar Ridge',
        DailyAcres: 1250.5,
        FireDiscoveryDateTime: 1795420800000,
      },
      geometry: { x: -120.4521, y: 38.9102 },
    });
  });

  it.each([
    ['a non-numeric coordinate', 1],
    ['no geometry', 2],
    ['a polygon', 3],
  ])('leaves geometry out for %s', (_name, i) => {
    const f = parseArcgisFeatures(fixture)[i];
    expect(f.geometry).toBeUndefined();
    expect('geometry' in f).toBe(false);
  });

  it('reads a feature without attributes as empty attributes, and an empty FeatureSet as none', () => {
    expect(parseArcgisFeatures('{"features":[{"geometry":{"x":1,"y":2}}]}')).toEqual([
      { attributes: {}, geometry: { x: 1, y: 2 } },
    ]);
    expect(parseArcgisFeatures('{"features":[]}')).toEqual([]);
  });

  it('says whether the page was cut at the record limit', () => {
    expect(arcgisExceededTransferLimit(fixture)).toBe(true);
    expect(arcgisExceededTransferLimit('{"features":[]}')).toBe(false);
  });

  it.each([
    [
      'an error body served with HTTP 200',
      '{"error":{"code":400,"message":"Cannot perform query. Invalid query parameters.","details":["Unable to perform query. Please check your parameters."]}}',
      /ArcGIS: service error 400: Cannot perform query\. Invalid query parameters\. \(Unable to perform query/,
    ],
    [
      'a token error',
      '{"error":{"code":498,"message":"Invalid token.","details":[]}}',
      /ArcGIS: service error 498: Invalid token\.$/,
    ],
    ['GeoJSON instead of FeatureSet JSON', '{"type":"FeatureCollection","features":{}}', /ArcGIS: no "features" list/],
    ['an HTML page', '<html>maintenance</html>', /ArcGIS: not valid JSON/],
    ['a feature that is not an object', '{"features":[1]}', /ArcGIS: feature 0 is not an object/],
    [
      'attributes that are not an object',
      '{"features":[{"attributes":[1]}]}',
      /ArcGIS: feature 0 attributes is not an object/,
    ],
  ])('refuses %s with a FormatError', (_name, input, message) => {
    expect(() => parseArcgisFeatures(input)).toThrow(FormatError);
    expect(() => parseArcgisFeatures(input)).toThrow(message);
  });
});
