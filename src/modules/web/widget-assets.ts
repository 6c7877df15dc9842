/**
 * The widget's scripts as the routes serve them: body, gzipped body and ETag, made once per
 * process. Running from the built server (`npm start`, dist/) the files `npm run build` wrote
 * to dist/widget are served; running from sources (tests, `npm run aisle`) they are built from
 * clients/widget on first request, so a test never sees a stale or missing build.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { INSTALL_DIR } from '../../config/install-dir.ts';
import { buildWidgetScript, type WidgetScript } from './widget-build.ts';

export const WIDGET_DIST = path.join(INSTALL_DIR, 'dist', 'widget');

export interface WidgetAsset {
  body: Buffer;
  gzip: Buffer;
  /** Strong ETag of the body. */
  etag: string;
  /** Short content hash, for cache-busting `?v=` on Aisle's own pages. */
  version: string;
}

/** True when this module runs as TypeScript source rather than from the built bundle. */
const FROM_SOURCES = fileURLToPath(import.meta.url).endsWith('.ts');

async function load(name: WidgetScript): Promise<Buffer> {
  if (!FROM_SOURCES) {
    try {
      return await readFile(path.join(WIDGET_DIST, name));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw err;
      }
      // Not built (the server was bundled without `npm run build`): build from the sources.
    }
  }
  return buildWidgetScript(name);
}

export function toAsset(body: Buffer): WidgetAsset {
  const hash = createHash('sha256').update(body).digest('base64url');
  return { body, gzip: gzipSync(body, { level: 9 }), etag: `"${hash.slice(0, 32)}"`, version: hash.slice(0, 12) };
}

export interface WidgetAssets {
  get(name: WidgetScript): Promise<WidgetAsset>;
}

/** The scripts of this process; a failed build is not remembered, the next request tries again. */
export function createWidgetAssets(): WidgetAssets {
  const pending = new Map<WidgetScript, Promise<WidgetAsset>>();
  return {
    get(name) {
      let asset = pending.get(name);
      if (!asset) {
        asset = load(name).then(toAsset);
        void asset.catch(() => pending.delete(name));
        pending.set(name, asset);
      }
      return asset;
    },
  };
}
