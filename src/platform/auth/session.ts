import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PlatformSecrets } from './platform-secrets.js';

export const SESSION_COOKIE = 'mds_session';
const TOKEN_VERSION = 'v1';
const REF_PATTERN = /^[A-Za-z0-9_]{1,64}$/;

/**
 * Browser sessions: a token naming the credential it was minted from and its expiry, signed with
 * HMAC-SHA-256. It carries no entitlement of its own; every use re-reads the key, so revoking the
 * key ends its sessions.
 */
export class SessionSigner {
  constructor(
    private readonly secret: Buffer,
    readonly ttlMs: number,
  ) {}

  mint(ref: string, now: number): { token: string; expiresAt: number } {
    if (!REF_PATTERN.test(ref)) throw new Error('session reference must be an id');
    const expiresAt = now + this.ttlMs;
    const payload = `${TOKEN_VERSION}.${ref}.${expiresAt}`;
    return { token: `${payload}.${this.sign(payload)}`, expiresAt };
  }

  /** The credential reference of a valid, unexpired token; undefined for anything else. */
  verify(token: string, now: number): { ref: string; expiresAt: number } | undefined {
    const parts = token.split('.');
    if (parts.length !== 4 || parts[0] !== TOKEN_VERSION) return undefined;
    const [, ref, exp, sig] = parts;
    if (!REF_PATTERN.test(ref) || !/^\d{1,16}$/.test(exp)) return undefined;
    const expected = Buffer.from(this.sign(`${TOKEN_VERSION}.${ref}.${exp}`));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const expiresAt = Number(exp);
    if (expiresAt <= now) return undefined;
    return { ref, expiresAt };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }
}

/**
 * The signing secret: the configured one, or one generated on first use and kept in the service's
 * store, so every process sharing it (every node on PostgreSQL, every restart) signs and verifies alike.
 */
export async function resolveSessionSecret(
  secrets: PlatformSecrets,
  configured: string | undefined,
  now: number,
): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  const value = await secrets.obtain('session_hmac', randomBytes(32).toString('base64url'), now);
  return Buffer.from(value, 'base64url');
}

/**
 * The session token from a Cookie header: undefined when absent, null when ambiguous (the cookie
 * appears with different values), which the caller refuses.
 */
export function readSessionCookie(header: string | string[] | undefined): string | undefined | null {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header.join('; ') : header;
  const values = new Set<string>();
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    values.add(part.slice(eq + 1).trim());
  }
  if (values.size === 0) return undefined;
  if (values.size > 1) return null;
  return [...values][0];
}

export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  const attrs = [`${SESSION_COOKIE}=${token}`, 'Path=/', `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict'];
  if (secure) attrs.push('Secure');
  return attrs.join('; ');
}
