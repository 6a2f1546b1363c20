import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/paths.js';

const SCRIPT = path.join(PROJECT_ROOT, 'scripts', 'engines.sh');

/**
 * A PATH holding only the tools the script uses, with `id` answering as an ordinary user and no
 * sudo: what a newcomer without root meets.
 */
function userPath(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mds-path-'));
  for (const tool of ['ls', 'sort']) {
    const real = ['/usr/bin', '/bin'].map((d) => path.join(d, tool)).find((p) => fs.existsSync(p))!;
    fs.symlinkSync(real, path.join(dir, tool));
  }
  fs.writeFileSync(path.join(dir, 'id'), '#!/bin/sh\necho 1000\n', { mode: 0o755 });
  return dir;
}

describe('scripts/engines.sh, the one script that installs the system packages the tests need', () => {
  it('without root or sudo, stops at once naming what is missing and the command to install it', () => {
    const r = spawnSync('/bin/bash', [SCRIPT, 'install'], {
      env: { PATH: userPath(), CHROMIUM_PATH: '/nonexistent/chromium' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^missing system packages: chromium( postgresql)? redis-server$/m);
    expect(r.stderr).toMatch(/sudo apt-get install -y --no-install-recommends chromium/);
    expect(r.stdout).not.toMatch(/installing/);
  });

  it('check names what is missing without installing', () => {
    const r = spawnSync('/bin/bash', [SCRIPT, 'check'], {
      env: { PATH: userPath(), CHROMIUM_PATH: '/nonexistent/chromium' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^missing: chromium.*\(run scripts\/engines\.sh install\)$/m);
  });
});
