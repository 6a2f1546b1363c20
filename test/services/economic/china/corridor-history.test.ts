import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundledFile } from '../../../../src/platform/snapshots/samples.js';
import {
  CORRIDOR_HISTORY_KEEP,
  appendCorridorReading,
  corridorHistoryDataset,
  type CorridorHistoryPoint,
} from '../../../../src/services/economic/china/datasets/corridor-history.js';

const T0 = Date.UTC(2026, 10, 20, 12);
const HOUR = 3_600_000;
const all = () =>
  Object.fromEntries(
    Object.entries(corridorHistoryDataset.sources).map(([k, s]) => [k, fs.readFileSync(bundledFile(s))]),
  );

describe('China corridor history dataset', () => {
  it('reads the same documents as the corridor inputs, every one optional', () => {
    const keys = Object.keys(corridorHistoryDataset.sources);
    expect(keys).toContain('registry.registry');
    expect(keys).toContain('ports.daily');
    expect(keys).toContain('shipping.ccfi');
    expect(Object.values(corridorHistoryDataset.sources).every((s) => s.optional)).toBe(true);
  });

  it('takes one reading per ingestion: breadth per corridor from the family trends', () => {
    const { records } = appendCorridorReading(all(), T0);
    expect(records).toHaveLength(1);
    const [p] = records as [CorridorHistoryPoint];
    expect(p.at).toBe(T0);
    expect(p.trends['china-bohai-rim']).toMatchObject({
      port: 'weakening',
      aviation: 'weakening',
      hazard: 'flat',
      strategic_industry: 'unknown',
    });
    expect(p.breadth).toBe(Object.values(p.byCorridor).reduce((s, v) => s + v!, 0));
  });

  it('appends to the previous snapshot, drops readings not older than now, and keeps the newest 16', () => {
    let previous: { records: CorridorHistoryPoint[]; info: Record<string, never> } | undefined;
    for (let i = 0; i < 20; i++) previous = appendCorridorReading(all(), T0 + i * HOUR, previous);
    expect(previous!.records).toHaveLength(CORRIDOR_HISTORY_KEEP);
    expect(previous!.records[0]!.at).toBe(T0 + 4 * HOUR);
    // A clock set back replaces the readings it would otherwise precede.
    const back = appendCorridorReading(all(), T0 + 10 * HOUR, previous);
    expect(back.records.at(-1)!.at).toBe(T0 + 10 * HOUR);
    expect(back.records.every((p, i, a) => i === 0 || a[i - 1]!.at < p.at)).toBe(true);
  });

  it('reads missing inputs as unknown trends, and refuses a run without the registry or without any input', () => {
    const registry = { 'registry.registry': all()['registry.registry'] };
    const hazardsOnly = { ...registry, 'hazards.eonet': all()['hazards.eonet'] };
    const { records } = appendCorridorReading(hazardsOnly, T0);
    expect(records[0]!.trends['china-greater-bay-area']!.port).toBe('unknown');
    expect(() => appendCorridorReading({ 'ports.daily': all()['ports.daily'] }, T0)).toThrow(/registry was not read/);
    // The registry alone (a repository file, always readable) is no reading.
    expect(() => appendCorridorReading(registry, T0)).toThrow(/no corridor input was read/);
    // A broken input document is that input missing, not a failed reading.
    const broken = { ...all(), 'ports.daily': Buffer.from('not json') };
    expect(appendCorridorReading(broken, T0).records[0]!.trends['china-yangtze-river-delta']!.port).toBe('unknown');
  });
});
