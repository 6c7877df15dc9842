/**
 * A span per request to the tenant's model, after the OpenTelemetry semantic conventions for
 * generative AI: `chat {model}` with the operation, provider, requested and answering model,
 * token counts and finish reason. The prompt, the tools' arguments and the completion are
 * never recorded: they hold the buyer's words.
 */
import { wrapLanguageModel, type LanguageModelMiddleware } from 'ai';
import type { LlmSettings } from '../../config/tenant.ts';
import type { SpanRecorder } from '../../spans.ts';

/** The model server's host and port (never the path, nor credentials written into the URL). */
function serverOf(baseUrl: string): { 'server.address'?: string; 'server.port'?: number } {
  try {
    const url = new URL(baseUrl);
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    return { 'server.address': url.hostname, 'server.port': port };
  } catch {
    return {};
  }
}

function modelSpans(settings: LlmSettings, spans: SpanRecorder): LanguageModelMiddleware {
  const requested = {
    'gen_ai.operation.name': 'chat',
    // The OpenAI protocol: the conventions name the provider by the API the client speaks.
    'gen_ai.provider.name': 'openai',
    'gen_ai.system': 'openai',
    'gen_ai.request.model': settings.model,
    'gen_ai.request.max_tokens': settings.maxTokens,
    'gen_ai.request.temperature': settings.temperature,
    ...serverOf(settings.baseUrl),
  };
  return {
    specificationVersion: 'v3',
    wrapGenerate: ({ doGenerate }) =>
      spans.span(
        `chat ${settings.model}`,
        requested,
        async (span) => {
          const result = await doGenerate();
          span.set({
            'gen_ai.response.model': result.response?.modelId,
            'gen_ai.response.id': result.response?.id,
            'gen_ai.usage.input_tokens': result.usage.inputTokens.total,
            'gen_ai.usage.output_tokens': result.usage.outputTokens.total,
            // The conventions' spelling (tool_calls, content_filter) of the SDK's unified reason.
            'gen_ai.response.finish_reasons': [result.finishReason.unified.replace('-', '_')],
          });
          return result;
        },
        'client',
      ),
  };
}

/** The model with a span around each request it makes. */
export function withModelSpans<M extends Parameters<typeof wrapLanguageModel>[0]['model']>(model: M, settings: LlmSettings, spans: SpanRecorder) {
  return wrapLanguageModel({ model, middleware: modelSpans(settings, spans) });
}
