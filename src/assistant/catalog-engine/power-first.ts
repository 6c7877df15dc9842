/**
 * "видеокарта для игр до 30 тысяч", "laptop for gaming": where no card names games, the search
 * dropped the word and showed the kind in the shop's order — a 590 ₽ AGP card first for a gamer
 * with 30 000 ₽. For games what matters is power, which the dearer models of a kind have: the
 * kind within the budget, the dearest first, saying why.
 */
import { runSearch, type SearchRequest, type SearchRun } from '../../catalog/search/relax.ts';
import type { CatalogIndex } from '../../catalog/search/types.ts';
import { tokenize } from '../../catalog/search/tokenize.ts';
import { stem } from '../../catalog/search/stem.ts';
import { synonymsOfAnyForm } from '../../catalog/search/synonyms.ts';
import { boundText } from '../../catalog/search/limits.ts';
import { SHELF_SIZE, type Turn } from './turn.ts';

/** Words of a purpose that asks for power: games and those who play them. */
const FOR_POWER = /^(?:игр\p{L}*|геймер\p{L}*|гейминг\p{L}*|gaming|games?|gamers?)$/u;
/** How many shelves of the dearest are read for those whose names say the kind. */
const NAMED_POOL = 3;
/** A dropped purpose is a word or two ("игр", "для игр"). */
const MAX_DROPPED_WORDS = 3;

/**
 * The kind asked for, the dearest first, when the words the search had to drop are only a
 * purpose asking for power; null otherwise (a price order asked for, other words dropped, no kind).
 */
export function strongestOfKind(turn: Turn, index: CatalogIndex, base: SearchRequest, run: SearchRun): SearchRun | null {
  // The words dropped, or, where no card matched every word, the words searched («ноутбук для игр»
  // on a shop whose four laptops have no section of their own and none says games). Most searches
  // say no word of games: the kind is not looked up for them.
  const relaxed = run.relaxed.includes('words');
  const unmatched = base.sort !== undefined ? [] : relaxed ? tokenize(run.droppedText ?? '') : !run.exact && run.hits.length > 0 && !run.hits.some((h) => (h.coverage ?? 1) >= 1) ? tokenize(run.text) : [];
  if (!unmatched.some((w) => FOR_POWER.test(w))) {
    return null;
  }
  const kind = kindWords(index, { ...base, text: run.text });
  if (kind.length === 0) {
    return null;
  }
  const kindStems = new Set(kind.flatMap((w) => tokenize(w)).map(stem));
  const dropped = (relaxed ? unmatched : unmatched.filter((w) => !kindStems.has(stem(w)))).filter((w) => w !== 'для' && w !== 'for');
  if (dropped.length === 0 || dropped.length > MAX_DROPPED_WORDS || !dropped.every((w) => FOR_POWER.test(w))) {
    return null;
  }
  return dearestOfKind(turn, index, { ...base, text: relaxed ? run.text : unmatched.filter((w) => kindStems.has(stem(w))).join(' ') });
}

/**
 * The search of `request` ordered dearest first, keeping those whose names say the kind asked for
 * when a shelf of them does; null when nothing is found. "а подешевле?" after such a shelf asks
 * for the same within the lower bound (`refine.ts` keeps the order): the AGP card for 590 ₽ came
 * first, the power asked for forgotten.
 */
export function dearestOfKind(turn: Turn, index: CatalogIndex, request: SearchRequest): SearchRun | null {
  const strongest = runSearch(index, { ...request, sort: 'price_desc' }, SHELF_SIZE * NAMED_POOL, turn.budget);
  if (strongest.hits.length === 0) {
    return null;
  }
  // Those whose names say the kind, when a shelf of them does: a section may file other kinds
  // with it («ВИДЕОКАРТЫ / TV-ТЮНЕРЫ / MP3» holds a media player, which came among the cards).
  const kind = new Set(kindWords(index, request).flatMap((w) => [w, ...synonymsOfAnyForm(w)]).flatMap((w) => tokenize(w)).map(stem));
  const named = strongest.hits.filter((h) => tokenize(boundText(h.product.name)).some((w) => kind.has(stem(w))));
  const hits = named.length >= Math.min(SHELF_SIZE, strongest.hits.length) ? named : strongest.hits;
  return { ...strongest, hits: hits.slice(0, SHELF_SIZE), relaxed: strongest.relaxed.filter((r) => r !== 'words'), exact: true };
}

/**
 * The words naming the kind a request asks for: those that named its section, else its product
 * word when products here are of it ("ноутбук" on a shop whose laptops have no section of their own).
 */
function kindWords(index: CatalogIndex, request: SearchRequest): string[] {
  if ((request.categoryWords?.length ?? 0) > 0) {
    return request.categoryWords as string[];
  }
  const word = index.productWord(request.text);
  return word !== null && word.known && word.kind ? [word.head] : [];
}

/** Words a follow-up asking for games may say besides them ("а чтобы игры тянул?", "can it handle games?"). */
const GAMES_FILLER = new Set([
  'а', 'и', 'чтобы', 'чтоб', 'бы', 'он', 'она', 'они', 'для', 'можно', 'нормально', 'хорошо', 'современные', 'новые', 'тяжёлые', 'тяжелые',
  'тянул', 'тянула', 'тянули', 'тянет', 'тянут', 'потянет', 'потянул', 'потянут', 'шли', 'шла', 'шёл', 'шел', 'идут', 'пойдут', 'запускал', 'запускает', 'поиграть',
  'can', 'could', 'it', 'they', 'handle', 'handles', 'run', 'runs', 'play', 'playing', 'for', 'good', 'is', 'are', 'a', 'the', 'something', 'one', 'will', 'able', 'to', 'modern', 'new', 'heavy', 'any', 'also', 'too',
]);
/** A follow-up asking for games is a few words. */
const MAX_GAMES_FOLLOW_UP_WORDS = 8;
const MAX_GAMES_FOLLOW_UP_CHARS = 200;

/**
 * Whether a follow-up asks for the kind just shown to be fit for games and says nothing else:
 * "а чтобы игры тянул?" after «ноутбук для учебы» (it searched «игры тянул» and said nothing
 * matched «учебы»), "can it handle games?", "а для игр?".
 */
export function asksForGames(message: string): boolean {
  const text = boundText(message).slice(0, MAX_GAMES_FOLLOW_UP_CHARS);
  if (!/игр|геймер|гейминг|gam/iu.test(text)) {
    return false;
  }
  const words = tokenize(text);
  return words.length > 0 && words.length <= MAX_GAMES_FOLLOW_UP_WORDS && words.some((w) => FOR_POWER.test(w)) && words.every((w) => FOR_POWER.test(w) || GAMES_FILLER.has(w));
}
