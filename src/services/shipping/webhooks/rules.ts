import { randomBytes } from 'node:crypto';
import { newSigningSecret } from '../../../platform/delivery/signing.js';

/** The one event the contract defines for shipping webhooks. */
export const DISRUPTION_EVENT = 'chokepoint.disruption';

/** Threshold a registration gets when it names none (an explicit 0 is kept). */
export const DEFAULT_ALERT_THRESHOLD = 50;

export const newSubscriberId = () => `wh_${randomBytes(12).toString('hex')}`;
export const newSecret = newSigningSecret;

export interface StatusMark {
  status: string;
  score: number;
}

export interface StatusChange {
  chokepointId: string;
  name: string;
  previous: StatusMark;
  current: StatusMark;
}

/**
 * Chokepoints whose badge changed between two observations. A chokepoint seen for the first time
 * (no previous mark) is not a change: there is nothing it changed from.
 */
export function statusChanges(
  previous: ReadonlyMap<string, StatusMark>,
  current: readonly { id: string; name: string; status: string; disruptionScore: number }[],
): StatusChange[] {
  const out: StatusChange[] = [];
  for (const c of current) {
    const before = previous.get(c.id);
    if (before && before.status !== c.status)
      out.push({
        chokepointId: c.id,
        name: c.name,
        previous: before,
        current: { status: c.status, score: c.disruptionScore },
      });
  }
  return out;
}

/**
 * Whether a subscriber hears about a change: it follows the chokepoint (an empty list follows all),
 * and the score reached its threshold on either side of the change, so both an escalation into the
 * alert band and the all-clear out of it are delivered, while churn below the threshold is not.
 */
export function shouldNotify(
  change: StatusChange,
  subscription: { chokepointIds: readonly string[]; alertThreshold: number },
): boolean {
  const follows = subscription.chokepointIds.length === 0 || subscription.chokepointIds.includes(change.chokepointId);
  return follows && Math.max(change.previous.score, change.current.score) >= subscription.alertThreshold;
}

/** The event body, exactly as signed and sent (contract `chokepoint.disruption`). */
export function disruptionEvent(
  subscriberId: string,
  alertThreshold: number,
  change: StatusChange,
  triggeredAt: number,
) {
  return {
    subscriberId,
    chokepointId: change.chokepointId,
    score: change.current.score,
    alertThreshold,
    triggeredAt: new Date(triggeredAt).toISOString(),
    reason: `status changed from ${change.previous.status} to ${change.current.status}`,
    details: {
      chokepointName: change.name,
      previousStatus: change.previous.status,
      status: change.current.status,
      previousScore: change.previous.score,
    },
  };
}
