/**
 * Preloaded (`node --import`) into the Aisle server the benchmark starts from the production
 * bundle (`node dist/cli.js serve`, as `npm start` runs it): CPU and memory reporting over
 * IPC, and a stop that goes through the server's own SIGTERM handling (drain, close).
 */
import { installUsageReporting } from './child-usage.ts';

installUsageReporting({
  onStop: async () => {
    process.kill(process.pid, 'SIGTERM');
    // The server's handler exits the process once it has drained; this only waits for that.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
  },
  maxLifetimeMs: Number(process.env.BENCH_CHILD_MAX_MS ?? 1_800_000),
});
