/** Entitlement tiers: what a plan may call. Operations declare a minimum in `meta.requiredTier`. */
export type Tier = 0 | 1 | 2 | 3;

export const TIER_NAMES: Record<Tier, string> = { 0: 'free', 1: 'pro', 2: 'api', 3: 'enterprise' };

export interface Plan {
  planKey: string;
  tier: Tier;
  /** Requests per sliding minute for one credential. */
  perMinute: number;
  /** Requests per sliding day for one credential; null means no daily cap. */
  perDay: number | null;
  /**
   * How far back `as_of` may reach, in days before now; null: as far as the service keeps history
   * (SNAPSHOT_RETENTION_DAYS). The retained history itself is the same for every plan.
   */
  historyDays: number | null;
  /** How many watch rules (`/api/watch/v1/*`) one account may hold at once. */
  watchRules: number;
  /** Event streams (GET /api/stream, tRPC subscriptions) one key may hold open at once. */
  maxStreams: number;
  description: string;
}

/**
 * The plan catalogue, as data: the access layer reads limits and tiers from here, and the product
 * catalogue endpoint can serve it unchanged.
 */
export const PLANS = [
  {
    planKey: 'free',
    tier: 0,
    perMinute: 10,
    perDay: 100,
    historyDays: 1,
    watchRules: 3,
    maxStreams: 1,
    description: 'Evaluation access to ungated operations.',
  },
  {
    planKey: 'pro',
    tier: 1,
    perMinute: 30,
    perDay: 500,
    historyDays: 7,
    watchRules: 10,
    maxStreams: 3,
    description: 'Individual use, including pro-gated operations.',
  },
  {
    planKey: 'api_starter',
    tier: 2,
    perMinute: 60,
    perDay: 1000,
    historyDays: 14,
    watchRules: 25,
    maxStreams: 5,
    description: 'Programmatic access for small integrations.',
  },
  {
    planKey: 'api_business',
    tier: 2,
    perMinute: 300,
    perDay: 10_000,
    historyDays: 30,
    watchRules: 100,
    maxStreams: 20,
    description: 'Programmatic access for production integrations.',
  },
  {
    planKey: 'enterprise',
    tier: 3,
    perMinute: 1000,
    perDay: null,
    historyDays: null,
    watchRules: 500,
    maxStreams: 100,
    description: 'Operator-issued or contracted access, no daily cap.',
  },
] as const satisfies readonly Plan[];

export type PlanKey = (typeof PLANS)[number]['planKey'];

export const PLAN_KEYS = PLANS.map((p) => p.planKey) as readonly PlanKey[];

const BY_KEY = new Map<string, Plan>(PLANS.map((p) => [p.planKey, p]));

export function findPlan(planKey: string): Plan | undefined {
  return BY_KEY.get(planKey);
}

/** The catalogue in a stable, serialisable shape for a public product-catalog endpoint. */
export function planCatalogue(): Plan[] {
  return PLANS.map((p) => ({ ...p }));
}
