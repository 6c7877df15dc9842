/**
 * Shared dialogs kept in memory as the UTF-8 JSON a read of their link answers with, by the
 * SHA-256 of the link's token: a snapshot never changes, so a link read again reads nothing from
 * the database while it lives. A kept link stops opening when it expires (checked on every read
 * against the clock) and when it is revoked or its dialog hidden, here or on another instance:
 * both are announced (`../announced-changes.ts`), and nothing is kept or served from memory while
 * announcements cannot be heard. A kept link is trusted for `TRUSTED_FOR_MS` at most; at most
 * `KEPT_LINKS` links and `KEPT_BYTES` bytes of answers are kept, the least recently read
 * dropped first. They are kept encoded, so a read sends them without encoding them again.
 */
import { TRUSTED_FOR_MS, type AnnouncedChanges } from '../../announcements/announced-changes.ts';
import { createAnnouncedLru, type EpochLru } from '../epoch-lru.ts';

export const KEPT_LINKS = 1_000;
/** Outside the JavaScript heap (Buffers). */
export const KEPT_BYTES = 8_000_000;

export interface KeptSnapshot {
  /** The read's whole answer, UTF-8 JSON. */
  json: Buffer;
  /** Microseconds since the epoch, as stored. */
  expiresAt: number;
  dialogId: string;
}

/** The kept links by the SHA-256 of their token: `get`, and `set` with the epoch read before the database read. */
export type KeptSnapshots = EpochLru<KeptSnapshot>;

export function createKeptSnapshots(changes: AnnouncedChanges, bounds = { links: KEPT_LINKS, bytes: KEPT_BYTES }): KeptSnapshots {
  const kept = createAnnouncedLru<KeptSnapshot>(changes, { maxEntries: bounds.links, maxWeight: bounds.bytes, weigh: (s) => s.json.length, ttlMs: TRUSTED_FOR_MS });
  changes.on('share-revoked', (tokenHash) => kept.delete(tokenHash));
  changes.on('dialog-hidden', (dialogId) => kept.deleteWhere((s) => s.dialogId === dialogId));
  return kept;
}
