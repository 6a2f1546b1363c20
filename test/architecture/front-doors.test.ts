import { describe, expect, it } from 'vitest';
import { circles, crossServiceImports, importGraph, serviceOf, type Graph } from '../../scripts/import-graph.js';

// The services' share of the architecture's limits: they meet only through front doors, and
// neither their files nor the services themselves depend on each other in a circle.
describe('services meet through their front doors', () => {
  const graph = importGraph(process.cwd());

  it('no service imports another service anywhere but its index.ts', () => {
    expect(crossServiceImports(graph)).toEqual([]);
  });

  it('no import circle lies wholly among service files', () => {
    expect(circles(graph).filter((c) => c.every((f) => f.startsWith('src/services/')))).toEqual([]);
  });

  it('no two services depend on each other, directly or round a longer loop', () => {
    const services: Graph = new Map();
    for (const [from, targets] of graph) {
      const a = serviceOf(from);
      if (!a) continue;
      const uses = new Set(services.get(a));
      for (const t of targets) {
        const b = serviceOf(t);
        if (b && b !== a) uses.add(b);
      }
      services.set(a, [...uses]);
    }
    expect(circles(services)).toEqual([]);
  });
});
