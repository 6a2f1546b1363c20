/**
 * How long a consumer project takes to type-check the README's three calls through the packed client
 * package (issue 35's goal: 15 s or less on a 2-core machine): the package built from the sources,
 * packed, installed outside the repository, then `tsc --noEmit` with NodeNext resolution (every
 * declaration file checked) and with bundler resolution (a frontend's usual settings).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildClient, createConsumer, packClient, typecheckConsumer } from '../scripts/client-package.js';

const GOAL_MS = 15_000;

export async function clientConsumerTypecheck(): Promise<Record<string, unknown>[]> {
  const work = mkdtempSync(path.join(tmpdir(), 'mds-bench-client-'));
  try {
    const stage = path.join(work, 'package');
    mkdirSync(stage);
    buildClient(stage);
    const tarball = packClient(stage, work);
    return (['NodeNext', 'bundler'] as const).map((resolution) => {
      const dir = path.join(work, `consumer-${resolution}`);
      createConsumer(tarball, dir, resolution);
      const check = typecheckConsumer(dir);
      if (!check.ok) throw new Error(`the consumer does not type-check:\n${check.output}`);
      return {
        scenario: `client-consumer-typecheck-${resolution}`,
        value: check.ms,
        unit: `ms for tsc --noEmit of three calls through the packed client (${resolution})`,
        goal: GOAL_MS,
      };
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
