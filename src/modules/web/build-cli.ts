/**
 * `npm run build` (after the server bundle): writes the widget's scripts to dist/widget, where
 * the built server serves them, and prints the widget's gzipped size against its budget.
 * `--outdir DIR` writes them elsewhere (`npm run widget:build`: the package's own dist).
 * Exits non-zero when the build fails or the widget is over budget.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { WIDGET_DIST } from './widget-assets.ts';
import { buildWidgetScript, WIDGET_BUDGET_BYTES, WIDGET_ENTRIES, widgetSizeLine, type WidgetScript } from './widget-build.ts';

const at = process.argv.indexOf('--outdir');
const outdir = at >= 0 && process.argv[at + 1] ? path.resolve(process.argv[at + 1]!) : WIDGET_DIST;
await mkdir(outdir, { recursive: true });
for (const name of Object.keys(WIDGET_ENTRIES) as WidgetScript[]) {
  const body = await buildWidgetScript(name);
  await writeFile(path.join(outdir, name), body);
  if (name === 'aisle-chat.js') {
    const gzipped = gzipSync(body, { level: 9 }).length;
    process.stdout.write(`${widgetSizeLine(gzipped)}\n`);
    if (gzipped > WIDGET_BUDGET_BYTES) {
      process.stderr.write('the widget is over its size budget\n');
      process.exitCode = 1;
    }
  }
}
