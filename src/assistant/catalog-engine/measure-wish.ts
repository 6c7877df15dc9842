/**
 * "samsung phone with big battery", "смартфон с большим экраном", "phone with long battery
 * life": a wish for the most of a measured attribute, said inside a search. No card says "big";
 * the search runs without those words, over a wider pool, and the products stating the most
 * (in their names, parameters or descriptions) come first.
 */
import type { WorkBudget } from '../../catalog/search/limits.ts';
import { runSearch, type SearchRequest, type SearchRun } from '../../catalog/search/relax.ts';
import type { CatalogIndex, SearchHit } from '../../catalog/search/types.ts';
import { measuredValue } from './superlatives.ts';
import type { Attribute } from './texts.ts';
import { SHELF_SIZE } from './turn.ts';

export interface MeasureWish {
  attribute: Attribute;
  /** The message without the wish ("samsung phone"). */
  rest: string;
}

/** Shelves' worth of a search's results read for the most of what a wish names. */
const POOL_SHELVES = 8;

/** A wish is said in a short message: read from the first characters only. */
const MAX_WISH_CHARS = 200;

const WISH_EN =
  /(?:\b(?:with|has|having)\s+(?:an?\s+|the\s+)?)?\b(?:big|bigger|biggest|large|larger|largest|huge|long|longer|longest|long-lasting|long lasting|more|most|lots of|plenty of)\s+(battery life|battery|screen|display|storage|memory)\b/iu;
const WISH_RU =
  /(?:(?:^|\s)(?:с|со)\s+)?(?<![а-яё])(?:большим|большой|большая|большую|огромным|огромный|огромной|ёмким|емким|ёмкий|емкий|ёмкой|емкой|ёмкая|емкая|мощным|мощный|мощной|долгоиграющим|долгоиграющий)\s+(аккумулятор[а-яё]*|батаре[а-яё]*|экран[а-яё]*|диагонал[а-яё]*|объ[её]мом памяти|памят[а-яё]*)/iu;

function attributeOf(noun: string): Attribute | null {
  if (/batter|аккумулятор|батаре/iu.test(noun)) {
    return 'battery';
  }
  if (/screen|display|экран|диагонал/iu.test(noun)) {
    return 'screen';
  }
  if (/storage|memory|памят/iu.test(noun)) {
    return 'storage';
  }
  return null;
}

/** Words a follow-up says around its wish ("а с большим экраном?", "and with a bigger battery?"). */
const FILLER = /^(?:а|и|ну|тогда|and|so|ok|okay|then|one|ones|a|an|the)$/iu;

/** The wish a message states, with the rest of the message ("" when it says nothing else); null when it states none. */
export function measureWish(text: string): MeasureWish | null {
  if (text.length > MAX_WISH_CHARS) {
    return null;
  }
  const m = WISH_EN.exec(text) ?? WISH_RU.exec(text);
  const attribute = m ? attributeOf(m[1] as string) : null;
  if (!m || attribute === null) {
    return null;
  }
  const rest = `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}`
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '' && !FILLER.test(w))
    .join(' ');
  return { attribute, rest };
}

/**
 * The search over eight shelves of its results, those stating the most of `attribute` first, the
 * most first (ties, and the hits stating nothing, in the search's order); null when none states it.
 */
export function searchMostFirst(index: CatalogIndex, request: SearchRequest, attribute: Attribute, budget: WorkBudget): SearchRun | null {
  const run = runSearch(index, request, SHELF_SIZE * POOL_SHELVES, budget);
  const valued = run.hits.map((h, i) => ({ h, i, v: measuredValue(h.product, attribute) }));
  const known = valued.filter((x) => x.v !== undefined).sort((a, b) => (b.v as number) - (a.v as number) || a.i - b.i);
  if (known.length === 0) {
    return null;
  }
  const hits: SearchHit[] = [...known.map((x) => x.h), ...valued.filter((x) => x.v === undefined).map((x) => x.h)];
  return { ...run, hits };
}
