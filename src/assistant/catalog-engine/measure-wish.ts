/**
 * "samsung phone with big battery", "смартфон с большим экраном", "тихий кондиционер", and
 * after a search "а помощнее?", "something lighter?", "а побольше?": a wish for the most (or
 * the least) of a measured attribute. No card says "big" or "помощнее"; the search runs without
 * those words, over a wider pool, and the products stating the most (in their names,
 * parameters or descriptions) come first.
 */
import type { WorkBudget } from '../../catalog/search/limits.ts';
import { runSearch, type SearchRequest, type SearchRun } from '../../catalog/search/relax.ts';
import type { CatalogIndex, SearchHit } from '../../catalog/search/types.ts';
import { SeenCards } from '../../catalog/search/variants.ts';
import { mostFirst, RAM_WORDS, stated } from './superlatives.ts';
import type { Attribute } from './texts.ts';
import { SHELF_SIZE } from './turn.ts';

/**
 * What a wish measures: an attribute, or "size" ("the biggest one?", and "a smaller one?" after
 * phones whose names state no size, which "а побольше?" against the sizes shown in refine.ts
 * cannot compare).
 */
type Measured = Exclude<Attribute, 'price'> | 'size';

export interface MeasureWish {
  attribute: Measured;
  /** The most is wanted (a bigger battery, more power); else the least (lighter, quieter). */
  most: boolean;
  /** Said by an adjective that may mean something else ("лёгкий", "quiet"): see `ALONE`. */
  plain?: boolean;
  /** A wish only beside what it is about ("телевизор побольше"), not alone after a search. */
  withItem?: boolean;
  /** Said in words no card says ("потише", "lighter", "не шумит"): with no card stating the measure, the item is searched without them. */
  unsaid?: boolean;
  /** The message without the wish ("samsung phone"). */
  rest: string;
}

/** Shelves' worth of a search's results read for the most of what a wish names. */
const POOL_SHELVES = 8;

/** A wish is said in a short message: read from the first characters only. */
const MAX_WISH_CHARS = 200;

// Word edges for both alphabets ("больше" is not inside "небольшой").
const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';
const L = '\\p{L}*';

/** Nouns of a measured attribute; `attributeOf` reads which. */
const NOUN = `(?:объ[её]м${L}\\s+)?(?:оперативн${L}(?:\\s+памят${L})?|оперативк${L}|озу|ram)|battery life|battery|screen|display|storage|memory|capacity|volume|power|аккумулятор${L}|батаре${L}|автономност${L}|экран${L}|диагонал${L}|объ[её]мом памяти|памят${L}|накопител${L}|объ[её]м${L}|вместимост${L}|мощност${L}`;
const MORE = `big|bigger|biggest|large|larger|largest|huge|long|longer|longest|long-lasting|long lasting|more|most|lots of|plenty of|greater|higher|больш${L}|побольше|огромн${L}|[её]мк${L}|мощн${L}|долг${L}|долгоиграющ${L}|подольше|дольше`;
const LESS = `small|smaller|smallest|less|least|lower|compact|меньш${L}|поменьше|маленьк${L}|небольш${L}|компактн${L}`;
/** Words saying an item is big, or small, in themselves ("большой чайник", "a small tv"). */
const BIG_WORD = `big|large|huge|больш(?:ой|ая|ое|ие|ого|ую|им)|огромн${L}|крупн(?:ый|ая|ое|ые|ого|ую)`;
const SMALL_WORD = `small|little|tiny|compact|маленьк${L}|небольш${L}|компактн${L}`;
const WITH = `(?:${B}(?:with|has|having|с|со)\\s+(?:an?\\s+|the\\s+)?)?`;
/** Never a bound: "больше 300 л", "more than 5". */
const NOT_A_BOUND = '(?!\\s*(?:\\d|than|чем))';

/** A size said of what the item is for or of whom: "for a small office", "for a big family", "маленькой семьи". */
const NOT_SAID_OF = `(?!\\s+(?:office|offices|business|businesses|team|teams|family|families|dogs?|cats?|pets?|kids?|children|hands?|groups?|офис${L}|бизнес${L}|сем${L}|собак${L}|кош${L}|дет${L}|рук${L}|компани${L}))`;

/** "with a bigger battery", "с большим экраном", "побольше объёмом", "меньше памяти". */
const AMOUNT_NOUN = new RegExp(`${WITH}${B}(?<amount>${MORE}|${LESS})\\s+(?<noun>${NOUN})${E}${NOT_A_BOUND}`, 'iu');
/** "с памятью побольше", "экраном поменьше", "battery bigger". */
const NOUN_AMOUNT = new RegExp(`${WITH}${B}(?<noun>${NOUN})\\s+(?<amount>${MORE}|${LESS})${E}${NOT_A_BOUND}`, 'iu');
const IS_LESS = new RegExp(`^(?:${LESS})$`, 'iu');

/**
 * Words that are a wish by themselves, with what they measure. `plain` marks an adjective that
 * may also describe the item otherwise ("лёгкий крем" is a light cream, not one of little
 * weight): with no card stating the measure it is read as any other word.
 */
const ALONE: ReadonlyArray<{ words: RegExp; attribute: Measured; most: boolean; plain?: boolean; withItem?: boolean; unsaid?: boolean }> = [
  // "phone with a good camera", "смартфон с хорошей камерой", "камера получше": the most megapixels the cards state.
  { words: new RegExp(`(?:${B}with\\s+(?:an?\\s+)?)?${B}(?:good|great|best|better|excellent|nice|decent|high[- ]resolution)\\s+cameras?${E}`, 'iu'), attribute: 'camera', most: true },
  { words: new RegExp(`(?:${B}(?:с|со)\\s+)?${B}(?:хорош${L}|отличн${L}|лучш${L}|классн${L}|мощн${L})\\s+камер${L}${E}`, 'iu'), attribute: 'camera', most: true },
  { words: new RegExp(`${B}(?:с\\s+)?камер${L}\\s+(?:получше|лучше|покруче)${E}`, 'iu'), attribute: 'camera', most: true },
  // "best phone for photos", «смартфон для фото», "to take pictures": the camera, as "a good camera" is.
  // "i mostly take photos", "I take a lot of pictures", «я много фотографирую» after phones: the same.
  { words: new RegExp(`${B}(?:for\\s+(?:taking\\s+)?(?:good\\s+)?(?:photos|pictures|photography|selfies)|to\\s+take\\s+(?:good\\s+)?(?:photos|pictures|selfies)|(?:i\\s+)?(?:mostly\\s+|often\\s+|usually\\s+)?take\\s+(?:a\\s+lot\\s+of\\s+|lots\\s+of\\s+|many\\s+)?(?:photos|pictures|selfies))${E}`, 'iu'), attribute: 'camera', most: true, unsaid: true },
  { words: new RegExp(`${B}(?:для\\s+(?:фото|фотографий|фотосъ[её]мки|съ[её]мки|селфи)|чтобы\\s+(?:хорошо\\s+)?(?:фотографировал${L}|снимал${L}|фоткал${L})|(?:я\\s+)?(?:много\\s+|часто\\s+|в\\s+основном\\s+)?(?:фотографирую|фоткаю|снимаю\\s+(?:фото|видео)))${E}`, 'iu'), attribute: 'camera', most: true, unsaid: true },
  // «чтобы долго держал заряд», «с хорошей автономностью», "good battery life": the longest-lasting first.
  { words: new RegExp(`${B}(?:долго\\s+держал${L}\\s+заряд|держал${L}\\s+заряд\\s+долго|(?:хорош${L}|отличн${L})\\s+(?:автономност${L}|батаре${L}|аккумулятор${L})|(?:good|great|excellent)\\s+battery(?:\\s+life)?)${E}`, 'iu'), attribute: 'battery', most: true, unsaid: true },
  { words: new RegExp(`${B}(?:more powerful|most powerful|(?:по)?мощнее|мощней)${E}`, 'iu'), attribute: 'power', most: true, unsaid: true },
  { words: new RegExp(`${B}(?:powerful|мощн(?:ый|ая|ое|ые|ого|ую|ым|ой|ых))${E}`, 'iu'), attribute: 'power', most: true, plain: true },
  // Not a colour ("a lighter shade", "светлее" is another word).
  { words: new RegExp(`${B}(?:lighter|lightest|(?:по)?легче)${E}(?!\\s+(?:shade|colou?r|tone|finish|blue|grey|gray|green|pink|brown|wood))`, 'iu'), attribute: 'weight', most: false, unsaid: true },
  { words: new RegExp(`${B}(?:lightweight|light-weight|л[её]гк(?:ий|ая|ое|ие|ого|ую|им|ой|их))${E}`, 'iu'), attribute: 'weight', most: false, plain: true },
  // "a laptop that's not too heavy", «не слишком тяжёлый»: the lightest first (it said nothing matched "not heavy").
  { words: new RegExp(`${B}(?:not|не)\\s+(?:(?:too|very|so|that|слишком|очень|сильно)\\s+)?(?:heavy|тяж[её]л${L})${E}`, 'iu'), attribute: 'weight', most: false, unsaid: true },
  { words: new RegExp(`${B}(?:quieter|quietest|less noisy|(?:по)?тише)${E}`, 'iu'), attribute: 'noise', most: false, unsaid: true },
  { words: new RegExp(`${B}(?:quiet|silent|бесшумн${L}|тих(?:ий|ая|ое|ие|ого|ую|им|ой|их))${E}`, 'iu'), attribute: 'noise', most: false, plain: true },
  // "чтобы не шумел", "не шумный", "not noisy", "that doesn't make much noise": the quietest, whatever the cards state.
  { words: new RegExp(`${B}(?:не\\s+(?:шумел${L}|шумит|шумят|шумн${L}|громк${L})|нешумн${L}|not\\s+(?:too\\s+|very\\s+|so\\s+)?(?:noisy|loud)|(?:doesn['’]?t|does\\s+not|don['’]?t|won['’]?t)\\s+make\\s+(?:much\\s+|a\\s+lot\\s+of\\s+)?noise)${E}`, 'iu'), attribute: 'noise', most: false, unsaid: true },
  // "поуже", never "уже", which is "already".
  { words: new RegExp(`${B}(?:narrower|slimmer|поуже)${E}`, 'iu'), attribute: 'width', most: false, unsaid: true },
  { words: new RegExp(`${B}(?:wider|(?:по)?шире)${E}`, 'iu'), attribute: 'width', most: true, unsaid: true },
  // Only the comparative and the superlative: "long" may be a style ("long dress"), "короче" is
  // "in short". Beside an item ("a longer cable"); alone ("a longer one?") refine.ts compares
  // with the lengths shown, and superlatives.ts answers "the longest one?".
  { words: new RegExp(`${B}(?:longer|longest|(?:по)?длиннее|сам(?:ый|ая|ое|ые|ого|ую|ой|ым)\\s+длинн${L})${E}`, 'iu'), attribute: 'length', most: true, withItem: true },
  { words: new RegExp(`${B}(?:shorter|shortest|покороче|сам(?:ый|ая|ое|ые|ого|ую|ой|ым)\\s+коротк${L})${E}`, 'iu'), attribute: 'length', most: false, withItem: true },
  { words: new RegExp(`${B}(?:roomier|(?:по)?вместительнее)${E}`, 'iu'), attribute: 'volume', most: true, unsaid: true },
  { words: new RegExp(`${B}вместительн${L}${E}`, 'iu'), attribute: 'volume', most: true, plain: true },
  // "кондиционер для большой комнаты": the room area the products are rated for.
  { words: new RegExp(`(?:${B}(?:для|на)\\s+)?${B}(?:больш${L}|просторн${L})\\s+(?:комнат${L}|квартир${L}|гостин${L}|помещени${L}|спальн${L}|зал${L})${E}`, 'iu'), attribute: 'area', most: true },
  { words: new RegExp(`(?:${B}(?:для|на)\\s+)?${B}(?:маленьк${L}|небольш${L})\\s+(?:комнат${L}|квартир${L}|помещени${L}|спальн${L})${E}`, 'iu'), attribute: 'area', most: false },
  { words: new RegExp(`(?:${B}for\\s+(?:an?\\s+)?)?${B}(?:large|big|larger|bigger|huge)\\s+(?:rooms?|spaces?|apartments?|living rooms?)${E}`, 'iu'), attribute: 'area', most: true },
  { words: new RegExp(`(?:${B}for\\s+(?:an?\\s+)?)?${B}(?:small|smaller|tiny)\\s+(?:rooms?|spaces?|apartments?|bedrooms?)${E}`, 'iu'), attribute: 'area', most: false },
  // "the biggest one?", "самый большой телевизор": the size the products state, a screen or a capacity.
  { words: new RegExp(`${B}(?:biggest|largest|сам(?:ый|ая|ое|ые|ого|ую|ой|ым)\\s+(?:больш|крупн)${L})${E}`, 'iu'), attribute: 'size', most: true },
  { words: new RegExp(`${B}(?:smallest|сам(?:ый|ая|ое|ые|ого|ую|ой|ым)\\s+(?:маленьк|компактн)${L})${E}`, 'iu'), attribute: 'size', most: false },
  // "хочу телевизор побольше": a size wish, not a word to find ("«побольше» в каталоге не нашлось"). Never a bound ("побольше 55 дюймов").
  // Alone after a search ("а побольше?") it asks for more than the sizes shown: refine.ts.
  { words: new RegExp(`${B}(?:побольше|покрупнее|bigger|larger)${E}${NOT_A_BOUND}`, 'iu'), attribute: 'size', most: true, withItem: true },
  { words: new RegExp(`${B}(?:поменьше|покомпактнее|smaller)${E}${NOT_A_BOUND}`, 'iu'), attribute: 'size', most: false, withItem: true },
  // "not too big", "не слишком большой": a small one, the smallest first (it read "big" and put the biggest first).
  { words: new RegExp(`${B}(?:not|не)\\s+(?:(?:too|very|so|that|слишком|очень|сильно)\\s+)?(?:big|large|huge|больш(?:ой|ая|ое|ие|ого|ую|им)|огромн${L})${E}`, 'iu'), attribute: 'size', most: false, plain: true, withItem: true },
  // "большой чайник", "маленький телевизор для кухни", "a large air fryer": the biggest (or the
  // smallest) the cards state first; with none stating a size, a word as any other. Not the size
  // of whom or what it is for ("for a small office", "для большой семьи" is said of a family).
  { words: new RegExp(`${B}(?:${BIG_WORD})${E}${NOT_SAID_OF}`, 'iu'), attribute: 'size', most: true, plain: true, withItem: true },
  { words: new RegExp(`${B}(?:${SMALL_WORD})${E}${NOT_SAID_OF}`, 'iu'), attribute: 'size', most: false, plain: true, withItem: true },
];

/**
 * Words one of which every pattern above needs (a noun of `NOUN`, or a word of one of `ALONE`'s
 * patterns), as plain stems: a message with none states no wish, and the patterns, with their
 * word edges in both alphabets, are not run on it (30 µs of an answer's 750, docs/performance.md).
 */
const CUE = /camer|камер|photo|pictur|selfie|фото|селфи|съ[её]мк|снимал|фоткал|заряд|powerf|мощн|light|heavy|тяж|легч|л[её]гк|quiet|silent|nois|loud|тише|тих|бесшумн|шум|громк|narrow|slim|поуже|wide|шире|long|длин|short|корот|короч|roomi|вместит|больш|просторн|маленьк|небольш|large|big|small|tiny|huge|крупн|компакт|compact|little|огромн|меньш|ram|озу|оператив|batter|screen|display|storage|memory|capacit|volume|power|аккумулятор|батаре|автономн|экран|диагонал|памят|накопител|объ[её]м/i;

function attributeOf(noun: string): Measured | null {
  // Before storage: "оперативной памяти" says "памяти" too.
  if (RAM_WORDS.test(noun)) {
    return 'ram';
  }
  if (/batter|аккумулятор|батаре|автономн/iu.test(noun)) {
    return 'battery';
  }
  if (/screen|display|экран|диагонал/iu.test(noun)) {
    return 'screen';
  }
  if (/storage|memory|памят|накопител/iu.test(noun)) {
    return 'storage';
  }
  if (/capacity|volume|объ[её]м|вместим/iu.test(noun)) {
    return 'volume';
  }
  if (/power|мощност/iu.test(noun)) {
    return 'power';
  }
  return null;
}

/** A question whether a product has it ("does it have a good camera?", "хорошая ли у него камера?"), not a wish. */
const PRODUCT_QUESTION = /^\s*(?:and\s+|а\s+|и\s+)?(?:does|do|did|is|are|has|have|can|will|would|how\s+(?:good|is)|what\s+about|хорош\p{L}*\s+ли|есть\s+ли|правда|какая|какой|какие|у\s+(?:него|неё|нее|них|этого|этой))(?![\p{L}\p{N}])/iu;

/** Words a follow-up says around its wish ("а с большим экраном?", "and something lighter?", "a smaller one?"). */
const FILLER = /^(?:а|и|но|ну|тогда|где|что|чтобы|чтоб|нибудь|то|чуть|немного|ещё|еще|есть|and|but|so|ok|okay|then|one|ones|a|an|the|something|anything|slightly|bit|little|even|any|that|s|which)$/iu;

export function isWishFiller(word: string): boolean {
  return FILLER.test(word);
}

/** The wish a message states, with the rest of the message ("" when it says nothing else); null when it states none. */
export function measureWish(text: string): MeasureWish | null {
  if (text.length > MAX_WISH_CHARS || !CUE.test(text)) {
    return null;
  }
  let found: { attribute: Measured; most: boolean; plain?: boolean; withItem?: boolean; unsaid?: boolean; at: number; length: number } | null = null;
  const m = AMOUNT_NOUN.exec(text) ?? NOUN_AMOUNT.exec(text);
  const attribute = m ? attributeOf(m.groups?.noun as string) : null;
  if (m && attribute !== null) {
    found = { attribute, most: !IS_LESS.test(m.groups?.amount as string), at: m.index, length: m[0].length };
  } else {
    for (const a of ALONE) {
      const w = a.words.exec(text);
      if (w) {
        found = { attribute: a.attribute, most: a.most, ...(a.plain ? { plain: true } : {}), ...(a.withItem ? { withItem: true } : {}), ...(a.unsaid ? { unsaid: true } : {}), at: w.index, length: w[0].length };
        break;
      }
    }
  }
  // "does the iphone 15 have a good camera?" asks about a product: answered from its card, not searched.
  if (!found || (found.attribute === 'camera' && PRODUCT_QUESTION.test(text))) {
    return null;
  }
  const rest = `${text.slice(0, found.at)} ${text.slice(found.at + found.length)}`
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '' && !isWishFiller(w))
    .join(' ');
  if (found.withItem && rest === '') {
    return null;
  }
  return { attribute: found.attribute, most: found.most, ...(found.plain ? { plain: true } : {}), ...(found.withItem ? { withItem: true } : {}), ...(found.unsaid ? { unsaid: true } : {}), rest };
}

/**
 * The search over eight shelves of its results, those stating the most (or the least) of what
 * `wish` measures first (ties, and the hits stating nothing, in the search's order), with the
 * attribute it ordered by; null when none states it.
 */
export function searchMostFirst(index: CatalogIndex, request: SearchRequest, wish: Pick<MeasureWish, 'attribute' | 'most'>, budget: WorkBudget): { run: SearchRun; attribute: Attribute } | null {
  const run = runSearch(index, request, SHELF_SIZE * POOL_SHELVES, budget);
  const read = stated(run.hits.map((h) => h.product), wish.attribute);
  if (read === null) {
    return null;
  }
  // One card per product offered twice (the same name and price), so the first shelf is full.
  const seen = new SeenCards();
  const hits: SearchHit[] = mostFirst(run.hits, read.values, wish.most).map((x) => x.item).filter((h) => {
    if (seen.same(h.product) !== undefined) {
      return false;
    }
    seen.add(h.product);
    return true;
  });
  return { run: { ...run, hits }, attribute: read.attribute };
}

const BIG_ALONE = new RegExp(`^(?:${BIG_WORD})$`, 'iu');
const SMALL_ALONE = new RegExp(`^(?:${SMALL_WORD}|mini)$`, 'iu');

/** Whether one word says the item is big ("большой", "large"), or small ("маленький", "mini"), in itself. */
export function saysBig(word: string): boolean {
  return BIG_ALONE.test(word);
}
export function saysSmall(word: string): boolean {
  return SMALL_ALONE.test(word);
}
