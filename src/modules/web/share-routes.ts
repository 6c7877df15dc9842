/**
 * `GET /s/{share_token}`: the human page of a share link, the address the widget hands to
 * buyers (the API's `shared_path` stays `/dialogs/shared/{token}`, spec 2.11). It reads the
 * snapshot through the sharing service, so a link opens here exactly when it opens there, and
 * counts against the same per-address limits of public reads (spec part 8): a guesser gains
 * nothing by using both forms. Every answer is `no-store` and sends no referrer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/index.ts';
import type { CatalogRegistry } from '../../catalog/registry.ts';
import type { Limiter } from '../../limits/limiter.ts';
import type { SharingService } from '../sharing/index.ts';
import { PAGE_HEADERS } from './html.ts';
import { preferredLanguage, rateLimitedPage, sharePage, unavailablePage } from './share-page.ts';
import { tenantSettings } from './tenant-settings.ts';

export interface ShareRouteDeps {
  config: Config;
  catalogs: CatalogRegistry;
  limiter: Limiter;
  sharing: Pick<SharingService, 'read'>;
  tenantOfShare: (shareToken: string) => Promise<string | null>;
  /** The widget script's address relative to `/s/…` (with its version, so a new release is fetched). */
  scriptSrc: () => Promise<string>;
}

/** Scripts only from Aisle itself; the snapshot's pictures from anywhere; no requests of the page's own. */
const SHARE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src http: https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).headers(PAGE_HEADERS).header('Content-Security-Policy', SHARE_CSP).type('text/html; charset=utf-8').send(html);
}

export function registerShareRoutes(app: FastifyInstance, deps: ShareRouteDeps): void {
  const { config, catalogs, limiter, sharing } = deps;

  const show = async (token: string, request: FastifyRequest, reply: FastifyReply) => {
    const lang = preferredLanguage(request.headers['accept-language']);
    // The same order as the JSON read: every read counts; an address that failed too often is refused before the lookup.
    for (const verdict of [await limiter.hit('sharedRead', request.ip), await limiter.peek('sharedReadFailed', request.ip)]) {
      if (!verdict.allowed) {
        return sendPage(reply.header('Retry-After', String(verdict.retryAfterSec)), 429, rateLimitedPage(lang, verdict.retryAfterSec));
      }
    }
    const snapshotJson = await sharing.read(token);
    if (snapshotJson === null) {
      await limiter.hit('sharedReadFailed', request.ip);
      return sendPage(reply, 404, unavailablePage(lang));
    }
    const tenantId = await deps.tenantOfShare(token);
    const tenant = tenantId === null ? undefined : config.tenants.get(tenantId);
    const createdAt = (JSON.parse(snapshotJson) as { created_at: string }).created_at;
    const html = sharePage({ snapshotJson, createdAt, settings: tenant ? tenantSettings(tenant, catalogs) : null, scriptSrc: await deps.scriptSrc() });
    return sendPage(reply, 200, html);
  };

  app.get<{ Params: { share_token: string } }>('/s/:share_token', { schema: { hide: true } }, async (request, reply) => show(request.params.share_token, request, reply));
  // Addresses the route above cannot take (empty, with a slash) are links that do not open, too.
  app.get('/s/*', { schema: { hide: true } }, async (request, reply) => show('', request, reply));
}
