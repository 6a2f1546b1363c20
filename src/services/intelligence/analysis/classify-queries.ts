import { generate } from '../../../platform/llm/generate.js';
import type { AppDeps } from '../../../trpc/context.js';
import {
  EVENT_CATEGORIES,
  EVENT_LEVELS,
  classifyByKeywords,
  parseModelClassification,
  severityOf,
} from './classify-rules.js';
import type { ClassifyEventRequest, ClassifyEventResponse } from './classify-schemas.js';

const SYSTEM =
  'Classify the news headline. Answer with JSON only: {"level": "<level>", "category": "<category>"} where level is one of ' +
  `${EVENT_LEVELS.join(', ')} and category is one of ${EVENT_CATEGORIES.join(', ')}.`;

/**
 * Classifies a headline with the configured model (temperature 0, its answers cached per input by the
 * provider) and, when the model is off, fails or answers outside the published sets, with the keyword
 * classifier, saying which in `analysis`.
 */
export async function classifyEvent(
  deps: Pick<AppDeps, 'llm'>,
  req: ClassifyEventRequest,
): Promise<ClassifyEventResponse> {
  const title = req.title.slice(0, 500);
  const keyword = classifyByKeywords(title);
  const generated = await generate(deps.llm, {
    task: 'classify-event',
    system: SYSTEM,
    prompt: title,
    temperature: 0,
    maxTokens: 50,
    fallback: () => JSON.stringify({ level: keyword.level, category: keyword.category }),
  });
  const fromModel = generated.method === 'model' ? parseModelClassification(generated.text) : undefined;
  if (fromModel) {
    return {
      classification: {
        category: fromModel.category,
        subcategory: fromModel.level,
        severity: severityOf(fromModel.level),
        confidence: 0.9,
        analysis: `Classified by the model ${generated.model}${generated.cached ? ' (cached answer)' : ''}.`,
        entities: [],
      },
    };
  }
  const why =
    generated.method === 'model'
      ? 'the model’s answer was not a valid classification'
      : (generated.fallbackReason ?? 'model provider not configured');
  const matched = keyword.matched.length
    ? `matched ${keyword.matched.map((k) => `"${k}"`).join(', ')}`
    : 'no keyword matched';
  return {
    classification: {
      category: keyword.category,
      subcategory: keyword.level,
      severity: severityOf(keyword.level),
      confidence: keyword.confidence,
      analysis: `Keyword classifier (rules:classify-event), not model-written (${why}): ${matched}.`,
      entities: [],
    },
  };
}
