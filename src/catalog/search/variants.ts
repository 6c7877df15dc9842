/**
 * Which products are variants of one another for the first cards of an answer: the same
 * name apart from a colour or size word ("Чехол Silicone Case iPhone 15 чёрный" and
 * "… синий"). The words dropped are the product's own colour and size parameters, the
 * colour words of the synonym table, and what follows a model number near the start of
 * the name (finishes and colours: "Forerunner 265 Amoled Black Bezel…").
 */
import type { CatalogProduct } from '../product.ts';
import { isModifierWord } from './synonyms.ts';
import { hasDigit, tokenize } from './tokenize.ts';

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
  const words = tokenize(p.name).filter((w) => !own.has(w) && !isModifierWord(w));
  // What follows the model number is finish and colour ("Forerunner 265 Amoled Black
  // Bezel with Aqua Case…"): the name up to it names the product.
  const model = words.findIndex((w, i) => i > 0 && i < MODEL_WITHIN && hasDigit(w));
  return (model === -1 ? words : words.slice(0, model + 1)).join(' ');
}

/** A name's last part after " - " or ", ", where shops write an offer's colour or size ("… Silicone Case - Black", "…, чёрный"). */
const LAST_PART = /(?:\s[-–—]\s|,\s)([^-–—,]*)$/u;

/** A name as what comes before its last part and that part ("Apple - iPhone® 7 Plus Silicone Case", "Black"); null when it has none. */
export function splitLastPart(name: string): { base: string; last: string } | null {
  const m = LAST_PART.exec(name);
  return m ? { base: name.slice(0, m.index), last: m[1] as string } : null;
}

/** A model number this far into a name ends the part that names the product. */
const MODEL_WITHIN = 6;

/**
 * Cards already placed, told apart by what a card shows: name and price. One model a shop lists
 * under several offers has equal cards, which the buyer should see once. Keyed by the name as
 * the feed writes it (no string is built per product).
 */
export class SeenCards {
  private readonly byName = new Map<string, CatalogProduct[]>();

  /** The product already placed with the same card as `p`, if any. */
  same(p: CatalogProduct): CatalogProduct | undefined {
    return this.byName.get(p.name)?.find((q) => q.price === p.price);
  }

  add(p: CatalogProduct): void {
    const list = this.byName.get(p.name);
    if (list) {
      list.push(p);
    } else {
      this.byName.set(p.name, [p]);
    }
  }

  /** `p` stands for the card `old` had. */
  replace(old: CatalogProduct, p: CatalogProduct): void {
    const list = this.byName.get(p.name);
    if (list) {
      list[list.indexOf(old)] = p;
    }
  }
}
