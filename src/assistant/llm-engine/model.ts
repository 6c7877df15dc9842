/**
 * The chat model of a tenant: any OpenAI-compatible `/chat/completions` endpoint (OpenAI,
 * vLLM, Ollama, llama.cpp server, LM Studio …) through the AI SDK's compatible provider.
 * Shared by the LLM engine and the model-based starter-prompt selection.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { LlmSettings } from '../../config/tenant.ts';
import type { SpanRecorder } from '../../spans.ts';
import { withModelSpans } from './model-spans.ts';

export interface ChatModel {
  model: LanguageModel;
  settings: LlmSettings;
  /** False when the tenant names a key variable that is not set (the server will likely refuse). */
  hasKey: boolean;
}

/**
 * Creates the model client for a tenant's settings. The API key is read once, here, from
 * the environment variable the tenant names (the key never sits in the tenants file). With
 * `spans` (tracing on), each request to the model is a span.
 */
export function createChatModel(settings: LlmSettings, env: Readonly<Record<string, string | undefined>>, spans?: SpanRecorder): ChatModel {
  // Own variables only: a tenant naming "constructor" must not get Object's.
  const name = settings.apiKeyEnv;
  const value = name !== undefined && Object.hasOwn(env, name) ? env[name] : undefined;
  const apiKey = typeof value === 'string' ? value : undefined;
  const provider = createOpenAICompatible({
    name: 'aisle-llm',
    // Users write the base with or without a trailing slash; the provider appends "/chat/completions".
    baseURL: settings.baseUrl.replace(/\/+$/, ''),
    ...(apiKey ? { apiKey } : {}),
  });
  const model = provider.chatModel(settings.model);
  return { model: spans ? withModelSpans(model, settings, spans) : model, settings, hasKey: settings.apiKeyEnv === undefined || Boolean(apiKey) };
}
