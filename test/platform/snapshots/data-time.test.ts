import { describe, expect, it } from 'vitest';
import { dataTime, dataTimeOf, noteRead, noteReads } from '../../../src/platform/snapshots/data-time.js';

const at = (capturedAt: number, origin = 'live') => ({ capturedAt, meta: { origin } });

describe('dataTime: the newest capture among the snapshots an answer reads', () => {
  it.each([
    ['none present', [undefined, undefined], 0],
    ['one', [at(5)], 5],
    ['the newest of several, absent ones skipped', [at(5), undefined, at(9), at(7)], 9],
    // A reference table's capture is only when it was loaded: it would move every window with each start.
    ['a reference table is left out', [at(5), at(99, 'reference')], 5],
    ['only reference tables: none', [at(99, 'reference')], 0],
    ['an input snapshot without meta counts', [{ capturedAt: 4 }], 4],
  ])('%s -> %d', (_name, snapshots, expected) => {
    expect(dataTime(snapshots)).toBe(expected);
  });

  it('reads the named datasets from a store', () => {
    const snapshots: Record<string, ReturnType<typeof at>> = { a: at(3), b: at(8) };
    expect(dataTimeOf({ read: (d) => snapshots[d] }, ['a', 'b', 'missing'])).toBe(8);
  });
});

describe('noteReads: what an answer read dates it (Last-Modified)', () => {
  it('notes every read inside the call, whatever the async path, and nothing outside it', async () => {
    noteRead(at(1_000));
    const { value, reads } = await noteReads(async () => {
      noteRead(at(10));
      await new Promise((resolve) => setTimeout(resolve, 1));
      noteRead(at(30));
      noteRead(at(20));
      return 'answer';
    });
    expect(value).toBe('answer');
    expect(reads.newest).toBe(30);
  });

  it('an answer made inside another (bootstrap, batch) dates the outer one too, not the reverse', async () => {
    const outer = await noteReads(async () => {
      noteRead(at(10));
      const inner = await noteReads(async () => noteRead(at(50)));
      expect(inner.reads.newest).toBe(50);
    });
    expect(outer.reads.newest).toBe(50);
  });
});
