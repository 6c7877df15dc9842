/**
 * The language-model engine: the tenant's model answers with the catalogue as its tools,
 * behind the same interface as the catalogue engine. The model decides what to say and
 * which SKUs to show; cards come from the catalogue. When the model times out or fails,
 * the catalogue engine answers instead (unless the tenant turned that off); an answer that
 * stays invalid after one repair ends the turn with 502.
 */
import type { FastifyBaseLogger } from 'fastify';
import { boundText, MAX_MESSAGE_CHARS } from '../../catalog/search/limits.ts';
import type { CatalogIndex } from '../../catalog/search/types.ts';
import type { LlmSettings, Tenant } from '../../config/tenant.ts';
import type { AssistantEngine, BuyerPreferences, EngineRequest, EngineResult } from '../engine.ts';
import type { SpanRecorder } from '../../spans.ts';
import { currencySymbol } from '../currency.ts';
import { detectLanguage } from '../language.ts';
import { allowedHosts, buttonActions, composeLlmAnswer } from './compose.ts';
import { countFallback, llmEngineCounters, type FallbackReason } from './metrics.ts';
import { createChatModel, type ChatModel } from './model.ts';
import { pageProducts } from '../page-data.ts';
import { dialogMessages, systemPrompt } from './prompt.ts';
import { InvalidAnswerError, runModel } from './run.ts';
import { turnState } from './state.ts';
import { llmTexts } from './texts.ts';
import { catalogTools, type ToolJournal } from './tools.ts';

export type EngineLog = Pick<FastifyBaseLogger, 'warn' | 'debug'>;

export interface LlmEngineDeps {
  catalogs: { get(tenantId: string): CatalogIndex | undefined };
  /** Answers when the model cannot (the catalogue engine). */
  fallback: AssistantEngine;
  log: EngineLog;
  /** API keys by variable name (the configuration reads them; see Config.modelApiKeys). */
  env: Readonly<Record<string, string | undefined>>;
  /** Where the model calls' spans go (tracing); none when absent. */
  spans?: SpanRecorder;
}

/** Brand preferences in the catalogue's spelling when it knows the brand. */
function canonicalPreferences(prefs: BuyerPreferences | null, index: CatalogIndex | undefined): BuyerPreferences | null {
  if (!prefs?.brands || !index) {
    return prefs;
  }
  return { ...prefs, brands: [...new Set(prefs.brands.map((b) => index.resolveBrand(b) ?? b))] };
}

function errorFacts(err: unknown): Record<string, unknown> {
  // Name and status only: provider errors may quote the request, which holds the buyer's words.
  const e = err as { name?: unknown; statusCode?: unknown; cause?: { name?: unknown } };
  return {
    error: typeof e?.name === 'string' ? e.name : typeof err,
    ...(typeof e?.statusCode === 'number' ? { status: e.statusCode } : {}),
    ...(typeof e?.cause?.name === 'string' ? { cause: e.cause.name } : {}),
  };
}

/**
 * Creates the LLM engine of one tenant. The model client (and the API key, read from the
 * variable the tenant names) is made once here.
 */
export function createLlmEngine(tenant: Tenant, settings: LlmSettings, deps: LlmEngineDeps): AssistantEngine {
  const chat: ChatModel = createChatModel(settings, deps.env, deps.spans);
  if (!chat.hasKey) {
    deps.log.warn({ tenant: tenant.id, variable: settings.apiKeyEnv }, 'the API key variable of this tenant is not set; calling the model without a key');
  }
  const actions = buttonActions(tenant);
  const hosts = allowedHosts(tenant);
  const links = tenant.links.map((l) => ({ label: l.label, url: l.url, topic: l.topic }));

  return {
    async answer(req: EngineRequest): Promise<EngineResult> {
      const started = performance.now();
      const index = deps.catalogs.get(req.tenant.id);
      const lang = detectLanguage(boundText(req.text, MAX_MESSAGE_CHARS), req.tenant.language);
      const t = llmTexts(lang);
      const sendImage = req.image !== null && settings.acceptsImages;
      if (req.image && !sendImage && req.text.trim() === '') {
        // A photo alone that the model cannot see: nothing to ask the model. The catalogue
        // engine says politely that photos are not supported and asks for words.
        return deps.fallback.answer(req);
      }

      const onPage = pageProducts(req.page.type, req.page.data, index);
      const currency = currencySymbol(req.tenant, onPage[0]);
      const journal: ToolJournal = { searches: [], seen: [] };
      const timeout = AbortSignal.timeout(settings.timeoutMs);
      const signal = AbortSignal.any([req.signal, timeout]);

      let run;
      try {
        run = await runModel({
          model: chat.model,
          settings,
          system: systemPrompt({
            tenant: req.tenant,
            settings,
            lang,
            page: req.page,
            pageProducts: onPage,
            preferences: req.preferences,
            currency,
            actions,
            links,
            allowedHosts: hosts,
          }),
          messages: dialogMessages(req.history, { text: req.text, image: req.image, sendImage }),
          tools: catalogTools(index, journal, currency),
          actions,
          signal,
        });
      } catch (err) {
        if (err instanceof InvalidAnswerError) {
          llmEngineCounters.invalidAnswers++;
          deps.log.warn({ tenant: req.tenant.id, problems: err.problems }, 'the model answer failed validation after the repair attempt');
          throw err;
        }
        if (req.signal.aborted) {
          throw err;
        }
        const reason: FallbackReason = timeout.aborted ? 'timeout' : 'error';
        const facts = { tenant: req.tenant.id, reason, ms: Math.round(performance.now() - started), ...errorFacts(err) };
        if (!settings.fallbackToCatalog) {
          llmEngineCounters.failures++;
          deps.log.warn(facts, 'the model failed and the catalogue fallback is off');
          throw err;
        }
        countFallback(req.tenant.id, reason);
        deps.log.warn(facts, 'the model failed; the catalogue engine answers instead');
        return deps.fallback.answer(req);
      }
      if (run.repaired) {
        llmEngineCounters.repairs++;
      }

      const composed = composeLlmAnswer({
        answer: run.answer,
        tenant: req.tenant,
        index,
        tracking: req.tracking,
        defaultTitle: t.productsTitle,
        journal,
        ...(req.image && !sendImage ? { preface: t.photoNotSupported } : {}),
      });
      deps.log.debug(
        {
          tenant: req.tenant.id,
          modelCalls: run.modelCalls,
          repaired: run.repaired,
          cards: composed.shown.length,
          droppedSkus: composed.dropped.skus,
          droppedButtons: composed.dropped.buttons,
          ms: Math.round(performance.now() - started),
        },
        'model answer',
      );
      return {
        answer: composed.answer,
        state: turnState(journal, composed.shown, lang),
        learnedPreferences: canonicalPreferences(run.answer.preferences, index),
      };
    },
  };
}
