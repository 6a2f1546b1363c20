import { ServiceError } from '../../platform/errors.js';
import { generate } from '../../platform/llm/generate.js';
import type { AppDeps, RequestContext } from '../../trpc/context.js';
import { jobOwner } from '../../platform/jobs/admission.js';
import { NEWS_SUMMARIES } from './summary-store.js';
import {
  CACHE_KEY_PATTERN,
  MODES,
  SUMMARY_VERSION,
  cleanInput,
  extractiveSummary,
  summaryCacheKey,
  summaryPrompt,
  type Mode,
} from './summary-rules.js';
import type { SummarizeArticleRequest, SummarizeArticleResponse } from './summary-schemas.js';

/** Model-written summaries per account and UTC day (operators are not counted). */
export const DAILY_MODEL_QUOTA = 50;
const RULES_MODEL = 'rules:summarize-article';

const base = {
  summary: '',
  model: '',
  provider: '',
  tokens: 0,
  fallback: true,
  error: '',
  errorType: '',
  statusDetail: '',
};

/** A cached summary by its key: CACHED, or an empty UNSPECIFIED answer for a miss (never cached by clients). */
export async function cachedSummary(
  deps: AppDeps,
  key: string | undefined,
): Promise<{ response: SummarizeArticleResponse; hit: boolean }> {
  const miss = {
    response: {
      ...base,
      status: 'SUMMARIZE_STATUS_UNSPECIFIED' as const,
      statusDetail: key ? 'no cached summary for this key' : 'no cache_key given',
    },
    hit: false,
  };
  if (!key || !key.startsWith(`summary:${SUMMARY_VERSION}:`)) return miss;
  const row = await deps.stores.get(NEWS_SUMMARIES).lookup(key, deps.clock.now());
  if (!row) return miss;
  return {
    response: {
      ...base,
      summary: row.summary,
      model: row.model,
      provider: 'cache',
      fallback: row.model === RULES_MODEL,
      status: 'SUMMARIZE_STATUS_CACHED',
      statusDetail: `cache key ${key}`,
    },
    hit: true,
  };
}

export function validCacheKey(key: string): boolean {
  return CACHE_KEY_PATTERN.test(key);
}

/**
 * Summarises headlines: from the per-input cache, else through the model provider when configured
 * (Pro callers, within the daily quota), else as an extractive summary that says so. Translation
 * needs the model and is skipped without it.
 */
export async function summarizeArticle(
  ctx: RequestContext,
  input: SummarizeArticleRequest,
): Promise<SummarizeArticleResponse> {
  const mode = (input.mode?.trim() || 'brief') as Mode;
  if (!MODES.includes(mode))
    throw ServiceError.validation([{ field: 'mode', description: 'must be brief, analysis or translate' }]);
  const { headlines, bodies } = cleanInput(input.headlines ?? [], input.bodies ?? []);
  if (!headlines.length)
    throw ServiceError.validation([
      { field: 'headlines', description: 'must contain at least one non-empty headline' },
    ]);
  const principal = ctx.principal!;
  const pro = principal.tier >= 1;
  if (mode !== 'translate' && !pro)
    return { ...base, status: 'SUMMARIZE_STATUS_ERROR', error: 'Pro subscription required', errorType: 'AuthError' };

  const deps = ctx.deps;
  const now = deps.clock.now();
  const variant = input.variant?.trim() || 'full';
  const lang = input.lang?.trim() || 'en';
  const geoContext = input.geoContext?.trim() ?? '';
  const systemAppend = pro ? (input.systemAppend?.trim() ?? '') : '';
  const key = summaryCacheKey({ mode, variant, lang, headlines, bodies, geoContext, systemAppend });
  const store = deps.stores.get(NEWS_SUMMARIES);
  const hit = await store.lookup(key, now);
  // An extractive summary is only reused while the model is still off.
  if (hit && !(hit.model === RULES_MODEL && deps.llm.enabled)) {
    return {
      ...base,
      summary: hit.summary,
      model: hit.model,
      provider: 'cache',
      fallback: hit.model === RULES_MODEL,
      status: 'SUMMARIZE_STATUS_CACHED',
      statusDetail: `cache key ${key}`,
    };
  }

  if (mode === 'translate' && !deps.llm.enabled) {
    return {
      ...base,
      status: 'SUMMARIZE_STATUS_SKIPPED',
      statusDetail: 'translation needs the model provider (LLM_BASE_URL is not set)',
    };
  }
  const account = jobOwner(principal);
  const today = new Date(now).toISOString().slice(0, 10);
  const quotaLeft = principal.kind === 'operator' || (await store.usedToday(account, today)) < DAILY_MODEL_QUOTA;
  if (deps.llm.enabled && !quotaLeft) {
    return {
      ...base,
      status: 'SUMMARIZE_STATUS_ERROR',
      error: `Daily summary quota of ${DAILY_MODEL_QUOTA} reached`,
      errorType: 'QuotaError',
    };
  }
  const { system, prompt } = summaryPrompt(mode, headlines, bodies, geoContext, variant, systemAppend);
  const out = await generate(deps.llm, {
    task: 'summarize-article',
    system,
    prompt,
    maxTokens: 160,
    temperature: 0.3,
    fallback: () => extractiveSummary(headlines, bodies),
  });
  if (out.method === 'model') {
    await store.charge(account, today);
    // Too short to be a summary (a refusal, a fragment): not cached, and said so.
    if (mode !== 'translate' && out.text.length < 20) {
      return {
        ...base,
        model: out.model,
        provider: 'generic',
        status: 'SUMMARIZE_STATUS_ERROR',
        error: 'The model answer was too short to be a summary',
        errorType: 'ModelOutputError',
      };
    }
    await store.store(key, out.text, out.model, now);
    return {
      ...base,
      summary: out.text,
      model: out.model,
      provider: 'generic',
      fallback: false,
      status: 'SUMMARIZE_STATUS_SUCCESS',
      statusDetail: `cache key ${key}`,
    };
  }
  if (mode === 'translate')
    return {
      ...base,
      status: 'SUMMARIZE_STATUS_SKIPPED',
      statusDetail: `translation unavailable: ${out.fallbackReason ?? 'model failed'}`,
    };
  await store.store(key, out.text, RULES_MODEL, now);
  return {
    ...base,
    summary: out.text,
    model: out.model,
    provider: 'rules',
    fallback: true,
    status: 'SUMMARIZE_STATUS_SUCCESS',
    statusDetail: `extractive summary (sentences selected from the input, not model-written): ${out.fallbackReason ?? ''}; cache key ${key}`,
  };
}
