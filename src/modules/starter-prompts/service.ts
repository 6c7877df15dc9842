/**
 * Starter prompts (spec 2.10, 4.9): the rules of a selection. A disabled set answers
 * `{enabled:false}` alone. An enabled set answers a new selection id, the set's version and
 * five prompts chosen for the page type and — only with memory between dialogs on — the
 * buyer's earlier messages of this guest session; by the tenant's model when it runs one,
 * by rule otherwise. The whole choice runs within the tenant's time budget; a choice that
 * fails or runs out of time answers an empty list (no stand-in prompts). Every selection
 * is recorded; none creates a dialog.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Tenant } from '../../config/index.ts';
import type { CatalogIndex } from '../../catalog/search/types.ts';
import { pageProducts } from '../../assistant/page-data.ts';
import type { ChoiceInput } from './model-selection.ts';
import type { StarterPromptsRepository } from './repository.ts';
import type { StarterCtx, StarterPromptsResponse } from './schemas.ts';
import { pageTypeOf, pickFive, rankPrompts, type StarterPrompt } from './selection.ts';

/** The buyer's earlier messages the selection reads. */
const PAST_MESSAGES = 20;

export interface StarterPromptsDeps {
  clock: Clock;
  repository: StarterPromptsRepository;
  catalogs: { get(tenantId: string): CatalogIndex | undefined };
  /** The chat model of a tenant that runs one; null selects by rule. */
  /** The model's choice of prompt ids for tenants that run a model; null for the rule-based ranking only. */
  chooserFor(tenant: Tenant): ((input: ChoiceInput) => Promise<string[]>) | null;
}

export interface Caller {
  tenant: Tenant;
  sessionId: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

class OutOfTime extends Error {
  constructor() {
    super('the starter-prompt time budget ran out');
    this.name = 'OutOfTime';
  }
}

/** Runs `work` with a signal that ends after `ms`; rejects with OutOfTime then, whatever `work` is waiting on. */
async function withinBudget<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort(new OutOfTime());
      reject(new OutOfTime());
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}

export function createStarterPromptsService(deps: StarterPromptsDeps) {
  async function choose(caller: Caller, ctx: StarterCtx | null, signal: AbortSignal): Promise<StarterPrompt[]> {
    const { tenant } = caller;
    const pageType = pageTypeOf(ctx?.type);
    // Past conversations count only when the tenant keeps memory between dialogs (spec 4.9).
    const pastTexts = tenant.memory ? await deps.repository.recentUserTexts(tenant.id, caller.sessionId, PAST_MESSAGES) : [];
    const ranked = rankPrompts(tenant.starterPrompts.prompts, pageType, pastTexts);
    const chooser = deps.chooserFor(tenant);
    let preferred: string[] = [];
    if (chooser) {
      const index = deps.catalogs.get(tenant.id);
      const pageFacts = pageProducts(pageType, ctx?.data, index).map((p) => `«${p.name}»${p.categories.length ? ` (${p.categories.join(' / ')})` : ''}`);
      preferred = await chooser({ shopName: tenant.name, pageType, pageFacts, pastTexts, candidates: ranked, signal });
      // The model's order is kept; a reply naming no prompt of the set is a failed selection.
      if (!preferred.some((id) => ranked.some((p) => p.id === id))) {
        throw new Error('the model named no prompt of the set');
      }
    }
    const five = pickFive(ranked, preferred);
    if (!five) {
      throw new Error('the set has fewer than five distinct prompts');
    }
    return five;
  }

  return {
    async select(caller: Caller, ctx: StarterCtx | null): Promise<StarterPromptsResponse> {
      const { tenant } = caller;
      const set = tenant.starterPrompts;
      if (!set.enabled) {
        return { enabled: false };
      }
      const selectionId = randomUUID();
      let prompts: StarterPrompt[] = [];
      try {
        prompts = await withinBudget(set.timeoutMs, (signal) => choose(caller, ctx, signal));
      } catch (err) {
        // No message text in the log: only which tenant and why.
        const reason = err instanceof OutOfTime ? 'timeout' : ((err as Error)?.name ?? 'error');
        caller.log.warn({ tenant: tenant.id, reason }, 'starter prompt selection failed; answering an empty list');
        prompts = [];
      }
      try {
        await deps.repository.record({
          id: selectionId,
          tenantId: tenant.id,
          sessionId: caller.sessionId,
          promptSetVersion: set.version,
          pageType: pageTypeOf(ctx?.type),
          promptIds: prompts.map((p) => p.id),
          createdAt: deps.clock.nowMicros(),
        });
      } catch (err) {
        // The buyer still gets the buttons; the shop loses one row of its report.
        caller.log.warn({ err, tenant: tenant.id }, 'recording a starter prompt selection failed');
      }
      return { enabled: true, selectionId, promptSetVersion: set.version, prompts: prompts.map((p) => ({ id: p.id, text: p.text })) };
    },
  };
}

export type StarterPromptsService = ReturnType<typeof createStarterPromptsService>;
