/**
 * The import graph of `src/` and `db/`: which file imports which (relative imports only, type-only
 * imports included, since they tie the files together for a reader just the same), the strongly
 * connected components (import circles) and the imports that run back up the layers.
 *
 *   node --import tsx scripts/import-graph.ts           prints the circles and the upward imports
 *
 * test/architecture/import-graph.test.ts holds the limits.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export type Graph = Map<string, string[]>;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function resolveImport(from: string, spec: string, files: Set<string>): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((c) => files.has(c));
}

/** Every `.ts` file under the roots, relative to `root`, with the project files it imports. */
export function importGraph(root: string, roots = ['src', 'db']): Graph {
  const files = roots.flatMap((r) => walk(join(root, r)));
  const known = new Set(files);
  const graph: Graph = new Map();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
    const targets = new Set<string>();
    for (const ref of info.importedFiles) {
      const target = resolveImport(file, ref.fileName, known);
      if (target && target !== file) targets.add(relative(root, target));
    }
    graph.set(relative(root, file), [...targets].sort());
  }
  return graph;
}

/** Tarjan's strongly connected components of more than one file: the import circles. */
export function circles(graph: Graph): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out.sort((a, b) => b.length - a.length);
}

/**
 * The layers, lowest first: a file may import its own layer and the layers below it. The core
 * (config, platform, http) names no service; services meet each other through their front doors;
 * composition (the root, app, deps) and the entry points sit on top.
 */
export const LAYERS: ReadonlyArray<{ name: string; test: (file: string) => boolean }> = [
  { name: 'base', test: (f) => /^src\/(paths|version)\.ts$/.test(f) },
  { name: 'db', test: (f) => f.startsWith('db/') },
  { name: 'config', test: (f) => f === 'src/config.ts' || f.startsWith('src/config/') },
  {
    name: 'platform',
    test: (f) => f.startsWith('src/platform/') || f.startsWith('src/reference/') || f.startsWith('src/sources/'),
  },
  // The wire shapes (status, headers, body) that procedures' context and the REST lane share.
  { name: 'wire', test: (f) => f === 'src/http/wire.ts' },
  { name: 'trpc', test: (f) => f.startsWith('src/trpc/') },
  { name: 'http', test: (f) => f.startsWith('src/http/') },
  // MCP over the REST lane: names no service either (its resources and prompts come from src/root/mcp.ts).
  { name: 'mcp', test: (f) => f.startsWith('src/mcp/') },
  { name: 'services', test: (f) => f.startsWith('src/services/') },
  { name: 'composition', test: (f) => f.startsWith('src/root/') || /^src\/(app|deps)\.ts$/.test(f) },
  { name: 'entry', test: (f) => f.startsWith('src/cli/') || f === 'src/main.ts' },
];

export function layerOf(file: string): number {
  const i = LAYERS.findIndex((l) => l.test(file));
  return i < 0 ? LAYERS.length : i;
}

/** Imports from a lower layer into a higher one. */
export function upwardImports(graph: Graph): Array<{ from: string; to: string }> {
  const out: Array<{ from: string; to: string }> = [];
  for (const [from, targets] of graph)
    for (const to of targets) if (layerOf(to) > layerOf(from)) out.push({ from, to });
  return out;
}

/** `src/services/<name>/...` -> name. */
export const serviceOf = (file: string) => /^src\/services\/([^/]+)\//.exec(file)?.[1];

/**
 * Imports from one service into another's internals: anything but the other service's front door
 * (`src/services/<name>/index.ts`).
 */
export function crossServiceImports(graph: Graph): Array<{ from: string; to: string }> {
  const out: Array<{ from: string; to: string }> = [];
  for (const [from, targets] of graph) {
    const a = serviceOf(from);
    if (!a) continue;
    for (const to of targets) {
      const b = serviceOf(to);
      if (b && b !== a && to !== `src/services/${b}/index.ts`) out.push({ from, to });
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const graph = importGraph(process.cwd());
  const cs = circles(graph);
  const up = upwardImports(graph);
  const cross = crossServiceImports(graph);
  console.log(
    `${graph.size} files; ${cs.length} circles (largest ${cs[0]?.length ?? 0}); ${up.length} upward imports; ${cross.length} cross-service imports`,
  );
  for (const c of cs) console.log(`circle of ${c.length}: ${c.join(' ')}`);
  for (const u of up) console.log(`up: ${u.from} -> ${u.to}`);
  if (process.argv.includes('--cross')) for (const u of cross) console.log(`cross: ${u.from} -> ${u.to}`);
}
