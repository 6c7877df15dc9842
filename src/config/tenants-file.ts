/**
 * Reads the YAML tenants file and validates every tenant against `TenantSchema`.
 * Errors name the tenant and the field: `tenants file: tenant "shop-1": allowedIps/0 is not a CIDR range`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { Value } from 'typebox/value';
import ipaddr from 'ipaddr.js';
import { TenantSchema, type Tenant } from './tenant.ts';
import { ConfigError } from './env.ts';

function fieldPath(instancePath: string): string {
  return instancePath.replace(/^\//, '') || '(tenant)';
}

/**
 * Where and what: a field the schema does not know is named as such ("engine: unknown field
 * foo"), whatever its name ("constructor" and "__proto__" are field names like any other).
 */
function describeError(e: { instancePath: string; schemaPath: string; message: string; params?: unknown }): string {
  const extra = (e.params as { additionalProperties?: string[] } | undefined)?.additionalProperties;
  if (extra) {
    return `${fieldPath(e.instancePath)}: unknown field ${extra.join(', ')}`;
  }
  if (e.schemaPath.endsWith('/additionalProperties')) {
    const segments = e.instancePath.split('/');
    const field = (segments.pop() ?? '').replace(/~1/g, '/').replace(/~0/g, '~');
    return `${fieldPath(segments.join('/'))}: unknown field ${field}`;
  }
  return `${fieldPath(e.instancePath)}: ${e.message}`;
}

function validateCidr(range: string): boolean {
  if (range.includes('/')) {
    return ipaddr.isValidCIDR(range);
  }
  return ipaddr.isValid(range);
}

/** Validates one raw tenant object (defaults applied) or throws a ConfigError naming it. */
export function parseTenant(raw: unknown, index: number, baseDir: string): Tenant {
  const label =
    raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string'
      ? `tenant "${(raw as { id: string }).id}"`
      : `tenant #${index + 1}`;
  const withDefaults = Value.Default(TenantSchema, structuredClone(raw));
  if (!Value.Check(TenantSchema, withDefaults)) {
    const first = [...Value.Errors(TenantSchema, withDefaults)][0];
    throw new ConfigError(`tenants file: ${label}: ${first ? describeError(first) : '(tenant): is invalid'}`);
  }
  const tenant = withDefaults as Tenant;
  tenant.allowedIps.forEach((range, i) => {
    if (!validateCidr(range)) {
      throw new ConfigError(`tenants file: ${label}: allowedIps/${i}: "${range}" is not an IP address or CIDR range`);
    }
  });
  if (tenant.engine.type === 'llm' && !tenant.engine.llm) {
    throw new ConfigError(`tenants file: ${label}: engine/llm: required when engine.type is llm`);
  }
  if (tenant.starterPrompts.enabled) {
    const ids = new Set(tenant.starterPrompts.prompts.map((p) => p.id));
    if (ids.size !== tenant.starterPrompts.prompts.length) {
      throw new ConfigError(`tenants file: ${label}: starterPrompts/prompts: prompt ids must be unique`);
    }
    if (ids.size < 5) {
      throw new ConfigError(`tenants file: ${label}: starterPrompts/prompts: an enabled set needs at least five prompts`);
    }
  }
  if (tenant.catalog) {
    tenant.catalog.path = path.resolve(baseDir, tenant.catalog.path);
  }
  return tenant;
}

/** Parses tenants from YAML text; relative catalogue paths resolve against `baseDir`. */
export function parseTenantsYaml(text: string, baseDir: string): Tenant[] {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (err) {
    throw new ConfigError(`tenants file: not valid YAML: ${(err as Error).message.split('\n')[0]}`);
  }
  const list = doc && typeof doc === 'object' ? (doc as { tenants?: unknown }).tenants : undefined;
  if (!Array.isArray(list) || list.length === 0) {
    throw new ConfigError('tenants file: must have a non-empty "tenants" list');
  }
  const tenants = list.map((raw, i) => parseTenant(raw, i, baseDir));
  const seen = new Set<string>();
  // One insights key opens one shop: a hash given twice would open the first of them only.
  const keyHashes = new Map<string, string>();
  for (const t of tenants) {
    if (seen.has(t.id)) {
      throw new ConfigError(`tenants file: tenant "${t.id}" is declared twice`);
    }
    seen.add(t.id);
    if (t.insightsKeySha256 !== undefined) {
      const owner = keyHashes.get(t.insightsKeySha256);
      if (owner !== undefined) {
        throw new ConfigError(`tenants file: tenant "${t.id}": insightsKeySha256 is the same as tenant "${owner}"'s; give each shop its own key`);
      }
      keyHashes.set(t.insightsKeySha256, t.id);
    }
  }
  return tenants;
}

/** Reads and validates the tenants file at `file`. */
export function loadTenantsFile(file: string): Tenant[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`TENANTS_FILE: cannot read "${file}": ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  return parseTenantsYaml(text, path.dirname(path.resolve(file)));
}
