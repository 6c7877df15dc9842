/**
 * What every module's `registerXModule(app, ctx)` may take from the app, and the named rate
 * limits. A leaf of the import graph (types only, besides the limit table), so modules depend
 * on it and never on `app.ts`, which depends on them.
 */
import type { Config } from './config/index.ts';
import type { Storage } from './db/create-db.ts';
import type { Clock } from './clock.ts';
import type { LimitSpec, LimitVerdict } from './limits/limiter.ts';
import type { Signer } from './security/signer.ts';
import type { CatalogRegistry } from './catalog/registry.ts';
import type { SpanRecorder } from './spans.ts';
import type { AnnouncedChanges } from './announcements/announced-changes.ts';

export type { SpanAttributes, SpanHandle, SpanRecorder } from './spans.ts';

/** Per-minute limits of spec part 8; each can be changed by configuration. */
export function limitsOf(config: Config) {
  const r = config.rateLimits;
  return {
    registration: { points: r.registration, durationSec: 60, shared: false },
    share: { points: r.share, durationSec: 60, shared: true },
    sharePerDialog: { points: r.sharePerDialog, durationSec: 60, shared: true },
    sharedRead: { points: r.sharedRead, durationSec: 60, shared: true },
    sharedReadFailed: { points: r.sharedReadFailed, durationSec: 60, shared: true },
    insightsKeyFailed: { points: r.insightsKeyFailed, durationSec: 60, shared: true },
  } satisfies Record<string, LimitSpec>;
}

/** The name of one of the app's rate limits; a misspelt name is a type error, not a limit that never counts. */
export type LimitName = keyof ReturnType<typeof limitsOf>;

/** The limiter as the app's routes see it: only the app's own limit names. */
export interface NamedLimiter {
  hit(limit: LimitName, key: string): Promise<LimitVerdict>;
  peek(limit: LimitName, key: string): Promise<LimitVerdict>;
}

/** How a generation request ended, as counted by the metrics. */
export type GenerationOutcome = 'answered' | 'retried' | 'conflict' | 'invalid_answer' | 'failed' | 'rejected' | 'debug';

/**
 * What modules and plugins record for the metrics (`src/metrics/`). When metrics are off it
 * does nothing. Labels are the shop's tenant ids and fixed names, never buyer or dialog ids.
 */
export interface MetricsRecorder {
  generation(tenantId: string, outcome: GenerationOutcome): void;
  engineTime(engine: string, tenantId: string, seconds: number): void;
  /** Where to read how many turns wait for their turn on this instance (the generation module's turn queue). */
  turnQueue(waiting: () => number): void;
  rateLimitRefused(limit: LimitName): void;
}

export interface AppContext {
  config: Config;
  storage: Storage;
  clock: Clock;
  limiter: NamedLimiter;
  signer: Signer;
  catalogs: CatalogRegistry;
  metrics: MetricsRecorder;
  /** Trace spans (`src/tracing/`); when tracing is off the work just runs. */
  spans: SpanRecorder;
  /** Changes announced to every instance, for what each keeps in memory (`modules/announced-changes.ts`). */
  changes: AnnouncedChanges;
}
