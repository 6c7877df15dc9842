/**
 * Imports the catalogues the tenants file names, at start: a tenant's feed is imported when
 * the database has no catalogue from that file in that exact version (path, size and
 * modification time), so restarts do not re-import an unchanged feed.
 */
import { stat } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { Tenant } from '../config/index.ts';
import { readFeedFile } from './import/index.ts';
import { catalogVersions, importCatalog, type ImportReport } from './store.ts';

export interface SyncLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

async function sourceOf(path: string): Promise<string> {
  const info = await stat(path);
  return `${path}|${info.size}|${Math.trunc(info.mtimeMs)}`;
}

/** Imports every tenant catalogue whose file changed since it was last imported. */
export async function syncCatalogsFromTenants(db: Kysely<Database>, tenants: Iterable<Tenant>, now: () => number, log: SyncLog): Promise<ImportReport[]> {
  const current = new Map((await catalogVersions(db)).map((row) => [row.tenant_id, row.source]));
  const reports: ImportReport[] = [];
  for (const tenant of tenants) {
    if (!tenant.catalog) {
      continue;
    }
    let source: string;
    try {
      source = await sourceOf(tenant.catalog.path);
    } catch {
      log.warn({ tenant: tenant.id }, 'catalogue file cannot be read; keeping the stored catalogue');
      continue;
    }
    if (current.get(tenant.id) === source) {
      continue;
    }
    const started = performance.now();
    try {
      const report = await importCatalog(db, tenant.id, readFeedFile(tenant.catalog.path, { format: tenant.catalog.format }), source, now());
      log.info(
        { tenant: tenant.id, imported: report.imported, skipped: report.skippedCount, ms: Math.round(performance.now() - started) },
        'catalogue imported',
      );
      reports.push(report);
    } catch (err) {
      log.warn({ tenant: tenant.id, err }, 'catalogue import failed; keeping the stored catalogue');
    }
  }
  return reports;
}
