#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so `npx aisle …` works from an installed checkout.
import { register } from 'tsx/esm/api';
register();
await import('../src/cli.ts');
