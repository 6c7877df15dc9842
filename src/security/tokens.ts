/**
 * Secret tokens handed to clients: guest access tokens and share-link tokens.
 * Only their SHA-256 is stored; lookups are by hash, so a database leak reveals no usable token.
 */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

export const GUEST_TOKEN_PATTERN = /^gst_[A-Za-z0-9_-]{43}$/;

/** A new guest token: `gst_` + 43 base64url characters from 32 random bytes. */
export function newGuestToken(): string {
  return `gst_${randomBytes(32).toString('base64url')}`;
}

/** A new share-link token: 32 random bytes, base64url (43 characters), no prefix. */
export function newShareToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A new insights key for a shop (`aisle insights-key`): `ins_` + 43 base64url characters from
 * 32 random bytes. The tenants file keeps only its SHA-256 (`hashToken`).
 */
export function newInsightsKey(): string {
  return `ins_${randomBytes(32).toString('base64url')}`;
}

/** The stored form of a token. */
export function hashToken(token: string): string {
  // One call, no Hash object: about a third of createHash's time for a token.
  return hash('sha256', token, 'hex');
}

/** Constant-time comparison of two hex hashes of equal length. */
export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
