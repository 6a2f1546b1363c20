import { describe, expect, it } from 'vitest';
import {
  circles,
  crossServiceImports,
  importGraph,
  layerOf,
  LAYERS,
  upwardImports,
} from '../../scripts/import-graph.js';

// The shape the architecture promises (ARCHITECTURE.md): layers that only look down and a core that
// names no service (front-doors.test.ts holds the services' share, framework-internals.test.ts the rest).
const ROOT = new URL('../..', import.meta.url).pathname;
const graph = importGraph(ROOT);
const sources = [...graph.keys()].filter((f) => f.startsWith('src/'));

describe('import graph', () => {
  it('places every source file in a layer', () => {
    expect(sources.filter((f) => layerOf(f) === LAYERS.length)).toEqual([]);
  });

  it('has no import circle of more than three files', () => {
    expect(circles(graph).filter((c) => c.length > 3)).toEqual([]);
  });

  it('has at most ten imports running back up the layers', () => {
    const up = upwardImports(graph);
    expect(up.length, up.map((u) => `${u.from} -> ${u.to}`).join('\n')).toBeLessThanOrEqual(10);
  });

  it('keeps the core (config, platform, http, trpc) free of service names', () => {
    const core = sources.filter((f) => layerOf(f) < LAYERS.findIndex((l) => l.name === 'services'));
    const naming = core.flatMap((f) =>
      graph
        .get(f)!
        .filter((t) => t.startsWith('src/services/'))
        .map((t) => `${f} -> ${t}`),
    );
    expect(naming).toEqual([]);
  });
});

describe('the measures themselves', () => {
  it('find a circle, an upward import and a reach into another service', () => {
    const g = new Map([
      ['src/platform/a.ts', ['src/platform/b.ts', 'src/services/x/router.ts']],
      ['src/platform/b.ts', ['src/platform/a.ts']],
      ['src/services/x/router.ts', ['src/services/y/rules.ts', 'src/services/y/index.ts']],
      ['src/services/y/rules.ts', []],
      ['src/services/y/index.ts', ['src/services/y/rules.ts']],
    ]);
    expect(circles(g)).toEqual([['src/platform/a.ts', 'src/platform/b.ts']]);
    expect(upwardImports(g)).toEqual([{ from: 'src/platform/a.ts', to: 'src/services/x/router.ts' }]);
    expect(crossServiceImports(g)).toEqual([{ from: 'src/services/x/router.ts', to: 'src/services/y/rules.ts' }]);
  });
});
