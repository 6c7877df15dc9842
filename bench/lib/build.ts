/**
 * Builds what the benchmark runs: Aisle's production bundle, made as `npm run build` makes it
 * (src/bundle/server-bundle.ts; only its output folder changed, so `dist/` is left alone), and the baseline and
 * the usage reporter bundled the same way. Measuring the bundle measures what `npm start`
 * runs, without the TypeScript loader's memory and start-up.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildServerBundle } from '../../src/bundle/server-bundle.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Built {
  /** The bundled CLI (`serve` starts the server). */
  cli: string | null;
  baseline: string;
  reporter: string;
}

/** Builds into `outdir`, which must lie inside the project (the bundle finds its install folder and node_modules from there). */
export async function buildForBench(outdir: string): Promise<Built> {
  await buildServerBundle(join(outdir, 'aisle'));
  const cli = join(outdir, 'aisle', 'cli.js');
  const common = { bundle: true, platform: 'node' as const, format: 'esm' as const, target: 'node20', packages: 'external' as const, logLevel: 'warning' as const };
  await build({ ...common, entryPoints: [join(ROOT, 'bench/lib/baseline-server.ts')], outfile: join(outdir, 'baseline-server.js') });
  await build({ ...common, entryPoints: [join(ROOT, 'bench/lib/usage-reporter.ts')], outfile: join(outdir, 'usage-reporter.js') });
  return { cli, baseline: join(outdir, 'baseline-server.js'), reporter: join(outdir, 'usage-reporter.js') };
}
