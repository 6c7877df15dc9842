/**
 * Sliding expiry is written in batches, off the request path: an extension noted by a request
 * is in the database within about a second, and one noted just before the instance stops is
 * written while it stops (SIGTERM closes the app, which writes what is pending).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DIALECTS, createTestDatabase, skipFor } from '../helpers/storage.ts';
import { auth, buildTestApp, registerGuest } from '../helpers/app.ts';

const MINUTES = 60_000_000;

for (const dialect of DIALECTS) {
  describe(`expiry extensions [${dialect}]`, { skip: skipFor(dialect) }, () => {
    test('an extension noted just before the app closes is written as it closes', async () => {
      const database = await createTestDatabase(dialect);
      try {
        const t = await buildTestApp(dialect, { database });
        const token = await registerGuest(t.app, 'shop-a', 'closing');
        const read = () => database.storage.db.selectFrom('guest_sessions').select(['expires_at', 'extended_at']).where('resource_id', '=', 'closing').executeTakeFirstOrThrow();
        const registered = await read();
        t.clock.advance(5 * MINUTES);
        const res = await t.app.inject({ method: 'GET', url: '/shopping/dialogs', headers: auth(token) });
        assert.equal(res.statusCode, 200);
        // Closed at once, well within the batch interval: the write happens during the close.
        await t.close();
        const stored = await read();
        const moved = stored.expires_at - registered.expires_at;
        assert.ok(moved >= 5 * MINUTES && moved < 6 * MINUTES, `extended by the request 5 minutes later (moved ${moved} µs)`);
      } finally {
        await database.dispose();
      }
    });

    test('a revoked session is not extended by a batch written after the revocation', async () => {
      const database = await createTestDatabase(dialect);
      try {
        const t = await buildTestApp(dialect, { database });
        const token = await registerGuest(t.app, 'shop-a', 'revoked-pending');
        const read = () => database.storage.db.selectFrom('guest_sessions').select(['expires_at', 'revoked_at']).where('resource_id', '=', 'revoked-pending').executeTakeFirstOrThrow();
        const registered = await read();
        t.clock.advance(5 * MINUTES);
        assert.equal((await t.app.inject({ method: 'GET', url: '/shopping/dialogs', headers: auth(token) })).statusCode, 200);
        assert.equal((await t.app.inject({ method: 'POST', url: '/shopping/guest-sessions/revoke', headers: auth(token) })).statusCode, 204);
        await t.close();
        const stored = await read();
        assert.notEqual(stored.revoked_at, null);
        assert.equal(stored.expires_at, registered.expires_at, 'the pending extension was not written over the revocation');
      } finally {
        await database.dispose();
      }
    });
  });
}
