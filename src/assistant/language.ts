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
 * The language to answer in: the tenant's, unless the message is clearly in the other one
 * (an English message with no Cyrillic and at least one common English word; a Cyrillic
 * message to an English tenant). Model names alone ("iphone 15") decide nothing.
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
    if (words.some((w) => EN_WORDS.has(w))) {
      return 'en';
    }
  }
  return previous ?? tenantLanguage;
}
