/**
 * Child process: Aisle itself, started exactly as `aisle serve` starts it (configuration
 * from the environment, migrations, catalogue sync, `startServer`), plus CPU and memory
 * reporting to the benchmark over IPC.
 */
import { loadConfig } from '../../src/config/index.ts';
import { startServer } from '../../src/server.ts';
import { installUsageReporting, reportReady } from './child-usage.ts';

const server = await startServer(loadConfig(process.env));
installUsageReporting({ onStop: () => server.close(), maxLifetimeMs: Number(process.env.BENCH_CHILD_MAX_MS ?? 1_800_000) });
reportReady(server.url);
