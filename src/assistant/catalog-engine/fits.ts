/**
 * "Will it fit iphone 15 pro?", "а он подойдёт к iphone 6s?" after cases: whether the products
 * just shown (or the page's product) say they are for that model, read from their names and the
 * start of their descriptions, as a shop assistant reads the box: the ones that name it, or that
 * none does.
 */
import type { CatalogProduct } from '../../catalog/product.ts';
import { numberOnlyInOtherModels } from '../../catalog/search/expansion.ts';
import { boundText } from '../../catalog/search/limits.ts';
import { hasDigit, tokenize } from '../../catalog/search/tokenize.ts';
import type { EngineResult } from '../engine.ts';
import type { EngineState } from '../engine-state.ts';
import { shortName } from './texts.ts';
import { result, type Turn } from './turn.ts';

/** A fit question is short: read from its first characters only. */
const MAX_FIT_QUESTION_CHARS = 100;
/** The model named is a few words ("iphone 15 pro max", "galaxy s7 edge"). */
const MAX_TARGET_WORDS = 4;
/** How much of a card's description is read for the models it names. */
const DESCRIPTION_READ = 300;

/** The verb of a fit question and the words up to the model ("will it fit", "подойдёт ли к"). */
const FIT_WORDS = /(?:^|[^\p{L}])(?:fit|fits|work\s+with|works\s+with|compatible\s+with|go\s+with|подходит|подходят|подойдет|подойдёт|подойдут|совместим\p{L}*)(?=[^\p{L}]|$)/iu;
/** Words between the verb and the model, and around it. */
const FILLER = new Set(['ли', 'к', 'ко', 'с', 'со', 'для', 'на', 'моему', 'моей', 'мой', 'мою', 'мне', 'он', 'она', 'оно', 'они', 'my', 'the', 'a', 'an', 'to', 'with', 'on', 'in', 'it', 'them', 'this', 'that']);

/** The model said before the verb, after "к"/"для"/"с" ("а к iphone 15", "а он для fenix 7"). */
const MODEL_FIRST = /^(?:а|и|ну)?\s*(?:(?:он|она|оно|они|это|этот|эта|эти)\s+)?(?:к|ко|для|с|со)\s+(.+?)\s*(?:\s(?:он|она|оно|они|ли))?$/iu;

/** The model a fit question names: its words (one with a digit at least) and as the buyer wrote them. */
export interface FitTarget {
  words: string[];
  said: string;
}

/** The model a fit question asks about ("will it fit iphone 15 pro?" → iphone 15 pro), or null. */
export function fitTarget(text: string): FitTarget | null {
  if (text.length > MAX_FIT_QUESTION_CHARS) {
    return null;
  }
  const m = FIT_WORDS.exec(text);
  if (!m) {
    return null;
  }
  // Russian may name the model first: "а к iphone 15 подойдёт?", "а он к fenix 7 подходит?".
  const before = MODEL_FIRST.exec(text.slice(0, m.index).trim());
  const after = before && !tokenize(text.slice(m.index + m[0].length)).some(hasDigit) ? (before[1] as string) : text.slice(m.index + m[0].length);
  const words = tokenize(after)
    .filter((w) => !FILLER.has(w))
    .slice(0, MAX_TARGET_WORDS);
  if (words.length === 0 || !words.some(hasDigit)) {
    return null;
  }
  const said = after.replace(/[?!.]+\s*$/u, '').trim().split(/\s+/u).filter((w) => !FILLER.has(w.toLowerCase())).slice(0, MAX_TARGET_WORDS).join(' ');
  return { words, said };
}

/**
 * Whether a product's name or description names the model: every word of it, and its number
 * not only as part of another model ("iPhone 6 Plus" names no iPhone 6; "iPhone 6 and 6s" does).
 */
export function namesModel(p: CatalogProduct, target: FitTarget): boolean {
  const words = tokenize(`${boundText(p.name)} ${(p.description ?? '').slice(0, DESCRIPTION_READ)}`);
  const have = new Set(words);
  if (!target.words.every((w) => have.has(w))) {
    return false;
  }
  const asked = new Set(target.words);
  return !target.words.filter(hasDigit).some((n) => numberOnlyInOtherModels(words, n, asked));
}

/** The answer to a fit question about these products: those that name the model, or that none does. */
export function fitAnswer(turn: Turn, products: CatalogProduct[], target: FitTarget, prev: EngineState | null): EngineResult {
  const { t, req } = turn;
  const fitting = products.filter((p) => namesModel(p, target));
  // The search stays what it was: "cheaper" after it is cheaper than what was shown.
  const state = prev;
  if (fitting.length === 0) {
    return result(turn, { message: t.fitsNone(target.said, products.length, req.tenant.supportChat), ...(req.tenant.supportChat ? { supportButton: t.supportButton } : {}) }, state);
  }
  return result(
    turn,
    {
      message: t.fitsSome(target.said, fitting.map((p) => shortName(p)), products.length - fitting.length),
      shelf: { products: fitting, title: t.titleFits(target.said), shelfId: 'aisle-fits', sourceQuery: turn.text },
    },
    state,
  );
}

/** Words joining an item to what it is for, in a search's label ("чехол для iphone 15"). */
const FOR_WORDS: ReadonlySet<string> = new Set(['для', 'for', 'к']);

/**
 * The last search for the model a fit question named instead ("phone case" and "iphone 7" →
 * "phone case for iphone 7", "чехол для iphone 15" and "iphone 14" → "чехол для iphone 14"):
 * what the shop has that fits when nothing shown does. Null when the label names no item.
 */
export function fitSearchText(label: readonly string[], target: FitTarget, lang: 'ru' | 'en'): string | null {
  const at = label.findIndex((w, i) => i > 0 && FOR_WORDS.has(w.toLowerCase()));
  const item = (at > 0 ? label.slice(0, at) : label).slice(0, MAX_TARGET_WORDS);
  if (item.length === 0) {
    return null;
  }
  return `${item.join(' ')} ${lang === 'ru' ? 'для' : 'for'} ${target.said}`;
}
