/**
 * The frozen, validated configuration every part of Aisle receives.
 * `loadConfig(process.env)` is called once by the server and the CLI; tests build configs directly.
 */
import { readEnv, type EnvSettings } from './env.ts';
import { loadTenantsFile } from './tenants-file.ts';
import type { Tenant } from './tenant.ts';

export interface Config extends EnvSettings {
  tenants: ReadonlyMap<string, Tenant>;
  /** Model API keys, by the variable names tenants give in `engine.llm.apiKeyEnv` (read once, here). */
  modelApiKeys: Readonly<Record<string, string>>;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) {
      deepFreeze(v);
    }
  }
  return value;
}

/**
 * Builds a Config from settings and a tenant list (used by `loadConfig` and by tests).
 * `variables` is where the model API keys the tenants name are read from.
 */
export function makeConfig(env: EnvSettings, tenants: Tenant[], variables: Record<string, string | undefined> = {}): Config {
  const map = new Map(tenants.map((t) => [t.id, deepFreeze(t)]));
  // Keyed by variable names the tenants file chooses: no prototype, so `constructor` is just a name.
  const modelApiKeys: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const tenant of tenants) {
    const name = tenant.engine.llm?.apiKeyEnv;
    const value = name && Object.hasOwn(variables, name) ? variables[name] : undefined;
    if (name && value) {
      modelApiKeys[name] = value;
    }
  }
  return Object.freeze({ ...env, tenants: map, modelApiKeys: Object.freeze(modelApiKeys) });
}

/** Reads the environment and the tenants file it names; throws ConfigError with one clear line. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const settings = readEnv(env);
  return makeConfig(settings, loadTenantsFile(settings.tenantsFile), env);
}
