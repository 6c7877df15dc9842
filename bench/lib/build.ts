/**
 * Builds what the benchmark runs: Aisle's production bundle, with the project's own `build`
 * script (only its output folder changed, so `dist/` is left alone), and the baseline and
 * the usage reporter bundled the same way. Measuring the bundle measures what `npm start`
 * runs, without the TypeScript loader's memory and start-up.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Built {
  /** The bundled CLI (`serve` starts the server), or null when the project has no build script. */
  cli: string | null;
  baseline: string;
  reporter: string;
}

/** Builds into `outdir`, which must lie inside the project (the bundle finds its install folder and node_modules from there). */
export async function buildForBench(outdir: string): Promise<Built> {
  const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
  let cli: string | null = null;
  // Only the server bundle (the first command); what follows `&&` (the widget's files) is not measured.
  const script = scripts.build?.split('&&')[0]?.trim();
  if (script && /^esbuild\s/.test(script) && /--outdir=\S+/.test(script)) {
    const args = script
      .replace(/^esbuild\s+/, '')
      .replace(/--outdir=\S+/, `--outdir=${join(outdir, 'aisle')}`)
      .split(/\s+/)
      .filter(Boolean);
    execFileSync(join(ROOT, 'node_modules/.bin/esbuild'), args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    cli = join(outdir, 'aisle', 'cli.js');
  }
  const common = { bundle: true, platform: 'node' as const, format: 'esm' as const, target: 'node20', packages: 'external' as const, logLevel: 'warning' as const };
  await build({ ...common, entryPoints: [join(ROOT, 'bench/lib/baseline-server.ts')], outfile: join(outdir, 'baseline-server.js') });
  await build({ ...common, entryPoints: [join(ROOT, 'bench/lib/usage-reporter.ts')], outfile: join(outdir, 'usage-reporter.js') });
  return { cli, baseline: join(outdir, 'baseline-server.js'), reporter: join(outdir, 'usage-reporter.js') };
}
