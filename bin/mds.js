#!/usr/bin/env node
// The `mds` command. It runs the compiled CLI when dist/ is at least as new as every source file
// (after `npm run build`), and otherwise the TypeScript sources through tsx, so no build step is
// ever needed. Either way help and --version answer without loading the application.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Newest modification time (ms) of the TypeScript files under `dir`; 0 when there are none. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    latest = Math.max(latest, statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
  }
  return latest;
}

function compiledIsCurrent() {
  try {
    const built = statSync(path.join(root, 'dist', '.tsbuildinfo')).mtimeMs;
    statSync(path.join(root, 'dist', 'src', 'main.js'));
    return built >= Math.max(newest(path.join(root, 'src')), newest(path.join(root, 'db')));
  } catch {
    return false;
  }
}

if (compiledIsCurrent()) {
  await import(pathToFileURL(path.join(root, 'dist', 'src', 'main.js')).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
