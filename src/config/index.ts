/** The configuration's entry point: what the rest of Aisle imports from `config/`. */
export { loadConfig, makeConfig, type Config } from './load.ts';
export { ConfigError } from './env.ts';
export type { EnvSettings, DatabaseSettings, RateLimitSettings } from './env.ts';
export type { TracingSettings } from './tracing-env.ts';
export type { Tenant } from './tenant.ts';
