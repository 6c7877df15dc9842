/** The currency sign prices are written with, by both engines and the widget's tenant settings. */
import type { CatalogProduct } from '../catalog/product.ts';
import type { Tenant } from '../config/tenant.ts';

// Looked up by the feed's currency codes: a Map, so no code finds a property of Object.prototype.
const SYMBOLS: ReadonlyMap<string, string> = new Map(
  Object.entries({ RUB: '₽', RUR: '₽', USD: '$', EUR: '€', KZT: '₸', GBP: '£', PLN: 'zł', CZK: 'Kč', UAH: '₴', BYN: 'Br' }),
);

/** The currency sign to write prices with: the tenant's, else the catalogue's, else ₽/$ by language. */
export function currencySymbol(tenant: Tenant, sample: CatalogProduct | undefined): string {
  if (tenant.currencySymbol) {
    return tenant.currencySymbol;
  }
  const code = sample?.currency?.toUpperCase();
  const symbol = code === undefined ? undefined : SYMBOLS.get(code);
  if (symbol) {
    return symbol;
  }
  return code ?? (tenant.language === 'en' ? '$' : '₽');
}
