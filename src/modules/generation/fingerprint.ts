/**
 * The fingerprint of a generation request: SHA-256 of its canonical JSON (object keys
 * sorted at every level). A retry with the same message id must carry the same
 * fingerprint; a different one is a conflicting reuse of the id (409).
 */
import { createHash } from 'node:crypto';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(canonical);
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export function requestFingerprint(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(canonical(request))).digest('hex');
}
