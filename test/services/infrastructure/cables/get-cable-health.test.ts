import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../src/platform/clock.js';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { parseBroadcastWarnings, parseNgaDate } from '../../../../src/sources/nga-msi/broadcast-warnings.js';
import {
  CABLE_WARNINGS,
  cableWarningsDataset,
  cableWarningsFrom,
  type CableWarning,
} from '../../../../src/services/infrastructure/cables/datasets/cable-warnings.js';
import { cableHealth } from '../../../../src/services/infrastructure/cables/queries.js';
import {
  cableStatus,
  effectiveScore,
  isCableRelated,
  matchCables,
  positionsIn,
  signalsOf,
} from '../../../../src/services/infrastructure/cables/rules.js';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';

const PATH = '/api/infrastructure/v1/get-cable-health';
const SAMPLE = fs.readFileSync(path.join(SAMPLES_DIR, 'infrastructure/nga-broadcast-warnings.json'));
const H = 3_600_000;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [cableWarningsDataset] });
});
afterAll(() => app.close());

describe('cable rules', () => {
  it('reads NGA dates and DMS positions', () => {
    expect(parseNgaDate('200800Z NOV 2026')).toBe(Date.UTC(2026, 10, 20, 8, 0));
    expect(parseNgaDate('20 NOV 2026')).toBeNaN();
    const [[lat, lon]] = positionsIn('VICINITY 11-38.20N 043-22.70E.');
    expect(lat).toBeCloseTo(11.6367, 3);
    expect(lon).toBeCloseTo(43.3783, 3);
    expect(positionsIn('12-30.00S 045-00.00W')).toEqual([[-12.5, -45]]);
  });

  it('tells cable warnings from others and matches by name before position', () => {
    expect(isCableRelated('GUNNERY EXERCISES')).toBe(false);
    expect(isCableRelated('submarine cable repair')).toBe(true);
    expect(matchCables('SMW5 CABLE FAULT')).toEqual([{ id: 'seamewe-5', km: 0 }]);
    expect(matchCables('CABLE WORK 39-00.00N 070-00.00W')).toEqual([]);
    expect(
      matchCables('CABLE WORK 43-15.00N 005-20.00E')
        .map((m) => m.id)
        .sort(),
    ).toEqual(['2africa', 'aae-1', 'imewe', 'peace-cable', 'seamewe-5']);
  });

  it('grades signals as published', () => {
    expect(signalsOf('CABLE CUT', 0, true, 0)).toEqual([
      { kind: 'fault', severity: 1, confidence: 0.9, ttlMs: 120 * H, issuedAt: 0 },
    ]);
    expect(signalsOf('CABLE CUT', 250, false, 0)[0].confidence).toBeCloseTo(0.4, 9);
    const advisory = signalsOf('CABLE WORK', 100, false, 0)[0];
    expect(advisory).toMatchObject({ kind: 'advisory', severity: 0.6 });
    expect(advisory.confidence).toBeCloseTo(0.5, 9);
    expect(signalsOf('CABLESHIP ON STATION', 0, true, 0)[1]).toMatchObject({
      kind: 'repair',
      severity: 0.8,
      confidence: 0.85,
      ttlMs: 24 * H,
    });
  });

  it('fades scores linearly to zero over the lifetime', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), (hours) => {
        const s = { kind: 'fault' as const, severity: 1, confidence: 0.9, ttlMs: 120 * H, issuedAt: 0 };
        const score = effectiveScore(s, hours * H);
        return (
          score >= 0 && score <= 0.9 && (hours >= 120 ? score === 0 : Math.abs(score - 0.9 * (1 - hours / 120)) < 1e-9)
        );
      }),
    );
  });

  it.each([
    [[{ kind: 'fault', score: 0.85 }], 'CABLE_HEALTH_STATUS_FAULT'],
    [[{ kind: 'advisory', score: 0.85 }], 'CABLE_HEALTH_STATUS_DEGRADED'],
    [[{ kind: 'fault', score: 0.6 }], 'CABLE_HEALTH_STATUS_DEGRADED'],
    [[{ kind: 'advisory', score: 0.2 }], 'CABLE_HEALTH_STATUS_OK'],
  ] as const)('%j -> %s', (scored, status) => expect(cableStatus(scored)).toBe(status));
});

describe('NGA parser', () => {
  it('accepts the list bare or under an envelope key', () => {
    const list = JSON.parse(SAMPLE.toString())['broadcast-warn'];
    expect(parseBroadcastWarnings(SAMPLE)).toHaveLength(7);
    expect(parseBroadcastWarnings(JSON.stringify(list))).toHaveLength(7);
    expect(parseBroadcastWarnings(JSON.stringify({ warnings: list }))).toHaveLength(7);
  });

  it.each([
    ['nope', /not JSON/],
    ['{"error":"down"}', /no warning list/],
  ])('refuses %s', (text, message) => expect(() => parseBroadcastWarnings(text)).toThrow(message));
});

describe('cable health of the bundled warnings', () => {
  const warnings = cableWarningsFrom(SAMPLE);

  it('keeps only cable warnings that concern a known cable', () => {
    expect(warnings.map((w) => w.id)).toEqual([
      'IX-1187-2026',
      'IX-1192-2026',
      'III-2210-2026',
      'XI-455-2026',
      'XII-388-2026',
    ]);
  });

  it('scores them at a moment: faults, repairs and fading advisories', () => {
    const health = cableHealth(warnings, SAMPLE_NOW);
    expect(health['seamewe-5']).toMatchObject({
      status: 'CABLE_HEALTH_STATUS_FAULT',
      score: 0.87,
      confidence: 0.9,
      lastUpdated: Date.UTC(2026, 10, 20, 8),
    });
    expect(health['seamewe-5'].evidence).toHaveLength(3);
    expect(health['aae-1'].status).toBe('CABLE_HEALTH_STATUS_DEGRADED');
    expect(health['c-lion1'].status).toBe('CABLE_HEALTH_STATUS_DEGRADED');
    expect(health.imewe.status).toBe('CABLE_HEALTH_STATUS_OK');
    // The Taiwan-Matsu damage report is eight days old: its signal has faded out.
    expect(health).not.toHaveProperty('taiwan-matsu-no2');
    expect(cableHealth(warnings, SAMPLE_NOW + 10 * 24 * H)).toEqual({});
  });
});

describe('GET get-cable-health', () => {
  it('answers with the cables that have a live signal', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.generatedAt).toBe(SAMPLE_NOW);
    expect(Object.keys(res.body.cables).sort()).toEqual([
      '2africa',
      'aae-1',
      'c-lion1',
      'eassy',
      'imewe',
      'peace-cable',
      'seacom',
      'seamewe-5',
    ]);
    expect(res.body.cables['seamewe-5'].evidence[0]).toMatchObject({ source: 'NGA', ts: Date.UTC(2026, 10, 20, 8) });
  });

  it("lets signals fade from the warnings' capture, not the clock: started three days later it answers the same", async () => {
    const then = await app.get(PATH);
    const clock = new ManualClock(SAMPLE_NOW + 3 * 24 * H);
    await withTestApp({ samples: [cableWarningsDataset], clock }, async (later) => {
      const res = await later.get(PATH);
      expect(res.text).toBe(then.text);
      expect(res.headers.get('last-modified')).toBe(new Date(SAMPLE_NOW).toUTCString());
    });
    // Warnings captured three days later would have faded to these two.
    const warnings = app.deps.store.read<CableWarning>(CABLE_WARNINGS)!.records;
    expect(Object.keys(cableHealth(warnings, SAMPLE_NOW + 3 * 24 * H))).toEqual(['c-lion1', 'seamewe-5']);
  });

  it('serves an empty map no-store without a snapshot', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body.cables).toEqual({});
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
