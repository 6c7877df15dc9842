/**
 * A share link whose path cannot be decoded (a broken percent-escape) is still a share link:
 * the spec gives one 404 for every link that does not open, malformed ones included, and the
 * failed read must count against the address like any other. The router would refuse such a
 * path with a 400 before any route runs, so the URL is rewritten first to a token no link can
 * have, which the share routes answer (and count) as not found.
 */

/** Paths that carry a share token: the public read and the human page. */
const SHARE_PATH_PREFIXES = ['/dialogs/shared/', '/s/'] as const;
/** Not a share token (tokens are 43 base64url characters): always "not available". */
const UNDECODABLE = '-';

/** Fastify's `rewriteUrl`: the URL unchanged, or a share path with an undecodable token replaced. */
export function rewriteMalformedSharePath(url: string): string {
  for (const prefix of SHARE_PATH_PREFIXES) {
    if (url.startsWith(prefix)) {
      const query = url.indexOf('?');
      const path = query === -1 ? url : url.slice(0, query);
      try {
        decodeURIComponent(path);
        return url;
      } catch {
        return `${prefix}${UNDECODABLE}`;
      }
    }
  }
  return url;
}
