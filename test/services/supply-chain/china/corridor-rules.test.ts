import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFERENCE_DIR, SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { buildChinaPorts } from '../../../../src/services/supply-chain/china/datasets/china-ports.js';
import { parseCorridorRegistry } from '../../../../src/services/supply-chain/china/datasets/corridors.js';
import {
  breadth,
  conditionAvailability,
  contentFreshness,
  corridorAvailability,
  familyTrend,
  hubBalance,
  insidePolygon,
  signalAvailability,
  trendOfChange,
  type Availability,
} from '../../../../src/services/supply-chain/china/rules.js';

const DAY = 86_400_000;
const sig = (
  availability: 'available' | 'stale' | 'unavailable',
  transportFreshness: 'fresh' | 'stale' | 'missing' | 'error' = 'fresh',
  contentFreshness: 'current' | 'stale' | 'unavailable' | 'partial' | 'timestamp_unknown' = 'current',
) => ({ availability, transportFreshness, contentFreshness });

describe('signal freshness', () => {
  it.each([
    [undefined, 'timestamp_unknown'],
    [1000 - 10 * DAY, 'current'],
    [1000 - 10 * DAY - 1, 'stale'],
  ] as const)('content observed until %s is %s against a 10-day budget', (until, expected) => {
    expect(contentFreshness(until, 10 * DAY, 1000)).toBe(expected);
  });

  it.each([
    ['fresh', 'current', 'available'],
    ['stale', 'current', 'available'],
    ['fresh', 'stale', 'stale'],
    ['missing', 'current', 'unavailable'],
    ['error', 'current', 'unavailable'],
    ['fresh', 'unavailable', 'unavailable'],
    ['fresh', 'timestamp_unknown', 'available'],
  ] as const)('transport %s and content %s make a %s signal', (t, c, expected) => {
    expect(signalAvailability(t, c)).toBe(expected);
  });
});

describe('condition and corridor availability', () => {
  it.each([
    ['no signals', [], 'unavailable'],
    ['all unusable', [sig('unavailable')], 'unavailable'],
    ['one of two unusable', [sig('available'), sig('unavailable')], 'partial'],
    ['transport not fresh', [sig('available', 'stale')], 'partial'],
    ['time unknown', [sig('available', 'fresh', 'timestamp_unknown')], 'partial'],
    ['one stale', [sig('available'), sig('stale', 'fresh', 'stale')], 'stale'],
    ['all available', [sig('available'), sig('available')], 'available'],
  ] as const)('%s -> %s', (_, signals, expected) => {
    expect(conditionAvailability(signals)).toBe(expected);
  });

  it.each([
    [['unavailable', 'unavailable'], 'unavailable'],
    [['available', 'available'], 'available'],
    [['available', 'stale'], 'stale'],
    [['available', 'unavailable'], 'partial'],
    [['partial', 'available'], 'partial'],
    [[], 'unavailable'],
  ] as const)('%j -> %s', (conditions, expected) => {
    expect(corridorAvailability(conditions)).toBe(expected);
  });

  it('is unavailable exactly when every condition is, and available exactly when every condition is', () => {
    const avail = fc.constantFrom<Availability>('available', 'partial', 'stale', 'unavailable');
    fc.assert(
      fc.property(fc.array(avail, { minLength: 1, maxLength: 6 }), (conditions) => {
        const c = corridorAvailability(conditions);
        expect(c === 'unavailable').toBe(conditions.every((x) => x === 'unavailable'));
        expect(c === 'available').toBe(conditions.every((x) => x === 'available'));
      }),
    );
  });
});

describe('trends', () => {
  it.each([
    [5.2, 'strengthening'],
    [-4.9, 'weakening'],
    [2, 'flat'],
    [-2, 'flat'],
    [undefined, 'unknown'],
  ] as const)('a change of %s%% is %s', (pct, expected) => {
    expect(trendOfChange(pct)).toBe(expected);
  });

  it('sums the usable signals of a family', () => {
    expect(
      familyTrend([
        { availability: 'available', trend: 'strengthening' },
        { availability: 'available', trend: 'weakening' },
      ]),
    ).toBe('flat');
    expect(
      familyTrend([
        { availability: 'available', trend: 'strengthening' },
        { availability: 'unavailable', trend: 'weakening' },
      ]),
    ).toBe('strengthening');
    expect(familyTrend([{ availability: 'available', trend: 'unknown' }])).toBe('unknown');
    expect(breadth({ port: 'strengthening', aviation: 'weakening', trade: 'strengthening', hazard: 'flat' })).toBe(1);
  });

  it.each([
    [10, 0, 1],
    [10, 9, -0.8],
    [10, 5, 0],
    [0, 0, undefined],
  ] as const)('a hub with %d departures and %d disrupted balances at %s', (n, d, expected) => {
    expect(hubBalance(n, d)).toBe(expected);
  });

  it('keeps the hub balance within [-1, 1]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: -10, max: 600 }), (n, d) => {
        const b = hubBalance(n, d)!;
        expect(b).toBeGreaterThanOrEqual(-1);
        expect(b).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('places points in a corridor outline', () => {
    const box = [
      { lat: 32, lon: 118 },
      { lat: 32, lon: 122 },
      { lat: 29, lon: 122 },
      { lat: 29, lon: 118 },
    ];
    expect(insidePolygon(31.2, 121.5, box)).toBe(true);
    expect(insidePolygon(22.3, 114.1, box)).toBe(false);
  });
});

describe('corridor registry and China ports datasets', () => {
  it('reads the bundled registry and refuses a malformed one', () => {
    const { records, info } = parseCorridorRegistry(
      fs.readFileSync(path.join(REFERENCE_DIR, 'supply-chain/china-corridors.json')),
    );
    expect(records.map((r) => r.id)).toEqual([
      'china-yangtze-river-delta',
      'china-greater-bay-area',
      'china-bohai-rim',
      'china-western-land-sea-corridor',
    ]);
    expect(info.reviewedAt).toBe('2026-11-02');
    expect(records[0]!.nodes[0]).toMatchObject({
      id: 'cn-port-shanghai',
      type: 'port',
      sourceSelector: { family: 'port', id: 'Shanghai' },
    });
    expect(() =>
      parseCorridorRegistry(
        Buffer.from('{"schemaVersion":1,"reviewedAt":"2026-11-02","corridors":[{"id":"elsewhere"}]}'),
      ),
    ).toThrow(/unexpected shape/);
    expect(() => parseCorridorRegistry(Buffer.from('nope'))).toThrow(/not JSON/);
  });

  it('turns PortWatch daily rows into 30-day activity per Chinese port', () => {
    const { records, info } = buildChinaPorts(
      fs.readFileSync(path.join(SAMPLES_DIR, 'supply-chain/portwatch-daily-china-ports.json')),
    );
    expect(records).toHaveLength(9);
    expect(info.latestDay).toBe(Date.UTC(2026, 10, 18));
    expect(records.find((p) => p.portName === 'Shanghai')).toMatchObject({ iso3: 'CHN', trendDeltaPct: 5.2 });
    expect(records.find((p) => p.portName === 'Hong Kong')!.iso3).toBe('HKG');
    expect(() => buildChinaPorts(Buffer.from('{"error":{"code":400,"message":"Invalid query"}}'))).toThrow(
      /Invalid query/,
    );
  });
});
