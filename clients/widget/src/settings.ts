/**
 * The tenant's display settings (language, currency sign, message format, shop name) from
 * Aisle's `GET /widget/v1/tenants/{tenant_id}`. Not part of the shopping API, so not in the
 * client: it is the widget's own endpoint, served next to the widget script.
 */
import type { FetchLike } from '../../js/src/index.ts';
import type { Lang } from './i18n.ts';

export interface TenantSettings {
  name: string;
  language: Lang;
  currencySymbol: string | null;
  messageFormat: 'plain_text' | 'markdown';
}

const cache = new Map<string, Promise<TenantSettings | null>>();

function valid(value: unknown): value is TenantSettings {
  const v = value as Partial<TenantSettings> | null;
  return (
    typeof v === 'object' && v !== null && typeof v.name === 'string' && (v.language === 'ru' || v.language === 'en') &&
    (v.messageFormat === 'plain_text' || v.messageFormat === 'markdown') && (v.currencySymbol === null || typeof v.currencySymbol === 'string')
  );
}

/** The settings, or null when they cannot be had (then the widget falls back to the page's language). */
export function loadTenantSettings(baseUrl: string, tenant: string, fetchFn: FetchLike): Promise<TenantSettings | null> {
  const url = `${baseUrl}/widget/v1/tenants/${encodeURIComponent(tenant)}`;
  let pending = cache.get(url);
  if (!pending) {
    pending = fetchFn(url, { method: 'GET', credentials: 'omit', headers: { accept: 'application/json' } })
      .then(async (res) => {
        const body: unknown = res.ok ? await res.json() : null;
        return valid(body) ? body : null;
      })
      .catch(() => null);
    // A failure is not remembered: the next element (or a restart) asks again.
    void pending.then((s) => {
      if (!s) {
        cache.delete(url);
      }
    });
    cache.set(url, pending);
  }
  return pending;
}
