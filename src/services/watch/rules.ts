import { randomBytes } from 'node:crypto';

/** The event name of a firing watch rule, as sent in X-Service-Event. */
export const WATCH_EVENT = 'watch.fired';

export const newRuleId = () => `wr_${randomBytes(12).toString('hex')}`;

/** Query parameter values as a rule stores them: what a query string can say. */
export type ParamValue = string | number | boolean | (string | number | boolean)[];

/**
 * The URL a rule's operation is asked at: its path and its parameters (sorted by name, an array
 * repeated), so two rules asking the same thing share one URL and one evaluation per swap.
 */
export function operationUrl(operation: string, params: Readonly<Record<string, ParamValue>>): string {
  const search = new URLSearchParams();
  for (const name of Object.keys(params).sort()) {
    const v = params[name];
    for (const one of Array.isArray(v) ? v : [v]) search.append(name, String(one));
  }
  const q = search.toString();
  return q ? `${operation}?${q}` : operation;
}

/** JMESPath truthiness: false, null, '', [] and {} are false; everything else (0 included) is true. */
export function isTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** What a rule remembers of its last evaluation. */
export interface RuleState {
  /** The ETag of the answer last evaluated; null before the first. */
  lastEtag: string | null;
  /** Whether the condition held on it. */
  lastTruthy: boolean;
  lastFiredAt: number | null;
}

export interface Decision {
  /** Whether this evaluation fires the rule. */
  fire: boolean;
  /** Why it does not, when the condition turned truthy but the rule stays quiet. */
  quiet?: 'cooldown';
  next: RuleState;
}

/**
 * One evaluation of a rule against an answer. Nothing changes when the answer is the one last seen
 * (same ETag). A rule with a condition fires when the condition turns truthy (false before, true
 * now), never again while it stays true; without one, every change of the answer fires. The first
 * evaluation only records (there is nothing it changed from). A firing within `cooldownSeconds` of
 * the last is swallowed, and the condition is still recorded as true, so it fires again only after
 * turning false and then true once more.
 */
export function decide(
  rule: { condition: string; cooldownSeconds: number },
  state: RuleState,
  answer: { etag: string; truthy: boolean },
  now: number,
): Decision | undefined {
  if (answer.etag === state.lastEtag) return undefined;
  const truthy = rule.condition === '' ? true : answer.truthy;
  const turned = state.lastEtag !== null && (rule.condition === '' || (truthy && !state.lastTruthy));
  const cooled = state.lastFiredAt === null || now - state.lastFiredAt >= rule.cooldownSeconds * 1000;
  const fire = turned && cooled;
  return {
    fire,
    ...(turned && !cooled ? { quiet: 'cooldown' as const } : {}),
    next: { lastEtag: answer.etag, lastTruthy: truthy, lastFiredAt: fire ? now : state.lastFiredAt },
  };
}
