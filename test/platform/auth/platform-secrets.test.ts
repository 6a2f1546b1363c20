import { describe, expect, it } from 'vitest';
import { PLATFORM_SECRETS } from '../../../src/platform/auth/platform-secrets.js';
import { resolveSessionSecret, SessionSigner } from '../../../src/platform/auth/session.js';
import { storeEngines } from '../../support/engines/store-engines.js';

// One specification of the generated-secret store for both engines: the first value stored wins, for
// every process on the same store, however they race, so sessions minted on one node verify on all.

const NOW = Date.UTC(2026, 10, 20, 12);

const engines = storeEngines('secrets', PLATFORM_SECRETS, 2);

describe.each(engines)('platform secrets on $name', (engine) => {
  it('stores the first candidate and returns it ever after; names are independent', async () => {
    const secrets = await (await engine.storage())();
    expect(await secrets.obtain('session_hmac', 'first', NOW)).toBe('first');
    expect(await secrets.obtain('session_hmac', 'second', NOW + 1)).toBe('first');
    expect(await secrets.obtain('other', 'third', NOW)).toBe('third');
    expect(await secrets.obtain('session_hmac', 'fourth', NOW)).toBe('first');
  });

  it('processes racing to store a secret all get the one that won', async () => {
    const open = await engine.storage();
    const nodes = await Promise.all(Array.from({ length: 6 }, () => open()));
    const values = await Promise.all(
      nodes.flatMap((node, n) => [
        node.obtain('session_hmac', `candidate-${n}-a`, NOW),
        node.obtain('session_hmac', `candidate-${n}-b`, NOW),
      ]),
    );
    expect(new Set(values).size).toBe(1);
    expect(values[0]).toMatch(/^candidate-\d-[ab]$/);
    // A process opened later reads the same value.
    expect(await (await open()).obtain('session_hmac', 'late', NOW)).toBe(values[0]);
  });

  it('a session minted by one process verifies on another sharing the store, and not elsewhere', async () => {
    const open = await engine.storage();
    const [a, b] = await Promise.all([open(), open()]);
    const [secretA, secretB] = await Promise.all([
      resolveSessionSecret(a, undefined, NOW),
      resolveSessionSecret(b, undefined, NOW),
    ]);
    expect(secretA.length).toBe(32);
    const { token } = new SessionSigner(secretA, 60_000).mint('key_1', NOW);
    expect(new SessionSigner(secretB, 60_000).verify(token, NOW + 1)).toEqual({
      ref: 'key_1',
      expiresAt: NOW + 60_000,
    });
    const elsewhere = await resolveSessionSecret(await (await engine.storage())(), undefined, NOW);
    expect(new SessionSigner(elsewhere, 60_000).verify(token, NOW + 1)).toBeUndefined();
  });

  it('a configured SESSION_SECRET wins and leaves the store alone', async () => {
    const secrets = await (await engine.storage())();
    expect((await resolveSessionSecret(secrets, 'configured-secret', NOW)).toString('utf8')).toBe('configured-secret');
    expect(await secrets.obtain('session_hmac', 'generated', NOW)).toBe('generated');
  });
});
