/**
 * Metrics read at scrape time rather than counted on the hot path: event-loop delay, the
 * database pool, and the language-model engine's fallbacks to the catalogue engine.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, Gauge, type Registry } from 'prom-client';
import { llmEngineCounters } from '../assistant/llm-engine/metrics.ts';
import type { PoolStats } from '../db/create-db.ts';

/** Registers the scrape-time metrics; returns what stops them. */
export function defineRuntimeMetrics(registry: Registry, poolStats: () => PoolStats | null): () => void {
  const registers = [registry];
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  new Gauge({
    name: 'aisle_event_loop_delay_seconds',
    help: 'Event-loop delay since the previous scrape: p50, p99 and max',
    labelNames: ['quantile'] as const,
    registers,
    collect() {
      // The histogram is in nanoseconds; it is reset so each scrape sees its own interval.
      this.set({ quantile: '0.5' }, loop.percentile(50) / 1e9);
      this.set({ quantile: '0.99' }, loop.percentile(99) / 1e9);
      this.set({ quantile: 'max' }, loop.max / 1e9);
      loop.reset();
    },
  });
  new Gauge({
    name: 'aisle_db_pool_connections',
    help: 'PostgreSQL pool connections: in_use, idle, and waiting (queued requests for a connection); absent on SQLite, which has no pool',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = poolStats();
      if (stats) {
        this.set({ state: 'in_use' }, stats.total - stats.idle);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      }
    },
  });
  new Counter({
    name: 'aisle_llm_fallbacks_total',
    help: 'Turns the catalogue engine answered because the language model timed out or failed, by tenant (counted per process)',
    labelNames: ['tenant'] as const,
    registers,
    collect() {
      this.reset();
      for (const [tenant, count] of llmEngineCounters.fallbacksByTenant) {
        this.inc({ tenant }, count);
      }
    },
  });
  return () => loop.disable();
}
