/**
 * Public sharing (spec 2.11, 3.3, 4.10–4.12; design.md §5 "share create without tenant").
 *
 * Share requests name no tenant: the dialog is found by (user_id, dialog_id) — within the
 * guest token's tenant when a token is sent, else across tenants, where a pair known in
 * more than one tenant is refused rather than guessed. Each create stores a new immutable
 * snapshot (the JSON served later, byte for byte) under the SHA-256 of a fresh 32-byte
 * token. A read answers one indistinguishable "not found" for every kind of dead link.
 */
import { randomUUID } from 'node:crypto';
import { AppError, authStorageError } from '../../errors.ts';
import { MICROS_PER_DAY, isoMillis, type Clock } from '../../clock.ts';
import type { Dialog } from '../../db/types.ts';
import { hashToken, hashesEqual, newShareToken } from '../../security/tokens.ts';
import { ownedBy } from '../dialogs/ownership.ts';
import type { SharingRepository } from './repository.ts';
import { snapshotJson } from './snapshot.ts';
import type { ShareCreated } from './schemas.ts';
import type { KeptSnapshots } from './kept-snapshots.ts';
import type { AnnouncedChanges } from '../../announcements/announced-changes.ts';

export const SHARE_LIFETIME_MICROS = 30 * MICROS_PER_DAY;
/** What `newShareToken` makes; anything else cannot be a link and is not looked up. */
const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Who asks, as the access plugin established it (null: the request named no known dialog). */
export interface ShareCaller {
  /** The caller's guest session; null for resources never registered. */
  sessionId: string | null;
  /** Whether the dialog's section is still configured. */
  tenantKnown: boolean;
}

/**
 * The sharing rules over their storage and the clock (injected, so expiry is tested without
 * waiting); links read are kept in memory (`kept`), and revoking one is announced (`changes`).
 */
export function createSharingService(deps: { repository: SharingRepository; clock: Clock; kept: KeptSnapshots; changes: AnnouncedChanges }) {
  const { repository, clock, kept } = deps;

  /** The dialog the caller may act on, or 404 when missing, hidden, foreign or of an unknown section. */
  function usable(dialog: Dialog | null, caller: ShareCaller | null): Dialog {
    if (!dialog || !caller || !caller.tenantKnown || dialog.hidden_at !== null || !ownedBy(dialog, caller.sessionId)) {
      throw new AppError('DIALOG_NOT_FOUND');
    }
    return dialog;
  }

  return {
    /**
     * The dialog a share request names. With a guest token (`bearer`), only the token's
     * tenant is searched (a dialog of another tenant is not found: 404); without one, a
     * pair found in several tenants gives null. Hidden dialogs are found too: access is
     * settled before visibility.
     */
    async locate(bearer: string | undefined, userId: string, dialogId: string): Promise<Dialog | null> {
      try {
        if (bearer !== undefined) {
          // An unknown token finds nothing here; the access check then answers 401 for it.
          return (await repository.dialogInTokenTenant(hashToken(bearer), userId, dialogId)) ?? null;
        }
        const found = await repository.dialogsByPair(userId, dialogId, 2);
        return found.length === 1 ? found[0]! : null;
      } catch (err) {
        // This lookup decides whose access is checked: an unreachable database is the access check's 503.
        throw authStorageError(err);
      }
    },

    /** Creates a new snapshot through `throughMessageId` (default: the last message). */
    async create(dialog: Dialog | null, caller: ShareCaller | null, throughMessageId: string | undefined): Promise<ShareCreated> {
      const source = usable(dialog, caller);
      const cut = throughMessageId === undefined ? await repository.lastMessage(source.id) : await repository.findMessage(source.id, throughMessageId);
      if (!cut) {
        throw new AppError('MESSAGE_NOT_FOUND');
      }
      const snapshot = snapshotJson(await repository.messagesThrough(source.id, cut));
      const token = newShareToken();
      const now = clock.nowMicros();
      const expiresAt = now + SHARE_LIFETIME_MICROS;
      await repository.insert({
        id: randomUUID(),
        token_hash: hashToken(token),
        dialog_id: source.id,
        through_message_id: cut.id,
        snapshot,
        created_at: now,
        expires_at: expiresAt,
      });
      return {
        share_token: token,
        shared_path: `/dialogs/shared/${token}`,
        // The id form history shows: a user message's client id when it had one.
        through_message_id: cut.role === 'user' ? (cut.client_message_id ?? cut.id) : cut.id,
        expires_at: isoMillis(expiresAt),
      };
    },

    /**
     * The public snapshot as UTF-8 JSON, or null for a malformed, unknown, expired or
     * revoked link or a hidden source dialog — the caller answers all of them alike.
     */
    async read(token: string): Promise<Buffer | null> {
      if (!SHARE_TOKEN_PATTERN.test(token)) {
        return null;
      }
      const hash = hashToken(token);
      const known = kept.get(hash);
      if (known) {
        return known.expiresAt > clock.nowMicros() ? known.json : null;
      }
      const readAt = kept.epoch;
      const row = await repository.findByTokenHash(hash);
      if (!row || !hashesEqual(row.token_hash, hash) || row.revoked_at !== null || row.expires_at <= clock.nowMicros() || row.hidden_at !== null) {
        return null;
      }
      // The stored snapshot is already the public JSON; it is not parsed again on the read path.
      const json = Buffer.from(`{"created_at":${JSON.stringify(isoMillis(row.created_at))},"expires_at":${JSON.stringify(isoMillis(row.expires_at))},"messages":${row.snapshot}}`, 'utf8');
      kept.set(hash, { json, expiresAt: row.expires_at, dialogId: row.dialog_id }, readAt);
      return json;
    },

    /** Revokes a link of the caller's dialog; no such combination is not an error (spec 4.12). */
    async revoke(dialog: Dialog | null, caller: ShareCaller | null, token: string): Promise<void> {
      if (!dialog || !caller || !ownedBy(dialog, caller.sessionId) || !SHARE_TOKEN_PATTERN.test(token)) {
        return;
      }
      const tokenHash = hashToken(token);
      if (await repository.revoke(dialog.id, tokenHash, clock.nowMicros())) {
        // Forgotten here at once and, once told, on every other instance.
        await deps.changes.announce('share-revoked', tokenHash);
      }
    },

    /** Deletes links that expired more than `graceMicros` ago; returns how many. */
    purgeExpired(graceMicros: number): Promise<number> {
      return repository.deleteExpired(clock.nowMicros() - graceMicros);
    },
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
