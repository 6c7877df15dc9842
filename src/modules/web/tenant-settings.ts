/**
 * What the widget and Aisle's own pages need to show a tenant's answers as its shop does:
 * the language of the interface, the currency sign of prices, the message format (history and
 * snapshots do not repeat it) and the shop's name. Nothing here is secret: it is what every
 * answer shows anyway.
 */
import type { Tenant } from '../../config/index.ts';
import type { CatalogRegistry } from '../../catalog/registry.ts';
import { currencySymbol } from '../../assistant/currency.ts';

export interface TenantSettings {
  name: string;
  language: 'ru' | 'en';
  /** The sign answers write prices with (the same rule as the engines'). */
  currencySymbol: string;
  messageFormat: 'plain_text' | 'markdown';
}

export function tenantSettings(tenant: Tenant, catalogs: CatalogRegistry): TenantSettings {
  const sample = catalogs.get(tenant.id)?.search('', undefined, 1)[0]?.product;
  return {
    name: tenant.name,
    language: tenant.language,
    currencySymbol: currencySymbol(tenant, sample),
    messageFormat: tenant.messageFormat,
  };
}
