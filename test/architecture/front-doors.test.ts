import { describe, expect, it } from 'vitest';
import { circles, crossServiceImports, importGraph } from '../../scripts/import-graph.js';

// The services' share of the architecture's limits: they meet only through front doors, and
// no import circle lies among service files alone.
describe('services meet through their front doors', () => {
  const graph = importGraph(process.cwd());

  it('no service imports another service anywhere but its index.ts', () => {
    expect(crossServiceImports(graph)).toEqual([]);
  });

  it('no import circle lies wholly among service files', () => {
    expect(circles(graph).filter((c) => c.every((f) => f.startsWith('src/services/')))).toEqual([]);
  });
});
