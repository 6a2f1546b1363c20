import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { breakerFor, RedisBreaker, RedisUnavailableError } from '../../../src/platform/redis/breaker.js';

describe('Redis breaker', () => {
  const timedOut = () => Promise.reject(new Error('Command timed out'));
  const refused = () => Promise.reject(new Error("Stream isn't writeable and enableOfflineQueue options is false"));

  it('opens for the cooldown after a timeout, skipping the call, then lets calls try again', async () => {
    let now = 0;
    let calls = 0;
    const breaker = new RedisBreaker(1_000, () => now);
    await expect(breaker.run(timedOut)).rejects.toThrow(/timed out/);
    expect(breaker.isOpen).toBe(true);
    now = 999;
    await expect(breaker.run(async () => ++calls)).rejects.toThrow(RedisUnavailableError);
    expect(calls).toBe(0);
    now = 1_000;
    expect(await breaker.run(async () => ++calls)).toBe(1);
    // A timeout after the cooldown opens it again.
    await expect(breaker.run(timedOut)).rejects.toThrow(/timed out/);
    expect(breaker.isOpen).toBe(true);
  });

  it('stays closed on errors that are already fast (connection down, script errors)', async () => {
    const breaker = new RedisBreaker(1_000, () => 0);
    await expect(breaker.run(refused)).rejects.toThrow(/writeable/);
    await expect(breaker.run(() => Promise.reject(new Error('ERR some script error')))).rejects.toThrow(/ERR/);
    expect(breaker.isOpen).toBe(false);
    expect(await breaker.run(async () => 'ok')).toBe('ok');
  });

  it('is one per connection, closed again as soon as the connection is ready after a reconnect', async () => {
    const connection = new EventEmitter() as unknown as Redis;
    const breaker = breakerFor(connection);
    expect(breakerFor(connection)).toBe(breaker);
    expect(breakerFor(new EventEmitter() as unknown as Redis)).not.toBe(breaker);
    await expect(breaker.run(timedOut)).rejects.toThrow(/timed out/);
    expect(breaker.isOpen).toBe(true);
    connection.emit('ready');
    expect(breaker.isOpen).toBe(false);
  });
});
