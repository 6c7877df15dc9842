/**
 * `PLAYGROUND=on|off` (src/config/env.ts): the playground is on by default only with the
 * bundled demo tenants, so a shop's production deployment never serves it by accident.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ConfigError, DEMO_TENANTS_FILE, readEnv } from '../../src/config/env.ts';

test('on by default with the bundled demo tenants file, however its path is written', () => {
  assert.equal(readEnv({}).playground, true);
  assert.equal(readEnv({ TENANTS_FILE: path.relative(process.cwd(), DEMO_TENANTS_FILE) }).playground, true);
});

test("off by default with a shop's own tenants file", () => {
  assert.equal(readEnv({ TENANTS_FILE: '/etc/aisle/tenants.yaml' }).playground, false);
});

test('PLAYGROUND=on and off win over the default, in any case and with spaces', () => {
  assert.equal(readEnv({ TENANTS_FILE: '/etc/aisle/tenants.yaml', PLAYGROUND: 'on' }).playground, true);
  assert.equal(readEnv({ PLAYGROUND: ' OFF ' }).playground, false);
});

test('any other value stops the start with one line naming the variable', () => {
  assert.throws(() => readEnv({ PLAYGROUND: 'yes' }), (err: unknown) => err instanceof ConfigError && /PLAYGROUND must be on or off, got "yes"/.test(err.message));
});
