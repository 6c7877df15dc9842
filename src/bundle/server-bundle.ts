/**
 * The production bundle of the server (`npm run build`, and the benchmark's build): our code
 * and the pure-JavaScript packages listed here in one set of files, every other package loaded
 * from node_modules at run time.
 *
 * Why some packages are bundled: TypeBox and Kysely ship as thousands of small ES modules
 * (about 2,400 and 1,000 files). Node keeps a module record, the source text and the compiled
 * code of each file it loads, which made them the largest part of an idle server's memory
 * (measured: importing the two costs 35 MB of RSS unbundled, 4 MB bundled). The others listed
 * are small pure-JavaScript parsers with no files of their own to read at run time. Packages
 * that read their own files (Swagger UI's pages), carry native code (better-sqlite3) or load
 * optional parts by name stay external.
 */
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Packages compiled into the bundle; everything else a bare import names stays external. */
export const BUNDLED_PACKAGES: ReadonlySet<string> = new Set(['typebox', 'kysely', 'uuid', 'htmlparser2', 'csv-parse']);

/** The package a bare import names: "kysely" of "kysely/helpers/postgres", "@scope/name" of "@scope/name/x". */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Builds src/cli.ts and what it loads into `outdir` (inside the project, so the bundle finds node_modules). */
export async function buildServerBundle(outdir: string): Promise<void> {
  await build({
    entryPoints: [path.join(ROOT, 'src/cli.ts')],
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          // A bare specifier (not ./x, /x): external unless its package is bundled; imports
          // inside a bundled package (its own relative files) resolve as usual.
          b.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED_PACKAGES.has(packageOf(args.path)) ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
}
