/**
 * Random identifiers for dialogs (`threadId`) and user messages (`messages[].id`).
 * `crypto.randomUUID` exists only in secure contexts (a shop page over plain HTTP has none),
 * so the UUID is built from `crypto.getRandomValues`, which every browser and Node 20 have.
 */

interface CryptoLike {
  getRandomValues<T extends Uint8Array>(array: T): T;
}

/** A random UUID (version 4). */
export function randomId(): string {
  const crypto = (globalThis as { crypto?: CryptoLike }).crypto;
  if (!crypto) {
    throw new Error('No Web Crypto (globalThis.crypto) is available to make random identifiers');
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
