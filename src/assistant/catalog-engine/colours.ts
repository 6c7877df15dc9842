/**
 * "What colors does it come in?", "какие есть цвета?": the colours the shop has one product in,
 * from its other offers of the same name, and those offers as cards. Before, such a question
 * was searched for as words ("iPhone 7 Plus colors come": other cases) or answered "the card
 * does not say", though the catalogue lists the product in nine colours.
 */
import type { CatalogProduct } from '../../catalog/product.ts';
import type { CatalogIndex } from '../../catalog/search/types.ts';
import { splitLastPart } from '../../catalog/search/variants.ts';
import type { EngineResult } from '../engine.ts';
import type { EngineState } from '../engine-state.ts';
import { shortName } from './texts.ts';
import { result, SHELF_SIZE, type Turn } from './turn.ts';

/** Such a question is short: read from the first characters only. */
const MAX_QUESTION_CHARS = 100;
const COLOURS_ASKED =
  /(?:^|[^\p{L}])(?:(?:what|which)\s+colou?rs?|colou?rs?\s+(?:does|do|is|are|options|available)|in\s+(?:what|which|other|another)\s+colou?rs?|other\s+colou?rs?|какие\s+(?:есть\s+|бывают\s+)?цвета|в\s+как(?:ом|их)\s+цвет(?:е|ах)|какого\s+цвета\s+(?:есть|бывает|бывают)|(?:другие|другой|есть\s+ли\s+другие)\s+цвета?|другого\s+цвета|какие\s+расцветки|в\s+другом\s+цвете)(?=[^\p{L}]|$)/iu;

/** Whether a message asks which colours a product comes in. */
export function asksColours(text: string): boolean {
  return text.length <= MAX_QUESTION_CHARS && COLOURS_ASKED.test(text);
}

/** A colour written as a name's last part is short. */
const MAX_COLOUR_CHARS = 40;
const COLOUR_PARAM = /^(?:цвет|colou?r|product_colou?r)/iu;
/** Offers of one product looked at: a search of its name, at most this many. */
const OFFERS_READ = 48;
const MAX_COLOURS_NAMED = 12;

/** The colour an offer is in: its colour parameter, else the last part of its name. */
function colourOf(p: CatalogProduct): string | undefined {
  for (const key in p.params) {
    if (COLOUR_PARAM.test(key)) {
      const v = String(p.params[key]).trim();
      if (v !== '') {
        return v.slice(0, MAX_COLOUR_CHARS);
      }
    }
  }
  const last = splitLastPart(p.name)?.last;
  return last !== undefined && last.length >= 1 && last.length <= MAX_COLOUR_CHARS ? last.trim() : undefined;
}

/** The name without its colour part (`colour`, the offer's): equal for one product's offers. */
function baseName(p: CatalogProduct, colour: string | undefined): string {
  const split = splitLastPart(p.name);
  return split && colour !== undefined && split.last.trim() === colour ? split.base : p.name;
}

/**
 * The colours of `product` (the page's, or the first card shown): its offers named the same but
 * for the colour, first the one asked about; in one colour, that one. Null when the colour cannot
 * be told from its name and parameters: the card answers that question.
 */
export function coloursAnswer(turn: Turn, index: CatalogIndex, product: CatalogProduct, prev: EngineState | null): EngineResult | null {
  const own = colourOf(product);
  if (own === undefined) {
    return null;
  }
  const base = baseName(product, own);
  const offers = [product];
  const colours = new Set([own.toLowerCase()]);
  for (const hit of index.search(base, {}, OFFERS_READ, { budget: turn.budget })) {
    const p = hit.product;
    const colour = p.sku === product.sku ? undefined : colourOf(p);
    if (colour !== undefined && baseName(p, colour) === base && !colours.has(colour.toLowerCase())) {
      colours.add(colour.toLowerCase());
      offers.push(p);
    }
  }
  const name = shortName({ ...product, name: base });
  // The search the buyer is in stays what "cheaper" or "the second one" refer to.
  if (offers.length < 2) {
    return result(turn, { message: turn.t.oneColour(name, own), shelf: { products: offers, title: turn.t.titleColours(name), shelfId: 'aisle-colours', sourceQuery: turn.text } }, prev);
  }
  const named = offers.slice(0, MAX_COLOURS_NAMED).map((p) => colourOf(p) as string);
  const more = offers.length - named.length;
  return result(
    turn,
    {
      message: turn.t.colours(name, named, more),
      shelf: { products: offers.slice(0, SHELF_SIZE), title: turn.t.titleColours(name), shelfId: 'aisle-colours', sourceQuery: turn.text },
    },
    prev,
  );
}
