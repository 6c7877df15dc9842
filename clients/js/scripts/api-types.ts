/**
 * The client's request and response types, made from the server's own route schemas: the
 * real app is built on a throwaway SQLite database, its OpenAPI document is read through
 * `inject` exactly as a client would read `/openapi.json`, and openapi-typescript turns it
 * into TypeScript. Nothing is copied by hand, so a schema change in a route shows up here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { buildApp } from '../../../src/app.ts';
import { makeConfig } from '../../../src/config/index.ts';
import { readEnv } from '../../../src/config/env.ts';
import { createStorage } from '../../../src/db/create-db.ts';
import { migrateToLatest } from '../../../src/db/migrate.ts';

/** Where the generated types are checked in. */
export const API_TYPES_FILE = fileURLToPath(new URL('../src/generated/api-types.ts', import.meta.url));

const HEADER = `/**
 * The request and response types of Aisle's HTTP API, generated from the server's route
 * schemas (its OpenAPI document) by \`npm run client:types\`. Do not edit: regenerate.
 */
`;

/** The OpenAPI document the real app serves at `/openapi.json`. */
export async function readOpenApiDocument(): Promise<OpenAPI3> {
  const dir = mkdtempSync(path.join(tmpdir(), 'aisle-client-types-'));
  const settings = { kind: 'sqlite' as const, file: path.join(dir, 'aisle.sqlite') };
  const storage = createStorage(settings);
  try {
    await migrateToLatest(storage.db, storage.dialect);
    // No tenants: the document depends on the routes only, never on a deployment's settings.
    const config = makeConfig({ ...readEnv({ LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'https://aisle.invalid' }), database: settings }, []);
    const app = await buildApp({ config, storage, catalogRefreshMs: 0 });
    try {
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/openapi.json' });
      if (res.statusCode !== 200) {
        throw new Error(`/openapi.json answered ${res.statusCode}`);
      }
      return res.json() as OpenAPI3;
    } finally {
      await app.close();
    }
  } finally {
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of `src/generated/api-types.ts` for the current route schemas. */
export async function generateApiTypes(): Promise<string> {
  const document = await readOpenApiDocument();
  const nodes = await openapiTS(document, { silent: true });
  return HEADER + astToString(nodes);
}
