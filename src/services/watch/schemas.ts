import { z } from 'zod';

const ParamValue = z.union([
  z.string().max(2048),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string().max(2048), z.number(), z.boolean()])).max(64),
]);

export const WatchRule = z
  .object({
    ruleId: z.string().meta({ description: 'wr_ followed by 24 hex digits.' }),
    operation: z.string().meta({ description: 'The watched GET operation’s path.' }),
    params: z.record(z.string(), ParamValue).meta({ description: 'Its query parameters.' }),
    condition: z.string().meta({ description: 'jmespath over the answer; empty: every change fires.' }),
    callbackUrl: z.string().optional().meta({ description: 'Where firings are POSTed, signed; absent: stream only.' }),
    cooldownSeconds: z.number().int().meta({ format: 'int32' }),
    createdAt: z.string().meta({ description: 'ISO-8601 creation time.' }),
    lastFiredAt: z.string().optional().meta({ description: 'ISO-8601 time of the last firing, if any.' }),
    conditionHolds: z.boolean().meta({ description: 'Whether the condition held on the last answer evaluated.' }),
  })
  .meta({ id: 'watch_v1_WatchRule', description: 'One watch rule; its signing secret is never shown again.' });

export type WatchRule = z.infer<typeof WatchRule>;

export const CreateWatchRuleRequest = z
  .object({
    operation: z.string().min(1).max(256).meta({
      description: 'A GET operation’s path, e.g. /api/seismology/v1/list-earthquakes (the watch operations excepted).',
    }),
    params: z.record(z.string().max(64), ParamValue).optional().meta({
      description:
        'The operation’s query parameters, validated as the GET validates them (no jmespath, as_of or format).',
    }),
    condition: z.string().max(1024).optional().meta({
      description:
        'jmespath over the answer: the rule fires when it turns truthy (false, null, "", [] and {} are false). Omitted or empty: every change of the answer fires.',
    }),
    callbackUrl: z.string().min(8).max(2048).optional().meta({
      description:
        'https address firings are POSTed to, signed like the shipping webhooks; checked now and at every delivery. Omitted: firings reach /api/stream?watches= only.',
    }),
    cooldownSeconds: z
      .number()
      .int()
      .min(0)
      .max(7 * 86_400)
      .optional()
      .meta({ format: 'int32', description: 'Least time between two firings, default 0.' }),
  })
  .meta({ id: 'watch_v1_CreateWatchRuleRequest' });

export type CreateWatchRuleRequest = z.infer<typeof CreateWatchRuleRequest>;

export const CreateWatchRuleResponse = z
  .object({
    rule: WatchRule,
    secret: z
      .string()
      .meta({ description: '64 hex digits: the HMAC-SHA256 key of X-Service-Signature. Shown only here.' }),
  })
  .meta({ id: 'watch_v1_CreateWatchRuleResponse', description: 'The new rule and its signing secret.' });

export type CreateWatchRuleResponse = z.infer<typeof CreateWatchRuleResponse>;

export const ListWatchRulesRequest = z.object({}).meta({ id: 'watch_v1_ListWatchRulesRequest' });

export const ListWatchRulesResponse = z
  .object({
    rules: z.array(WatchRule).meta({ description: 'Oldest first.' }),
    limit: z.number().int().meta({ format: 'int32', description: 'How many rules the account’s plan allows.' }),
  })
  .meta({ id: 'watch_v1_ListWatchRulesResponse', description: 'The calling account’s watch rules.' });

export type ListWatchRulesResponse = z.infer<typeof ListWatchRulesResponse>;

export const WatchRuleIdRequest = z
  .object({ ruleId: z.string().min(1).max(64).meta({ description: 'The rule’s id (wr_…).' }) })
  .meta({ id: 'watch_v1_WatchRuleIdRequest' });

export const TestWatchRuleRequest = z
  .object({
    ruleId: z.string().min(1).max(64),
    asOf: z.string().max(64).optional().meta({
      description:
        'Evaluate against the answer as served at this instant (RFC 3339 with a zone, or epoch milliseconds), as `as_of` on the GET; omitted: the current answer.',
    }),
  })
  .meta({ id: 'watch_v1_TestWatchRuleRequest' });

export const TestWatchRuleResponse = z
  .object({
    ruleId: z.string(),
    etag: z.string().meta({ description: 'The ETag of the answer evaluated.' }),
    asOf: z.string().optional().meta({ description: 'The Memento-Datetime of that answer, when asOf was given.' }),
    value: z.unknown().meta({ description: 'What the condition gives on the answer (null without a condition).' }),
    conditionHolds: z
      .boolean()
      .meta({ description: 'Whether that value is truthy (always true without a condition).' }),
    wouldFire: z.boolean().meta({
      description:
        'Whether the rule would fire if this answer replaced the last one it evaluated: the condition turns truthy (or, without one, the answer differs) and the cooldown has passed.',
    }),
  })
  .meta({ id: 'watch_v1_TestWatchRuleResponse', description: 'A dry run of the rule; nothing is recorded or sent.' });

export type TestWatchRuleResponse = z.infer<typeof TestWatchRuleResponse>;

export const DeleteWatchRuleResponse = z
  .object({ ruleId: z.string(), deleted: z.boolean() })
  .meta({ id: 'watch_v1_DeleteWatchRuleResponse' });
