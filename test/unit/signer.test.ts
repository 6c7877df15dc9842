import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSigner } from '../../src/security/signer.ts';

const signer = createSigner('x'.repeat(40));

test('a signed value verifies for its purpose only', () => {
  const token = signer.sign('cursor', { a: 1 });
  assert.deepEqual(signer.verify('cursor', token), { a: 1 });
  assert.equal(signer.verify('event', token), null);
});

test('any change to the payload or signature fails, including another spelling of the same signature bits', () => {
  const token = signer.sign('cursor', { a: 1 });
  const [body, mac] = token.split('.') as [string, string];
  assert.equal(signer.verify('cursor', `${Buffer.from('{"a":2}').toString('base64url')}.${mac}`), null);
  const last = mac.at(-1)!;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  for (const other of alphabet) {
    if (other !== last) {
      assert.equal(signer.verify('cursor', `${body}.${mac.slice(0, -1)}${other}`), null, `last char ${other}`);
    }
  }
  assert.equal(signer.verify('cursor', 'garbage'), null);
  assert.equal(signer.verify('cursor', ''), null);
});

test('another secret does not verify; stable ids are stable and keyed', () => {
  const other = createSigner('y'.repeat(40));
  assert.equal(other.verify('cursor', signer.sign('cursor', 1)), null);
  assert.equal(signer.stableId('dialog', 'a'), signer.stableId('dialog', 'a'));
  assert.notEqual(signer.stableId('dialog', 'a'), other.stableId('dialog', 'a'));
  assert.match(signer.stableId('dialog', 'a'), /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
});
