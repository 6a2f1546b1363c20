import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * What every signed webhook shares, whichever service sends it (shipping's chokepoint events, watch
 * rules): the signature, the delivery ids and the retry schedule.
 */

export const newDeliveryId = () => `whd_${randomBytes(16).toString('hex')}`;
export const newSigningSecret = () => randomBytes(32).toString('hex');

/**
 * The signature sent as `X-Service-Signature: sha256=<hex>`: HMAC-SHA256 with the registration's
 * secret over `<timestamp>.<body>`, the timestamp (Unix seconds) being the `X-Service-Timestamp`
 * header. Binding the timestamp lets a receiver refuse replays of an old, validly signed body.
 */
export function signPayload(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does: recompute and compare in constant time. */
export function verifySignature(secret: string, timestamp: number, body: string, signature: string): boolean {
  const expected = Buffer.from(signPayload(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Wait before attempt `attempt + 1` after `attempt` failed ones: base, 2x base, 4x base ... */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return baseMs * 2 ** Math.max(0, attempt - 1);
}
