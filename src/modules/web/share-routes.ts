/**
 * `GET /s/{share_token}`: the human page of a share link, the address the widget hands to
 * buyers (the API's `shared_path` stays `/dialogs/shared/{token}`, spec 2.11). It reads the
 * snapshot through the sharing service, so a link opens here exactly when it opens there, and
 * counts against the same per-address limits of public reads (spec part 8): a guesser gains
 * nothing by using both forms. Every answer is `no-store` and sends no referrer.
 */
import type { FastifyContextConfig, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Config } from '../../config/index.ts';
import type { CatalogRegistry } from '../../catalog/registry.ts';
import { RateLimited } from '../../plugins/rate-limit.ts';
import type { SharingService } from '../sharing/index.ts';
import { PAGE_HEADERS } from './html.ts';
import { preferredLanguage, rateLimitedPage, sharePage, unavailablePage } from './share-page.ts';
import { tenantSettings } from './tenant-settings.ts';

export interface ShareRouteDeps {
  config: Config;
  catalogs: CatalogRegistry;
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

/** The share page's answer to its read limits: a page, not the API's JSON error. */
async function rateLimitedAnswer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (!(error instanceof RateLimited)) {
    // Every other failure is the app's error handler's.
    throw error;
  }
  const lang = preferredLanguage(request.headers['accept-language']);
  return sendPage(reply.header('Retry-After', String(error.retryAfterSec)), 429, rateLimitedPage(lang, error.retryAfterSec));
}

export function registerShareRoutes(app: FastifyInstance, deps: ShareRouteDeps): void {
  const { config, catalogs, sharing } = deps;
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  const show = async (token: string, request: FastifyRequest, reply: FastifyReply) => {
    const lang = preferredLanguage(request.headers['accept-language']);
    const snapshot = await sharing.read(token);
    if (snapshot === null) {
      return sendPage(reply, 404, unavailablePage(lang));
    }
    const tenantId = await deps.tenantOfShare(token);
    const tenant = tenantId === null ? undefined : config.tenants.get(tenantId);
    const snapshotJson = snapshot.toString('utf8');
    const createdAt = (JSON.parse(snapshotJson) as { created_at: string }).created_at;
    const html = sharePage({ snapshotJson, createdAt, settings: tenant ? tenantSettings(tenant, catalogs) : null, scriptSrc: await deps.scriptSrc() });
    return sendPage(reply, 200, html);
  };

  // The same preset as the JSON read, so both forms of a link count against the same limits.
  const readLimits: FastifyContextConfig = { rateLimit: ['shared-read'] };
  routes.get(
    '/s/:share_token',
    { schema: { hide: true, params: Type.Object({ share_token: Type.String() }) }, config: readLimits, errorHandler: rateLimitedAnswer },
    async (request, reply) => show(request.params.share_token, request, reply),
  );
  // Addresses the route above cannot take (empty, with a slash) are links that do not open, too.
  routes.get('/s/*', { schema: { hide: true }, config: readLimits, errorHandler: rateLimitedAnswer }, async (request, reply) => show('', request, reply));
}
