/**
 * `GET /` (the playground page) and `GET /playground.js` (its script), served only when the
 * playground is on (`PLAYGROUND`, config.playground). Off, both paths are simply not routed.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/index.ts';
import type { CatalogRegistry } from '../../catalog/registry.ts';
import { PAGE_HEADERS } from './html.ts';
import { playgroundPage, playgroundShops } from './playground-page.ts';
import type { WidgetAssets } from './widget-assets.ts';
import { sendScript, WIDGET_PATH } from './widget-routes.ts';

export function registerPlaygroundRoutes(app: FastifyInstance, deps: { config: Config; catalogs: CatalogRegistry; assets: WidgetAssets }): void {
  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    const [widget, script] = await Promise.all([deps.assets.get('aisle-chat.js'), deps.assets.get('playground.js')]);
    const html = playgroundPage({
      shops: playgroundShops(deps.config, deps.catalogs),
      // Relative, so the page works behind a proxy that serves Aisle under a path; versioned, so an edit is never stale.
      widgetSrc: `${WIDGET_PATH.slice(1)}?v=${widget.version}`,
      scriptSrc: `playground.js?v=${script.version}`,
    });
    return reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(html);
  });

  app.get('/playground.js', { schema: { hide: true } }, async (request, reply) => sendScript(request, reply, await deps.assets.get('playground.js'), 'no-cache'));
}
