/**
 * Environment variables → typed settings. This is the only place that reads `process.env`
 * for Aisle's own settings (the LLM engine reads the API-key variable a tenant names).
 * A bad value throws a `ConfigError` naming the variable, so the start stops with one clear line.
 */
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { INSTALL_DIR } from './install-dir.ts';
import { ConfigError } from './config-error.ts';
import { readTracingEnv, type TracingSettings } from './tracing-env.ts';

export { ConfigError };

/** The bundled demo tenants, found relative to the installed code (not the working directory). */
export const DEMO_TENANTS_FILE = path.join(INSTALL_DIR, 'examples', 'tenants.yaml');

export type DatabaseSettings =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; poolSize: number };

export interface RateLimitSettings {
  /** Guest registrations per minute per IP (spec part 8: 20, per instance). */
  registration: number;
  /** Share create + revoke per minute per IP. */
  share: number;
  /** Share creates per minute per dialog. */
  sharePerDialog: number;
  /** Public share reads per minute per IP. */
  sharedRead: number;
  /** Refused insights keys (401 on the shop's insights page) per minute per IP. */
  insightsKeyFailed: number;
  /** Failed (404) public share reads per minute per IP. */
  sharedReadFailed: number;
}

export interface EnvSettings {
  host: string;
  port: number;
  publicBaseUrl: string;
  database: DatabaseSettings;
  redisUrl: string | null;
  /** Fastify `trustProxy`: false, a hop count, or the proxies' addresses/CIDR ranges. */
  trustProxy: false | number | string[];
  /** Given by the operator; when null, one is generated and kept in the database on first start. */
  signingSecret: string | null;
  tenantsFile: string;
  logLevel: string;
  rateLimits: RateLimitSettings;
  /** Whether `/` serves the playground (a mock shop with the widget and a request log). */
  playground: boolean;
  /** `METRICS_PORT`: the port of the second listener serving only `GET /metrics` on HOST; null = metrics off. */
  metricsPort: number | null;
  /** The standard `OTEL_*` variables (`tracing-env.ts`); null = tracing off. */
  tracing: TracingSettings | null;
  /** `CATALOG_WARM_UP_MS`: at most how long the catalogue engine warms up on each new index; 0 = off. */
  catalogWarmUpMs: number;
}

type Env = Record<string, string | undefined>;

function intVar(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') {
    return fallback;
  }
  if (!/^\d+$/.test(raw.trim())) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  const value = Number(raw.trim());
  if (value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function parseDatabase(env: Env): DatabaseSettings {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) {
    return { kind: 'sqlite', file: './data/aisle.sqlite' };
  }
  if (/^postgres(ql)?:\/\//.test(raw)) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError('DATABASE_URL is not a valid postgres:// URL');
    }
    return { kind: 'postgres', url: raw, poolSize: intVar(env, 'DATABASE_POOL_SIZE', 10, 1, 500) };
  }
  const sqlite = /^(?:sqlite|file):(.+)$/.exec(raw);
  if (sqlite?.[1]) {
    return { kind: 'sqlite', file: sqlite[1].replace(/^\/\/(?=\/)/, '') };
  }
  throw new ConfigError('DATABASE_URL must start with postgres://, postgresql://, sqlite: or file:');
}

function parseTrustProxy(raw: string | undefined): false | number | string[] {
  if (raw === undefined || raw.trim() === '' || raw.trim() === 'false') {
    return false;
  }
  const value = raw.trim();
  if (/^\d+$/.test(value)) {
    return Number(value);
  }
  const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of entries) {
    const ok = entry.includes('/') ? ipaddr.isValidCIDR(entry) : ipaddr.isValid(entry);
    if (!ok) {
      throw new ConfigError(
        `TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses or CIDR ranges; "${entry}" is neither`,
      );
    }
  }
  return entries;
}

function parseBaseUrl(raw: string | undefined, host: string, port: number): string {
  if (!raw) {
    const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    return `http://${shownHost}:${port}`;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_BASE_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`PUBLIC_BASE_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

/** `PLAYGROUND=on|off`; unset: on for the bundled demo tenants, off for a shop's own tenants file. */
function parsePlayground(raw: string | undefined, tenantsFile: string): boolean {
  const value = raw?.trim().toLowerCase();
  if (!value) {
    return path.resolve(tenantsFile) === DEMO_TENANTS_FILE;
  }
  if (value === 'on' || value === 'off') {
    return value === 'on';
  }
  throw new ConfigError(`PLAYGROUND must be on or off, got "${raw}"`);
}

/** Reads and validates Aisle's environment variables. */
export function readEnv(env: Env): EnvSettings {
  const host = env.HOST?.trim() || '127.0.0.1';
  const port = intVar(env, 'PORT', 3000, 0, 65535);
  const secret = env.SIGNING_SECRET?.trim() || null;
  if (secret !== null && secret.length < 32) {
    throw new ConfigError('SIGNING_SECRET must be at least 32 characters (or unset to generate one)');
  }
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl !== null && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  }
  const tenantsFile = env.TENANTS_FILE?.trim() || DEMO_TENANTS_FILE;
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "${logLevel}"`);
  }
  const metricsPort = env.METRICS_PORT?.trim() ? intVar(env, 'METRICS_PORT', 0, 0, 65535) : null;
  if (metricsPort !== null && metricsPort !== 0 && metricsPort === port) {
    throw new ConfigError('METRICS_PORT must differ from PORT: metrics are served on a port of their own');
  }
  return {
    host,
    port,
    publicBaseUrl: parseBaseUrl(env.PUBLIC_BASE_URL?.trim(), host, port),
    database: parseDatabase(env),
    redisUrl,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    signingSecret: secret,
    tenantsFile,
    logLevel,
    rateLimits: {
      registration: intVar(env, 'RATE_LIMIT_REGISTRATION', 20, 1, 1_000_000),
      share: intVar(env, 'RATE_LIMIT_SHARE', 20, 1, 1_000_000),
      sharePerDialog: intVar(env, 'RATE_LIMIT_SHARE_PER_DIALOG', 5, 1, 1_000_000),
      sharedRead: intVar(env, 'RATE_LIMIT_SHARED_READ', 60, 1, 1_000_000),
      sharedReadFailed: intVar(env, 'RATE_LIMIT_SHARED_READ_FAILED', 10, 1, 1_000_000),
      insightsKeyFailed: intVar(env, 'RATE_LIMIT_INSIGHTS_KEY_FAILED', 10, 1, 1_000_000),
    },
    playground: parsePlayground(env.PLAYGROUND, tenantsFile),
    metricsPort,
    tracing: readTracingEnv(env),
    catalogWarmUpMs: intVar(env, 'CATALOG_WARM_UP_MS', 2000, 0, 60_000),
  };
}
