import { LlmUnavailable } from './errors.js';
import type { ChatMessage, Llm } from './provider.js';

/**
 * Caller-provided `text` for a user message, between `<tag>` and `</tag>`. Any spelling of those two
 * delimiters inside the text is removed (repeatedly, so removing one cannot assemble another): the
 * text cannot close its own block and pose as instructions. System messages hold only the
 * operation's own constant text and may refer to the tag by name.
 */
export function delimited(tag: string, text: string): string {
  const own = new RegExp(`<\\s*/?\\s*${tag}\\s*>`, 'gi');
  let clean = text;
  for (let before = ''; before !== clean;) {
    before = clean;
    clean = clean.replace(own, '');
  }
  return `<${tag}>\n${clean}\n</${tag}>`;
}

export interface GenerateRequest {
  /** What the text is for, e.g. `summarize-article`; names the rules method when the fallback writes. */
  task: string;
  /**
   * The user prompt; `system` (optional) goes first. Or give the whole conversation in `messages`.
   * `system` is the operation's constant: caller text goes in `prompt`, wrapped by `delimited`.
   */
  prompt?: string;
  system?: string;
  messages?: ChatMessage[];
  /** The deterministic method (extractive summary, keyword classifier, template): used when the model is off or fails. */
  fallback: () => string;
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
}

export interface Generated {
  text: string;
  /** Who wrote `text`: the configured model, or the deterministic rules. */
  method: 'model' | 'rules';
  /** The model's name when `method` is `model`; `rules:<task>` otherwise (never a model's name). */
  model: string;
  /** The model's answer came from the cache. Always false for rules. */
  cached: boolean;
  /** Why the rules wrote it: the provider is off, or it failed (the `LlmUnavailable` message, key-free). */
  fallbackReason?: string;
}

/**
 * The fallback contract of every model-written field: the model answers when configured and working;
 * otherwise the deterministic `fallback` does, and the result says so. Never throws for a model failure.
 */
export async function generate(llm: Llm, req: GenerateRequest): Promise<Generated> {
  const rules = (fallbackReason: string): Generated => ({
    text: req.fallback(),
    method: 'rules',
    model: `rules:${req.task}`,
    cached: false,
    fallbackReason,
  });
  if (!llm.enabled) return rules('model provider not configured');
  const messages: ChatMessage[] = req.messages ?? [
    ...(req.system ? [{ role: 'system' as const, content: req.system }] : []),
    { role: 'user', content: req.prompt ?? '' },
  ];
  try {
    const answer = await llm.complete(
      { messages, maxTokens: req.maxTokens, temperature: req.temperature },
      { signal: req.signal },
    );
    return { text: answer.text.trim(), method: 'model', model: answer.model, cached: answer.cached };
  } catch (err) {
    if (err instanceof LlmUnavailable) return rules(err.message);
    throw err;
  }
}
