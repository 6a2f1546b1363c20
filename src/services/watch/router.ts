import { operation, router } from '../../trpc/procedures.js';
import { createWatchRule, deleteWatchRule, getWatchRule, listWatchRules, testWatchRule } from './queries.js';
import {
  CreateWatchRuleRequest,
  CreateWatchRuleResponse,
  DeleteWatchRuleResponse,
  ListWatchRulesRequest,
  ListWatchRulesResponse,
  TestWatchRuleRequest,
  TestWatchRuleResponse,
  WatchRule,
  WatchRuleIdRequest,
} from './schemas.js';

const PLAN_CAPS = 'Each plan holds a number of rules per account (`watchRules` in /api/product-catalog).';

/** Watch rules: an API key's standing questions, answered by a signed webhook and the stream when their answer turns. */
export const watchRouter = router({
  createWatchRule: operation
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/watch/v1/create-watch-rule',
        tags: ['watch'],
        summary: 'Set a watch rule on an operation’s answer',
        description:
          'Stores a rule `{operation, params, condition, callbackUrl?, cooldownSeconds}` for the calling account. On every snapshot ' +
          'swap the operation is asked again exactly as REST answers it; when the jmespath `condition` over the answer turns truthy ' +
          '(false before, true now; an empty condition: whenever the answer changes) the rule fires, at most once per ' +
          '`cooldownSeconds`: a `watch.fired` event POSTed to `callbackUrl`, signed like the shipping webhooks (X-Service-Event, ' +
          'X-Service-Delivery-Id, X-Service-Timestamp, X-Service-Signature: sha256=<HMAC-SHA256 of "<timestamp>.<body>" keyed by ' +
          'the secret returned here once), retried with backoff, and an event on `/api/stream?watches=<rule id>`. The operation is ' +
          'asked once at creation with your key, so a parameter or tier it refuses is refused here. ' +
          PLAN_CAPS,
      },
      cacheTier: 'no-store',
    })
    .input(CreateWatchRuleRequest)
    .output(CreateWatchRuleResponse)
    .mutation(({ ctx, input }) => createWatchRule(ctx, input)),

  listWatchRules: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/watch/v1/list-watch-rules',
        tags: ['watch'],
        summary: 'List your watch rules',
        description:
          'The calling account’s rules, oldest first, without their secrets, and the plan’s cap. ' + PLAN_CAPS,
      },
      cacheTier: 'no-store',
    })
    .input(ListWatchRulesRequest)
    .output(ListWatchRulesResponse)
    .query(({ ctx }) => listWatchRules(ctx)),

  getWatchRule: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/watch/v1/get-watch-rule',
        tags: ['watch'],
        summary: 'One of your watch rules',
        description: 'The rule, without its secret. Another account’s rule is answered as not found (404).',
      },
      notFound: true,
      cacheTier: 'no-store',
    })
    .input(WatchRuleIdRequest)
    .output(WatchRule)
    .query(({ ctx, input }) => getWatchRule(ctx, input.ruleId)),

  testWatchRule: operation
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/watch/v1/test-watch-rule',
        tags: ['watch'],
        summary: 'Dry-run a watch rule now or at a past instant',
        description:
          'Asks the rule’s operation as REST answers it now, or as it was served at `asOf` (the GET’s `as_of`, within your ' +
          'plan’s history), and says what the condition gives and whether that answer would fire the rule after the last one ' +
          'it evaluated (cooldown included). Nothing is recorded or sent.',
      },
      notFound: true,
      cacheTier: 'no-store',
    })
    .input(TestWatchRuleRequest)
    .output(TestWatchRuleResponse)
    .mutation(({ ctx, input }) => testWatchRule(ctx, input)),

  deleteWatchRule: operation
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/watch/v1/delete-watch-rule',
        tags: ['watch'],
        summary: 'Delete one of your watch rules',
        description: 'Removes the rule: it is evaluated no more, and deliveries still retrying for it stop.',
      },
      notFound: true,
      cacheTier: 'no-store',
    })
    .input(WatchRuleIdRequest)
    .output(DeleteWatchRuleResponse)
    .mutation(({ ctx, input }) => deleteWatchRule(ctx, input.ruleId)),
});
