/**
 * Prices and dates as the tenant's language writes them. Prices follow the answers' own text
 * ("15 990 ₽", "$799", "$49.99"), so a card and the sentence above it agree.
 */
import type { Lang } from './i18n.ts';

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: Lang, cents: boolean): Intl.NumberFormat {
  const key = `${lang}:${cents}`;
  let format = formats.get(key);
  if (!format) {
    const digits = cents ? 2 : 0;
    format = new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format;
}

/** A price with the tenant's currency sign; without a known sign, the number alone. */
export function formatPrice(value: number, symbol: string | null, lang: Lang): string {
  const rounded = Math.round(value * 100) / 100;
  // Narrow no-break spaces of ru-RU grouping become ordinary no-break spaces: same look, every font has them.
  const digits = numberFormat(lang, !Number.isInteger(rounded)).format(rounded).replace(/\u202f/g, '\u00a0');
  if (!symbol) {
    return digits;
  }
  const before = lang === 'en' && (symbol === '$' || symbol === '€' || symbol === '£');
  return before ? `${symbol}${digits}` : `${digits}\u00a0${symbol}`;
}

/** A date and time for a dialog list or a snapshot, in the UI's language; the text given back when unreadable. */
export function formatDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) {
    return iso;
  }
  return date.toLocaleString(lang === 'ru' ? 'ru-RU' : 'en-US', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}
