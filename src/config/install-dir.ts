/**
 * The folder Aisle is installed in (where its package.json is), found from this module's own
 * location, so bundled files (dist/) and sources (src/) find the bundled examples alike,
 * whatever the working directory.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findInstallDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'aisle') {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) {
      throw new Error('cannot find the folder Aisle is installed in');
    }
    dir = parent;
  }
}

export const INSTALL_DIR = findInstallDir();
