/**
 * The language an engine answers in, shared by both engines: the tenant's, unless the
 * buyer clearly writes in the other one.
 */
import { normalizeText, tokenize } from '../catalog/search/tokenize.ts';

export type Lang = 'ru' | 'en';

const EN_WORDS = new Set([
  'the', 'a', 'an', 'for', 'with', 'i', 'me', 'my', 'show', 'want', 'need', 'looking', 'find', 'cheap', 'cheaper',
  'cheapest', 'under', 'below', 'over', 'between', 'and', 'or', 'any', 'some', 'please', 'do', 'you', 'have', 'is',
  'are', 'what', 'which', 'best', 'good', 'something', 'headphones', 'phone', 'phones', 'kettle', 'vacuum', 'cleaner',
  'laptop', 'tv', 'coffee', 'machine', 'case', 'charger', 'only', 'other', 'similar', 'goes', 'it', 'this', 'in', 'stock',
  'black', 'white', 'red', 'blue', 'wireless', 'hello', 'hi', 'thanks', 'thank', 'can', 'recommend', 'buy', 'get', 'of',
  'to', 'than', 'more', 'less', 'expensive', 'budget', 'gift', 'speaker', 'watch', 'tablet', 'cheap', 'help',
  'how', 'does', 'where', 'when', 'why', 'who', 'your', 'can', 'much', 'many', 'ship', 'shipping', 'delivery', 'deliver', 'return',
  'refund', 'exchange', 'warranty', 'pay', 'payment', 'order', 'weather', 'robot', 'human', 'thanks', 'there', 'be', 'am', 'was',
]);

/**
 * Words of EN_WORDS that are part of how products are named ("Galaxy Watch", "LG TV", "iPhone
 * 15 Black"): a buyer of a Russian shop writes them so, and one of them with a brand or a model
 * is no sign of English; two are ("black tv").
 */
const PRODUCT_NAME_WORDS = new Set(['watch', 'tv', 'black', 'white', 'red', 'blue']);

/**
 * The language to answer in: the tenant's, unless the message is clearly in the other one
 * (an English message with no Cyrillic and a common English word, or two words that also
 * name product lines; a Cyrillic message to an English tenant). Model names alone ("iphone
 * 15", "galaxy watch") decide nothing.
 */
export function detectLanguage(text: string, tenantLanguage: Lang, previous?: Lang): Lang {
  const norm = normalizeText(text);
  const cyr = (norm.match(/[а-я]/gu) ?? []).length;
  const lat = (norm.match(/[a-z]/gu) ?? []).length;
  if (cyr > 0 && cyr >= lat) {
    return 'ru';
  }
  if (cyr === 0 && lat > 0) {
    const words = tokenize(norm);
    const english = words.filter((w) => EN_WORDS.has(w));
    if (english.some((w) => !PRODUCT_NAME_WORDS.has(w)) || english.length >= 2) {
      return 'en';
    }
  }
  return previous ?? tenantLanguage;
}
