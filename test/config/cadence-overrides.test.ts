import { describe, expect, it } from 'vitest';
import { parseCadenceOverrides } from '../../src/config/cadence-overrides.js';
import { loadConfig } from '../../src/config.js';

describe('INGEST_CADENCE_OVERRIDES', () => {
  it.each([
    ['', {}],
    ['seismology.earthquakes=5', { 'seismology.earthquakes': 5 }],
    [' seismology.earthquakes=5 , news.feeds=15.5 ', { 'seismology.earthquakes': 5, 'news.feeds': 15.5 }],
  ])('%j parses to %j', (raw, want) => {
    expect(parseCadenceOverrides(raw)).toEqual(want);
  });

  it.each(['earthquakes=5', 'seismology.earthquakes', 'seismology.earthquakes=0', 'a.b=10081', 'a.b=-3', 'a.b=5m'])(
    'refuses %j, naming the variable and the form it wants',
    (raw) => {
      expect(() => parseCadenceOverrides(raw)).toThrow(/INGEST_CADENCE_OVERRIDES: bad entry .*<dataset>=<minutes/);
    },
  );

  it('is parsed at start-up like the other settings', () => {
    expect(loadConfig({ INGEST_CADENCE_OVERRIDES: 'news.feeds=15' }).INGEST_CADENCE_OVERRIDES).toEqual({
      'news.feeds': 15,
    });
    expect(() => loadConfig({ INGEST_CADENCE_OVERRIDES: 'nonsense' })).toThrow(/INGEST_CADENCE_OVERRIDES/);
  });
});
