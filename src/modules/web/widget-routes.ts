/**
 * The widget's own endpoints: its script at a versioned path, and the display settings of a
 * tenant that the script needs before it can speak the shop's language and currency.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Config } from '../../config/index.ts';
import type { CatalogRegistry } from '../../catalog/registry.ts';
import { sendError } from '../../plugins/error-handler.ts';
import type { WidgetAsset, WidgetAssets } from './widget-assets.ts';
import { tenantSettings } from './tenant-settings.ts';

export const WIDGET_PATH = '/widget/v1/aisle-chat.js';

/**
 * A day without asking, then a revalidation by ETag (cheap: 304). `v1` changes only with an
 * incompatible widget, so fixes within v1 must reach pages within a day, not be cached for a year.
 */
export const WIDGET_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') {
    return false;
  }
  return header
    .split(',')
    .slice(0, 20)
    .some((entry) => {
      const [name, ...params] = entry.split(';').map((s) => s.trim().toLowerCase());
      const q = params.find((p) => p.startsWith('q='));
      return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
    });
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) {
    return false;
  }
  return ifNoneMatch
    .split(',')
    .slice(0, 50)
    .some((tag) => {
      const t = tag.trim();
      return t === '*' || t === etag || t === `W/${etag}`;
    });
}

/** Sends a script with its ETag: 304 when the browser has it, gzipped when it may be. */
export function sendScript(request: FastifyRequest, reply: FastifyReply, asset: WidgetAsset, cacheControl: string): FastifyReply {
  void reply
    .header('Content-Type', 'text/javascript; charset=utf-8')
    .header('Cache-Control', cacheControl)
    .header('ETag', asset.etag)
    .header('Vary', 'Accept-Encoding')
    .header('X-Content-Type-Options', 'nosniff');
  if (matches(request.headers['if-none-match'], asset.etag)) {
    return reply.code(304).send();
  }
  if (acceptsGzip(request)) {
    return reply.header('Content-Encoding', 'gzip').send(asset.gzip);
  }
  return reply.send(asset.body);
}

export function registerWidgetRoutes(app: FastifyInstance, deps: { config: Config; catalogs: CatalogRegistry; assets: WidgetAssets }): void {
  app.get(WIDGET_PATH, { schema: { hide: true } }, async (request, reply) => sendScript(request, reply, await deps.assets.get('aisle-chat.js'), WIDGET_CACHE));

  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const params = Type.Object({ tenant_id: Type.String({ minLength: 1, maxLength: 512 }) });
  routes.get('/widget/v1/tenants/:tenant_id', { schema: { hide: true, params } }, async (request, reply) => {
    const tenant = deps.config.tenants.get(request.params.tenant_id);
    if (!tenant) {
      return sendError(reply, 404, 'NOT_FOUND', 'No such tenant');
    }
    return reply.header('Cache-Control', 'public, max-age=300').send(tenantSettings(tenant, deps.catalogs));
  });
}
