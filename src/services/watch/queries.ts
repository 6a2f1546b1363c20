import { PLANS } from '../../platform/auth/plans.js';
import { callbackRefusal } from '../../platform/delivery/targets.js';
import { newSigningSecret } from '../../platform/delivery/signing.js';
import { ServiceError } from '../../platform/errors.js';
import { canonicalExpression } from '../../platform/jmespath.js';
import type { RequestContext } from '../../trpc/context.js';
import { decide, newRuleId, operationUrl } from './rules.js';
import type {
  CreateWatchRuleRequest,
  CreateWatchRuleResponse,
  ListWatchRulesResponse,
  TestWatchRuleResponse,
  WatchRule as WatchRuleView,
} from './schemas.js';
import { conditionOn, watchesOf } from './service.js';
import type { WatchRule } from './store.js';

/** Parameters that would change what an answer is rather than ask for another one. */
const RESERVED_PARAMS = new Set(['jmespath', 'as_of', 'format']);
const NOT_FOUND = 'Watch rule not found';

/** Rules belong to the caller's account; an operator key (no account) is its own owner. */
function ownerOf(ctx: RequestContext): string {
  const p = ctx.principal;
  if (!p) throw ServiceError.gateway(401, 'API key required');
  return p.accountId ?? `${p.kind}:${p.id}`;
}

/** How many rules the caller's account may hold: its plan's `watchRules`, the largest for operators. */
export function ruleLimitOf(ctx: RequestContext): number {
  const p = ctx.principal;
  if (p?.kind === 'operator') return Math.max(...PLANS.map((x) => x.watchRules));
  return p?.plan?.watchRules ?? Math.min(...PLANS.map((x) => x.watchRules));
}

const view = (r: WatchRule): WatchRuleView => ({
  ruleId: r.id,
  operation: r.operation,
  params: r.params,
  condition: r.condition,
  ...(r.callbackUrl ? { callbackUrl: r.callbackUrl } : {}),
  cooldownSeconds: r.cooldownSeconds,
  createdAt: new Date(r.createdAt).toISOString(),
  ...(r.lastFiredAt !== null ? { lastFiredAt: new Date(r.lastFiredAt).toISOString() } : {}),
  conditionHolds: r.lastTruthy,
});

/** The caller's rule; another account's is answered exactly like a missing one. */
async function ownRule(ctx: RequestContext, ruleId: string): Promise<WatchRule> {
  const r = await watchesOf(ctx.deps).store.rule(ruleId);
  if (!r || r.accountId !== ownerOf(ctx)) throw ServiceError.gateway(404, NOT_FOUND);
  return r;
}

export async function listWatchRules(ctx: RequestContext): Promise<ListWatchRulesResponse> {
  const rows = await watchesOf(ctx.deps).store.listForAccount(ownerOf(ctx));
  return { rules: rows.map(view), limit: ruleLimitOf(ctx) };
}

export async function getWatchRule(ctx: RequestContext, ruleId: string): Promise<WatchRuleView> {
  return view(await ownRule(ctx, ruleId));
}

export async function deleteWatchRule(ctx: RequestContext, ruleId: string) {
  const r = await ownRule(ctx, ruleId);
  if (!(await watchesOf(ctx.deps).store.remove(r.id))) throw ServiceError.gateway(404, NOT_FOUND);
  return { ruleId: r.id, deleted: true };
}

/**
 * Validates and stores a rule: the operation is asked once, now, through the REST lane with the
 * caller's own credential (so an unknown operation, a bad parameter or a tier the plan lacks is
 * refused as the GET would refuse it), the condition must parse, the callback passes the delivery
 * rules, and the account stays under its plan's cap. The first answer is recorded as the rule's
 * starting point: a condition already true fires only after it turns false and true again.
 */
export async function createWatchRule(
  ctx: RequestContext,
  input: CreateWatchRuleRequest,
): Promise<CreateWatchRuleResponse> {
  const owner = ownerOf(ctx);
  const service = watchesOf(ctx.deps);
  const params = input.params ?? {};
  const condition = (input.condition ?? '').trim();
  const operation = input.operation;
  if (!/^\/api\/[a-z0-9/_-]+$/.test(operation) || operation.startsWith('/api/watch/'))
    throw ServiceError.validation([
      {
        field: 'operation',
        description: 'must be the path of a GET operation, e.g. /api/seismology/v1/list-earthquakes',
      },
    ]);
  const reserved = Object.keys(params).filter((k) => RESERVED_PARAMS.has(k));
  if (reserved.length > 0)
    throw ServiceError.validation(
      reserved.map((k) => ({
        field: `params.${k}`,
        description: 'not allowed in a watch rule: the rule watches the answer itself',
      })),
    );
  if (condition !== '' && canonicalExpression(condition) === undefined)
    throw ServiceError.validation([{ field: 'condition', description: 'not a valid jmespath expression' }]);
  if (input.callbackUrl !== undefined) {
    const refusal = await callbackRefusal(input.callbackUrl, service.engine.policy);
    if (refusal) throw ServiceError.validation([{ field: 'callbackUrl', description: refusal }]);
  }
  const url = operationUrl(operation, params);
  if (!ctx.dispatch) throw new Error('watch rules need the REST lane');
  const first = await ctx.dispatch({
    method: 'GET',
    url,
    headers: ctx.headers,
    requestId: `${ctx.requestId}-watch`,
    ...(ctx.principal ? { evaluatedFor: ctx.principal } : {}),
  });
  if (first.status !== 200) throw refusalOf(first.status, first.body);
  const firstBody = JSON.parse(first.body) as unknown;
  const now = ctx.deps.clock.now();
  const rule: WatchRule = {
    id: newRuleId(),
    accountId: owner,
    keyId: ctx.principal!.id,
    operation,
    params,
    condition,
    callbackUrl: input.callbackUrl === undefined ? null : new URL(input.callbackUrl).href,
    secret: newSigningSecret(),
    cooldownSeconds: input.cooldownSeconds ?? 0,
    createdAt: now,
    lastEtag: String(first.headers.etag),
    lastTruthy: conditionOn(condition, firstBody).truthy,
    lastFiredAt: null,
  };
  const max = ruleLimitOf(ctx);
  if (!(await service.store.insertBounded(rule, max)))
    throw ServiceError.validation([
      { field: 'operation', description: `this account already holds ${max} watch rules, the most its plan allows` },
    ]);
  return { rule: view(rule), secret: rule.secret };
}

/** The watched GET's refusal, said of the rule's fields: its parameters' violations under `params.`. */
function refusalOf(status: number, text: string): ServiceError {
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON: keep the status.
  }
  if (status === 404 || status === 405)
    return ServiceError.validation([{ field: 'operation', description: 'no GET operation at this path' }]);
  if (status === 400 && Array.isArray(body.violations))
    return ServiceError.validation(
      (body.violations as { field: string; description: string }[]).map((v) => ({
        field: v.field === 'as_of' ? 'asOf' : `params.${v.field}`,
        description: v.description,
      })),
    );
  return new ServiceError(status, body);
}

/**
 * A dry run: asks the rule's operation now, or as it was served at `asOf`, and says what the
 * condition gives and whether that answer would fire the rule after the last one it evaluated.
 * Nothing is recorded or sent.
 */
export async function testWatchRule(
  ctx: RequestContext,
  input: { ruleId: string; asOf?: string },
): Promise<TestWatchRuleResponse> {
  const r = await ownRule(ctx, input.ruleId);
  const base = operationUrl(r.operation, r.params);
  const url = input.asOf ? `${base}${base.includes('?') ? '&' : '?'}as_of=${encodeURIComponent(input.asOf)}` : base;
  if (!ctx.dispatch) throw new Error('watch rules need the REST lane');
  const res = await ctx.dispatch({
    method: 'GET',
    url,
    headers: ctx.headers,
    requestId: `${ctx.requestId}-watch-test`,
    ...(ctx.principal ? { evaluatedFor: ctx.principal } : {}),
  });
  if (res.status !== 200) throw refusalOf(res.status, res.body);
  const body = JSON.parse(res.body) as unknown;
  const etag = String(res.headers.etag);
  const held = conditionOn(r.condition, body);
  const decision = decide(r, r, { etag, truthy: held.truthy }, ctx.deps.clock.now());
  const memento = res.headers['memento-datetime'];
  return {
    ruleId: r.id,
    etag,
    ...(input.asOf && memento ? { asOf: new Date(String(memento)).toISOString() } : {}),
    value: held.value,
    conditionHolds: held.truthy,
    wouldFire: decision?.fire ?? false,
  };
}
