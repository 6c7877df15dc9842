/**
 * Builds the browser scripts of clients/widget with esbuild: `aisle-chat.js` (the widget, with
 * the JavaScript client inside), `playground.js` (the playground page's script) and
 * `insights.js` (the shop's insights page). One place
 * for the build options, used by `npm run build` (build-cli.ts) and by the server when it runs
 * from sources or finds no built file (widget-assets.ts).
 */
import path from 'node:path';
import { INSTALL_DIR } from '../../config/install-dir.ts';

export const WIDGET_SOURCES = path.join(INSTALL_DIR, 'clients', 'widget', 'src');

/** The scripts and the source file each is built from. */
export const WIDGET_ENTRIES = {
  'aisle-chat.js': path.join(WIDGET_SOURCES, 'aisle-chat.ts'),
  'playground.js': path.join(WIDGET_SOURCES, 'playground', 'main.ts'),
  // The shop's insights page (modules/insights), with its charts (uPlot) inside.
  'insights.js': path.join(WIDGET_SOURCES, 'insights', 'main.ts'),
} as const;

export type WidgetScript = keyof typeof WIDGET_ENTRIES;

/** The size budget of the widget script, gzipped (the limit). */
export const WIDGET_BUDGET_BYTES = 30 * 1024;

/** Builds one script into memory: minified ES module for browsers of the last few years. */
export async function buildWidgetScript(name: WidgetScript): Promise<Buffer> {
  // Loaded here, not at start: a built server never needs it, and it is memory held for nothing.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [WIDGET_ENTRIES[name]],
    bundle: true,
    minify: true,
    format: 'esm',
    // Private class fields and top-level await are native from here; older targets would inflate the script.
    target: 'es2022',
    platform: 'browser',
    write: false,
    outfile: name,
    legalComments: 'eof',
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) {
    throw new Error(`esbuild produced no output for ${name}`);
  }
  return Buffer.from(file.contents);
}

/** The one line that reports the widget's size, printed by the build and by `npm run bench`. */
export function widgetSizeLine(gzippedBytes: number): string {
  return `widget bundle: ${(gzippedBytes / 1024).toFixed(1)} KB gzipped (budget ${WIDGET_BUDGET_BYTES / 1024})`;
}
