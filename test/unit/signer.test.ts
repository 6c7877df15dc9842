import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSigner } from '../../src/security/signer.ts';
import { createTrackingLinks, EVENT_PURPOSE, type EventPayload } from '../../src/modules/tracking/links.ts';

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

test('a payload signed as its JSON text gives the same token as the payload itself, and verifies to it', () => {
  const payload = { a: 'quote " backslash \\ line\u2028sep ё 🛒', b: [1, null] };
  assert.equal(signer.signJson('event', JSON.stringify(payload)), signer.sign('event', payload));
  assert.deepEqual(signer.verify('event', signer.signJson('event', JSON.stringify(payload))), payload);
  assert.equal(signer.verify('cursor', signer.signJson('event', JSON.stringify(payload))), null);
});

test("an answer's tracking links are the links of their whole payloads, whatever the ids and SKUs hold", () => {
  const odd = 'id "with" \\ quotes\u2028, ё and 🛒';
  const ids = { tenantId: `shop ${odd}`, dialogId: `dialog ${odd}`, messageId: `message ${odd}` };
  const links = createTrackingLinks(signer, 'https://aisle.test', ids);
  const whole = (payload: EventPayload) => `https://aisle.test/shopping/events/${signer.sign(EVENT_PURPOSE, payload)}`;
  const head = { t: ids.tenantId, d: ids.dialogId, m: ids.messageId };
  assert.equal(links.block('IMP'), whole({ ...head, y: 'IMP' }));
  assert.equal(links.card('click', `sku ${odd}`), whole({ ...head, y: 'click', s: `sku ${odd}` }));
  const token = links.card('visible_impression', 'A-1').split('/').pop()!;
  assert.deepEqual(signer.verify(EVENT_PURPOSE, token), { ...head, y: 'visible_impression', s: 'A-1' });
});
