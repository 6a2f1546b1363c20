import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger, logDestination } from '../../src/platform/logger.js';

describe('request log lines', () => {
  it('reach the destination within 100 ms on a quiet server, not at shutdown', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mds-log-')), 'out.log');
    const fd = fs.openSync(file, 'w');
    const logger = createLogger('info', logDestination(fd));
    logger.info({ route: '/healthz', status: 200 }, 'request');
    await new Promise((r) => setTimeout(r, 100));
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('"msg":"request"');
    fs.closeSync(fd);
  });
});
