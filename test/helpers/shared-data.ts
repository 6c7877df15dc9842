/**
 * The public sample data (feeds, catalogues, images) the tests read from `../shared/data`
 * beside the project root; it is read there, never copied into the repository. Outside CI a
 * checkout without it skips the tests that need it with a one-line reason; in CI (CI=true)
 * its absence is a failure, as for PostgreSQL and Redis in services.ts, and .ci/run also
 * refuses a run whose output shows such a skip.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root: this file is test/helpers/shared-data.ts. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** `<project root>/../shared/data`, without a trailing separator. */
export const SHARED_DATA = path.resolve(PROJECT_ROOT, '../shared/data');

function skipReason(): string | false {
  if (existsSync(SHARED_DATA)) {
    return false;
  }
  if (process.env.CI === 'true') {
    throw new Error(`shared data not found at ${SHARED_DATA}; CI must run the tests that read it`);
  }
  return `shared data not found at ${SHARED_DATA} (skipped outside CI)`;
}

/** False when the shared data is there; otherwise the one-line skip reason. */
export const sharedDataSkip = skipReason();

/** The absolute path of a file or folder under the shared data, e.g. `sharedDataPath('feeds/yml')`. */
export function sharedDataPath(relative: string): string {
  return path.join(SHARED_DATA, relative);
}

/**
 * The bytes of a shared file. When the data is absent (outside CI only) this is an empty
 * buffer, so a file can read its samples at load time; the tests that use them carry
 * `{ skip: sharedDataSkip }`.
 */
export function readSharedData(relative: string): Buffer {
  return sharedDataSkip ? Buffer.alloc(0) : readFileSync(sharedDataPath(relative));
}
