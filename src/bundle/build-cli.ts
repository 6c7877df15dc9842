/** `npm run build` (first step): the server bundle into dist/, or `--outdir DIR`. */
import path from 'node:path';
import { buildServerBundle } from './server-bundle.ts';

const at = process.argv.indexOf('--outdir');
await buildServerBundle(path.resolve(at >= 0 && process.argv[at + 1] ? process.argv[at + 1]! : 'dist'));
