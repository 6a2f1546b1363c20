import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseResilienceScores,
  resilienceScoresDataset,
} from '../../../src/services/resilience/datasets/resilience-scores.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';

const sample = () => fs.readFileSync(path.join(SAMPLES_DIR, resilienceScoresDataset.sources.scores.sample));

describe('resilience scores export parser', () => {
  it('reads every country of the bundled export', () => {
    const { countries, info } = parseResilienceScores(sample());
    expect(countries).toHaveLength(48);
    expect(info).toEqual({ formula: 'default', generatedAt: Date.UTC(2026, 10, 20, 6), methodology: '2026.2' });
    const no = countries.find((c) => c.countryCode === 'NO')!;
    expect(no.overallScore).toBeGreaterThan(80);
    expect(no.interval!.p95 - no.interval!.p05).toBeGreaterThan(0);
    expect(no.dimensions).toHaveLength(6);
    const kp = countries.find((c) => c.countryCode === 'KP')!;
    expect(kp.overallScore).toBeNull();
    expect(kp.interval).toBeNull();
  });

  it('drops malformed codes and keeps the first of a repeated code', () => {
    const doc = {
      schema: 'resilience-scores/v3',
      formula: 'pillar',
      generated_at: '2026-11-20T06:00:00Z',
      countries: [
        { iso2: 'fr', population_m: 68, overall: { score: 70 }, dimensions: [] },
        { iso2: 'FR', population_m: 68, overall: { score: 10 }, dimensions: [] },
        { iso2: 'FRA', population_m: 68, overall: { score: 10 }, dimensions: [] },
        { iso2: '', overall: null, dimensions: [] },
      ],
    };
    const { countries, info } = parseResilienceScores(Buffer.from(JSON.stringify(doc)));
    expect(info.formula).toBe('pillar');
    expect(countries.map((c) => [c.countryCode, c.overallScore, c.interval])).toEqual([['FR', 70, null]]);
  });

  it.each([
    ['not JSON', '<html>maintenance</html>', /not JSON/],
    ['wrong shape', '{"countries": 3}', /unexpected shape/],
    [
      'score out of range',
      JSON.stringify({
        schema: 'resilience-scores/v3',
        formula: 'default',
        generated_at: '2026-11-20T06:00:00Z',
        countries: [{ iso2: 'FR', overall: { score: 180 }, dimensions: [] }],
      }),
      /unexpected shape/,
    ],
    [
      'bad timestamp',
      JSON.stringify({ schema: 'resilience-scores/v3', formula: 'default', generated_at: 'yesterday', countries: [] }),
      /generated_at/,
    ],
  ])('refuses %s', (_n, text, message) => {
    expect(() => parseResilienceScores(Buffer.from(text))).toThrow(message);
  });
});
