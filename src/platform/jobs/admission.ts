import { ServiceError } from '../errors.js';
import type { Jobs } from './queue.js';

/** Whose jobs a caller sees: its account, or for an operator key (no account) that key itself. */
export function jobOwner(principal: { id: string; accountId: string | null } | undefined): string {
  if (!principal) throw new Error('job operations need an identified caller');
  return principal.accountId ?? `operator:${principal.id}`;
}

/** Jobs of one kind that may wait before new ones are refused (the published queues refuse past 100). */
export const QUEUE_CAPACITY = 100;
/** Seconds a refused caller is told to wait: the worker drains a full queue of these quick jobs well within it. */
export const QUEUE_RETRY_AFTER_S = 30;

/**
 * Refuses new work while more than QUEUE_CAPACITY jobs of `kind` wait, over every account, with the
 * 429 `{error}` body of a refusal (spec part 7, as documented for every 429 here) and Retry-After.
 */
export async function ensureQueueCapacity(jobs: Jobs, kind: string, message: string): Promise<void> {
  if ((await jobs.queued(kind)) > QUEUE_CAPACITY)
    throw ServiceError.gateway(429, message, { 'Retry-After': String(QUEUE_RETRY_AFTER_S) });
}
