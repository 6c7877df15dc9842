/**
 * Shared dialogs kept in memory as the JSON text a read of their link answers with, by the
 * SHA-256 of the link's token: a snapshot never changes, so a link read again reads nothing from
 * the database while it lives. A kept link stops opening when it expires (checked on every read
 * against the clock) and when it is revoked or its dialog hidden, here or on another instance:
 * both are announced (`../announced-changes.ts`), and nothing is kept or served from memory while
 * announcements cannot be heard. A kept link is trusted for `TRUSTED_FOR_MS` at most; at most
 * `KEPT_LINKS` links and `KEPT_CHARS` characters of text are kept, the least recently read
 * dropped first.
 */
import { TRUSTED_FOR_MS, type AnnouncedChanges } from '../../announcements/announced-changes.ts';
import { createAnnouncedLru, type EpochLru } from '../epoch-lru.ts';

export const KEPT_LINKS = 1_000;
/** About 8 to 16 MB: a JavaScript string takes one or two bytes a character. */
export const KEPT_CHARS = 8_000_000;

export interface KeptSnapshot {
  /** The read's whole answer. */
  json: string;
  /** Microseconds since the epoch, as stored. */
  expiresAt: number;
  dialogId: string;
}

/** The kept links by the SHA-256 of their token: `get`, and `set` with the epoch read before the database read. */
export type KeptSnapshots = EpochLru<KeptSnapshot>;

export function createKeptSnapshots(changes: AnnouncedChanges, bounds = { links: KEPT_LINKS, chars: KEPT_CHARS }): KeptSnapshots {
  const kept = createAnnouncedLru<KeptSnapshot>(changes, { maxEntries: bounds.links, maxWeight: bounds.chars, weigh: (s) => s.json.length, ttlMs: TRUSTED_FOR_MS });
  changes.on('share-revoked', (tokenHash) => kept.delete(tokenHash));
  changes.on('dialog-hidden', (dialogId) => kept.deleteWhere((s) => s.dialogId === dialogId));
  return kept;
}
