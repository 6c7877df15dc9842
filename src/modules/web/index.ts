/**
 * Aisle's own web pages and files: the widget script and its tenant settings, the share page
 * `/s/{share_token}`, and the playground at `/` when it is on.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { SharingService } from '../sharing/index.ts';
import { registerPlaygroundRoutes } from './playground-routes.ts';
import { registerShareRoutes } from './share-routes.ts';
import { createShareTenantLookup } from './share-tenant.ts';
import { createWidgetAssets } from './widget-assets.ts';
import { registerWidgetRoutes, WIDGET_PATH } from './widget-routes.ts';

/** `sharing`: the sharing module's service, through which the share page reads links. */
export function registerWebModule(app: FastifyInstance, ctx: AppContext, sharing: SharingService): void {
  const { config, catalogs, storage } = ctx;
  const assets = createWidgetAssets();
  registerWidgetRoutes(app, { config, catalogs, assets });
  registerShareRoutes(app, {
    config,
    catalogs,
    sharing,
    tenantOfShare: createShareTenantLookup(storage.db),
    // From /s/{token}, one level up is Aisle's base, wherever a proxy mounts it.
    scriptSrc: async () => `..${WIDGET_PATH}?v=${(await assets.get('aisle-chat.js')).version}`,
  });
  if (config.playground) {
    registerPlaygroundRoutes(app, { config, catalogs, assets });
  }
}

// The shop's insights page (modules/insights) is served like these pages, with their helpers.
export { escapeHtml, htmlPage, PAGE_HEADERS } from './html.ts';
export { preferredLanguage } from './share-page.ts';
export { createWidgetAssets } from './widget-assets.ts';
export { sendScript } from './widget-routes.ts';
