/**
 * Which products are variants of one another for the first cards of an answer: the same
 * name apart from a colour or size word ("Чехол Silicone Case iPhone 15 чёрный" and
 * "… синий"). The words dropped are the product's own colour and size parameters and the
 * colour words of the synonym table.
 */
import type { CatalogProduct } from '../product.ts';
import { isModifierWord } from './synonyms.ts';
import { tokenize } from './tokenize.ts';

const VARIANT_PARAM = /цвет|color|colour|размер|size/i;

/** The product's name without its colour and size words: equal for variants of one product. */
export function variantKey(p: CatalogProduct): string {
  const own = new Set<string>();
  for (const [k, v] of Object.entries(p.params)) {
    if (VARIANT_PARAM.test(k)) {
      for (const w of tokenize(v)) {
        own.add(w);
      }
    }
  }
  return tokenize(p.name)
    .filter((w) => !own.has(w) && !isModifierWord(w))
    .join(' ');
}
