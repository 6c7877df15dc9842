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
  if (base.sort !== undefined || !run.relaxed.includes('words') || (base.categoryWords?.length ?? 0) === 0) {
    return null;
  }
  const dropped = tokenize(run.droppedText ?? '').filter((w) => w !== 'для' && w !== 'for');
  if (dropped.length === 0 || dropped.length > MAX_DROPPED_WORDS || !dropped.every((w) => FOR_POWER.test(w))) {
    return null;
  }
  const strongest = runSearch(index, { ...base, text: run.text, sort: 'price_desc' }, SHELF_SIZE * NAMED_POOL, turn.budget);
  if (strongest.hits.length === 0) {
    return null;
  }
  // Those whose names say the kind, when a shelf of them does: a section may file other kinds
  // with it («ВИДЕОКАРТЫ / TV-ТЮНЕРЫ / MP3» holds a media player, which came among the cards).
  const kind = new Set((base.categoryWords ?? []).flatMap((w) => [w, ...synonymsOfAnyForm(w)]).flatMap((w) => tokenize(w)).map(stem));
  const named = strongest.hits.filter((h) => tokenize(boundText(h.product.name)).some((w) => kind.has(stem(w))));
  const hits = named.length >= Math.min(SHELF_SIZE, strongest.hits.length) ? named : strongest.hits;
  return { ...strongest, hits: hits.slice(0, SHELF_SIZE), relaxed: strongest.relaxed.filter((r) => r !== 'words'), exact: true };
}
