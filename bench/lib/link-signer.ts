/**
 * Signs tracking links byte for byte as `createSigner(secret).sign('event', payload)` does
 * (src/security/signer.ts: base64url(JSON) + "." + base64url(HMAC-SHA256(secret,
 * "event\0" + body)[0..16])), but fast enough for a million seeded answers of fifteen
 * links each: the links of one answer share the first 136 characters of their body, so
 * the HMAC state over the key and that prefix is computed once per answer, and each link
 * then costs two or three SHA-256 blocks in plain JavaScript instead of six calls into
 * OpenSSL. `checkLinkSigner` (population.ts) compares it with the real signer before
 * anything is written, and the seeder re-checks samples while it runs.
 */
import { createHash } from 'node:crypto';
import { EVENT_PURPOSE } from '../../src/modules/tracking/links.ts';
import { createSigner } from '../../src/security/signer.ts';

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const IV = new Int32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
const W = new Int32Array(64);

/** One SHA-256 compression of the 64 bytes at `block[offset…]` into `h`. */
function compress(h: Int32Array, block: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    W[i] = (block[j]! << 24) | (block[j + 1]! << 16) | (block[j + 2]! << 8) | block[j + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const a = W[i - 15]!;
    const b = W[i - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = h[0]!;
  let b = h[1]!;
  let c = h[2]!;
  let d = h[3]!;
  let e = h[4]!;
  let f = h[5]!;
  let g = h[6]!;
  let hh = h[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (hh + S1 + ch + K[i]! + W[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    hh = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0]! + a) | 0;
  h[1] = (h[1]! + b) | 0;
  h[2] = (h[2]! + c) | 0;
  h[3] = (h[3]! + d) | 0;
  h[4] = (h[4]! + e) | 0;
  h[5] = (h[5]! + f) | 0;
  h[6] = (h[6]! + g) | 0;
  h[7] = (h[7]! + hh) | 0;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url without padding, as Buffer's 'base64url' writes it. */
function base64url(bytes: Uint8Array, length: number): string {
  let out = '';
  let i = 0;
  for (; i + 3 <= length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += B64[(n >>> 18) & 63]! + B64[(n >>> 12) & 63]! + B64[(n >>> 6) & 63]! + B64[n & 63]!;
  }
  const left = length - i;
  if (left === 1) {
    const n = bytes[i]! << 16;
    out += B64[(n >>> 18) & 63]! + B64[(n >>> 12) & 63]!;
  } else if (left === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += B64[(n >>> 18) & 63]! + B64[(n >>> 12) & 63]! + B64[(n >>> 6) & 63]!;
  }
  return out;
}

const encoder = new TextEncoder();

/** Writes an ASCII string's bytes into `into` at `at`; returns the new end. */
function putAscii(s: string, into: Uint8Array, at: number): number {
  for (let i = 0; i < s.length; i++) {
    into[at++] = s.charCodeAt(i);
  }
  return at;
}

/**
 * Per answer: `forAnswer(payloadHead)` takes the JSON text every link of the answer starts
 * with (`{"t":…,"d":…,"m":…,"y":`) and returns `sign(tail)`, which makes the link for the
 * payload `payloadHead + tail`.
 */
export function createFastLinkSigner(secret: string, baseUrl: string) {
  let key = Buffer.from(secret, 'utf8');
  if (key.length > 64) {
    // HMAC hashes keys longer than a block.
    key = createHash('sha256').update(key).digest();
  }
  const pad = new Uint8Array(64);
  const innerKey = new Int32Array(IV);
  const outerKey = new Int32Array(IV);
  for (let i = 0; i < 64; i++) {
    pad[i] = (key[i] ?? 0) ^ 0x36;
  }
  compress(innerKey, pad, 0);
  for (let i = 0; i < 64; i++) {
    pad[i] = (key[i] ?? 0) ^ 0x5c;
  }
  compress(outerKey, pad, 0);
  const prefix = `${baseUrl}/shopping/events/`;
  const slow = createSigner(secret);
  const purpose = encoder.encode(`${EVENT_PURPOSE}\0`);

  const buf = new Uint8Array(4096);
  const tailBytes = new Uint8Array(2048);
  const outer = new Uint8Array(64);
  const mac = new Uint8Array(16);
  const state = new Int32Array(8);

  return function forAnswer(payloadHead: string) {
    // The head's bytes up to a multiple of three encode to the same base64 characters in every link.
    const headBytes = encoder.encode(payloadHead);
    if (headBytes.length > 1500) {
      // Beyond the buffers (a tenant id of hundreds of characters): the real signer.
      return (tail: string) => `${prefix}${slow.sign(EVENT_PURPOSE, JSON.parse(payloadHead + tail))}`;
    }
    const shared = headBytes.length - (headBytes.length % 3);
    const bodyHead = base64url(headBytes, shared);
    const carry = headBytes.subarray(shared);
    // HMAC inner state after the key block, the purpose and the shared body characters, whole blocks only.
    buf.set(purpose, 0);
    let len = putAscii(bodyHead, buf, purpose.length);
    const base = new Int32Array(innerKey);
    let done = 0;
    while (len - done >= 64) {
      compress(base, buf, done);
      done += 64;
    }
    const rest = buf.slice(done, len);
    const hashedBefore = 64 + done;

    return function sign(tail: string): string {
      if (tail.length > 1000) {
        return `${prefix}${slow.sign(EVENT_PURPOSE, JSON.parse(payloadHead + tail))}`;
      }
      // The rest of the body: the carried head bytes and the tail, base64url-encoded.
      let t = 0;
      tailBytes.set(carry, 0);
      t = carry.length;
      if (/^[\x20-\x7e]*$/.test(tail)) {
        t = putAscii(tail, tailBytes, t);
      } else {
        const enc = encoder.encode(tail);
        tailBytes.set(enc, t);
        t += enc.length;
      }
      const bodyTail = base64url(tailBytes, t);
      // Inner hash: the saved state, then the leftover prefix bytes, the body tail and SHA-256 padding.
      state.set(base);
      buf.set(rest, 0);
      len = putAscii(bodyTail, buf, rest.length);
      const total = hashedBefore + len;
      buf[len++] = 0x80;
      while (len % 64 !== 56) {
        buf[len++] = 0;
      }
      const bits = total * 8;
      buf[len++] = 0;
      buf[len++] = 0;
      buf[len++] = 0;
      buf[len++] = Math.floor(bits / 2 ** 32) & 0xff;
      buf[len++] = (bits >>> 24) & 0xff;
      buf[len++] = (bits >>> 16) & 0xff;
      buf[len++] = (bits >>> 8) & 0xff;
      buf[len++] = bits & 0xff;
      for (let off = 0; off < len; off += 64) {
        compress(state, buf, off);
      }
      // Outer hash: the key block's state, the 32-byte inner digest and padding, one block.
      for (let i = 0; i < 8; i++) {
        const v = state[i]!;
        outer[i * 4] = v >>> 24;
        outer[i * 4 + 1] = (v >>> 16) & 0xff;
        outer[i * 4 + 2] = (v >>> 8) & 0xff;
        outer[i * 4 + 3] = v & 0xff;
      }
      outer[32] = 0x80;
      outer.fill(0, 33, 62);
      outer[62] = 0x03; // (64 + 32) * 8 = 768 bits
      outer[63] = 0x00;
      state.set(outerKey);
      compress(state, outer, 0);
      for (let i = 0; i < 4; i++) {
        const v = state[i]!;
        mac[i * 4] = v >>> 24;
        mac[i * 4 + 1] = (v >>> 16) & 0xff;
        mac[i * 4 + 2] = (v >>> 8) & 0xff;
        mac[i * 4 + 3] = v & 0xff;
      }
      return `${prefix}${bodyHead}${bodyTail}.${base64url(mac, 16)}`;
    };
  };
}
