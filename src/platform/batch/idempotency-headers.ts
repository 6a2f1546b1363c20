import { z } from 'zod';
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency.js';

/** The optional `Idempotency-Key` header a writing procedure declares; the platform's idempotency layer honours it. */
export const IdempotencyHeaders = z.object({
  'Idempotency-Key': z.string().regex(IDEMPOTENCY_KEY_PATTERN).optional().meta({
    description:
      'Makes a retry safe: the same key and body within 24 h replays the stored answer (`Idempotent-Replayed: true`); 409 while the first call runs; 422 with a different body.',
  }),
});
