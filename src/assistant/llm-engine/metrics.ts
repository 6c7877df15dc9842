/**
 * Counters of the language-model engine, kept in the process: how often a model failed and
 * the catalogue engine answered instead, and how often an answer needed a repair. Read by
 * tests and by whatever exports metrics; never holds message text.
 */

export type FallbackReason = 'timeout' | 'error';

export interface LlmEngineCounters {
  /** Turns the catalogue engine answered because the model timed out or failed. */
  fallbacks: number;
  fallbacksByReason: Record<FallbackReason, number>;
  /** Fallbacks per tenant id. */
  fallbacksByTenant: Map<string, number>;
  /** Model failures that were not covered because the tenant turned the fallback off. */
  failures: number;
  /** Answers that failed validation once and were sent back to the model. */
  repairs: number;
  /** Answers that still failed after the repair (the turn ended in 502). */
  invalidAnswers: number;
}

/** The process-wide counters. */
export const llmEngineCounters: LlmEngineCounters = {
  fallbacks: 0,
  fallbacksByReason: { timeout: 0, error: 0 },
  fallbacksByTenant: new Map(),
  failures: 0,
  repairs: 0,
  invalidAnswers: 0,
};

/** Counts one fallback to the catalogue engine. */
export function countFallback(tenantId: string, reason: FallbackReason): void {
  llmEngineCounters.fallbacks++;
  llmEngineCounters.fallbacksByReason[reason]++;
  llmEngineCounters.fallbacksByTenant.set(tenantId, (llmEngineCounters.fallbacksByTenant.get(tenantId) ?? 0) + 1);
}
