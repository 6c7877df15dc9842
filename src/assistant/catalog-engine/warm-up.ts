/**
 * Warming the catalogue engine on a newly built index, before buyers reach it.
 *
 * V8 compiles the engine's code for speed only after it has run a while, and throws that code
 * away again the first time a path it has not seen is taken; until then an answer over a large
 * catalogue runs several times slower (docs/performance.md, 2026-11-29). So the first buyers
 * after a start or a catalogue import met the slowest answers. Here the engine answers, a few
 * times over, the kinds of message buyers send, made from this catalogue's own categories,
 * brands, prices and products: searches with and without a budget or a brand, a misspelt
 * word, follow-ups, a price order, similar and matching products on a product page, the cart,
 * a question about a product, shop questions and small talk. Nothing is stored and nothing
 * leaves the process; the work is bounded by a count of answers and by time.
 */
import type { Tenant } from '../../config/tenant.ts';
import type { CatalogIndex } from '../../catalog/search/types.ts';
import type { AssistantEngine, EngineTurn, PageContext } from '../engine.ts';

/** What a warm-up did. */
export interface WarmUpReport {
  answers: number;
  ms: number;
}

interface WarmMessage {
  text: string;
  page: PageContext;
  followUp?: string;
}

/**
 * The smallest catalogue warmed up. Below it a first answer is quick anyway (its candidate loops
 * are short), and the warm-up's compiled code and caches, 15-40 MB of resident memory measured
 * with the bench's 10,000-product catalogue, would be most of what the process grows by.
 */
export const WARM_UP_MIN_PRODUCTS = 20_000;

/** How many of the catalogue's largest categories the messages are made from. */
const CATEGORIES = 6;
/**
 * How many times the set of messages is answered: three times for the process's first index,
 * as V8 optimises what runs often and the compiled code serves every index after it; once for
 * each later index, to fill what the engine keeps per index.
 */
const FIRST_ROUNDS = 3;
let warmedBefore = false;

const WORDS = {
  ru: {
    under: 'до',
    cheaper: 'а подешевле?',
    otherBrand: 'а другого бренда?',
    cheapest: 'самый дешевый',
    similar: 'покажи похожие',
    goesWith: 'что к нему подойдёт?',
    weight: 'сколько он весит?',
    cart: 'что ещё взять?',
    searchCheaper: 'покажи подешевле',
    talk: ['привет', 'спасибо!', 'как работает доставка?', 'позовите оператора', 'вертолёт'],
  },
  en: {
    under: 'under',
    cheaper: 'cheaper?',
    otherBrand: 'another brand?',
    cheapest: 'cheapest',
    similar: 'show similar',
    goesWith: 'what goes with it?',
    weight: 'how much does it weigh?',
    cart: 'what else should I get?',
    searchCheaper: 'show cheaper ones',
    talk: ['hello', 'thanks!', 'how does delivery work?', 'can I talk to a person?', 'helicopter'],
  },
} as const;

/** A few messages in the other language and script, which buyers write too. */
const OTHER_LANGUAGE = {
  ru: ['phone under 500', 'cheaper?', 'hello'],
  en: ['телефон до 5000', 'а подешевле?', 'привет'],
} as const;

/** The messages of a warm-up, made from the index: a few dozen whatever its size. */
export function warmUpMessages(index: CatalogIndex): WarmMessage[] {
  const w = WORDS[index.language];
  const home: PageContext = { type: 'HOMEPAGE' };
  const messages: WarmMessage[] = [];
  const brands = index.brands();
  const skus: string[] = [];
  for (const [i, category] of index.topCategories(CATEGORIES).entries()) {
    const text = category.toLowerCase();
    const hits = index.search(text, undefined, 6);
    const first = hits[0]?.product;
    messages.push({ text, page: home, followUp: w.cheaper });
    if (first?.price !== undefined && first.price > 0) {
      messages.push({ text: `${text} ${w.under} ${Math.ceil(first.price)}`, page: home, followUp: w.cheaper });
    }
    // A product asked for by the start of its name, as buyers name models ("Samsung Galaxy S8"),
    // with a figure: V8 compiles a pattern once for Latin-only text and once for any other.
    const named = first?.name.split(/\s+/).slice(0, 3).join(' ');
    if (named) {
      messages.push({ text: named, page: home, followUp: w.cheaper }, { text: `${named} 2`, page: home });
    }
    const brand = first?.brand ?? brands[i % Math.max(1, brands.length)];
    if (brand) {
      messages.push({ text: `${brand} ${text}`, page: home, followUp: w.otherBrand });
    }
    messages.push({ text: `${w.cheapest} ${text}`, page: home });
    // A misspelt word: the search corrects it against the catalogue's own words.
    const long = text.split(/\s+/).find((word) => word.length >= 6);
    if (long) {
      messages.push({ text: long.slice(0, 2) + long.slice(3), page: home });
    }
    messages.push({ text: w.searchCheaper, page: { type: 'SEARCH', data: text } });
    if (first) {
      skus.push(first.sku);
      const product: PageContext = { type: 'PRODUCT', data: [first.sku] };
      messages.push({ text: w.similar, page: product }, { text: w.goesWith, page: product }, { text: w.weight, page: product });
    }
  }
  if (skus.length > 0) {
    messages.push({ text: w.cart, page: { type: 'CART', data: skus.slice(0, 2) } });
  }
  for (const text of [...w.talk, ...OTHER_LANGUAGE[index.language]]) {
    messages.push({ text, page: home });
  }
  return messages;
}

/**
 * Answers the warm-up messages with `engine` on `tenant`'s index (see FIRST_ROUNDS), stopping
 * early once `maxMs` have passed. Answers are dropped; a failing answer ends the warm-up
 * (the engine is the same one buyers reach, so it fails for them too, and is logged there).
 */
export async function warmUpCatalogEngine(engine: AssistantEngine, index: CatalogIndex, tenant: Tenant, options: { maxMs: number }): Promise<WarmUpReport> {
  const started = performance.now();
  const messages = warmUpMessages(index);
  const tracking = { block: () => '', card: () => '' };
  const signal = new AbortController().signal;
  const ask = (text: string, page: PageContext, history: EngineTurn[]) =>
    engine.answer({ tenant, text, image: null, page, history, preferences: null, tracking, signal });
  let answers = 0;
  const rounds = warmedBefore ? 1 : FIRST_ROUNDS;
  warmedBefore = true;
  try {
    for (let round = 0; round < rounds; round++) {
      for (const m of messages) {
        if (performance.now() - started > options.maxMs) {
          return { answers, ms: performance.now() - started };
        }
        const first = await ask(m.text, m.page, []);
        answers++;
        if (m.followUp) {
          await ask(m.followUp, m.page, [
            { role: 'user', text: m.text },
            { role: 'assistant', text: '', state: first.state ?? null },
          ]);
          answers++;
        }
      }
    }
  } catch {
    // See above: buyers' turns report the failure.
  }
  return { answers, ms: performance.now() - started };
}
