/**
 * Words that carry no product meaning in a buyer's message: grammar words and the
 * conversational frame around a request ("покажи мне", "I'm looking for"). They are
 * dropped from the search text so that they never become required search terms.
 * All entries are normalised (lower case, "ё" as "е").
 */
import { tokenize } from './tokenize.ts';

const RU = `
и или а но в во на с со к ко по о об от до из у за для при без про над под через же ли бы
не ни то это этот эта эти тот та те мне меня мой моя мои мою нам нас наш вы вас вам ваш
мое моего моей моему моим моем моих моими свой своя свое свои свою своего своей своему своим своих нашего нашей нашему наших нашу наше
я ты он она оно они его ее их себе себя
как какой какая какое какие каких каким какую какого какому который которая которые где когда что чтобы чем
есть нет был была были будет быть можно нужно надо нужен нужна нужны хочу хочется хотел хотела
хотим ищу ищем искать найти найди найдите покажи покажите показать подбери подберите подобрать
посоветуй посоветуйте посоветовать посоветуешь посоветуете порекомендуй порекомендуйте порекомендуешь
подскажи подскажите подсказать подскажешь подскажете покажешь покажете найдешь найдете подберешь подберете
можешь можете могу есть имеется имеются бывает бывают
дай дайте давай купить куплю взять выбрать интересует интересуют пожалуйста плиз please
какой-нибудь что-нибудь что-то какие-нибудь нибудь либо еще ещё уже вот там тут здесь
хороший хорошая хорошее хорошие хороших хорошую хорошего хорошей хорошему хорошим хорошем хорошими
лучше better лучший лучшая лучшее лучшие лучших лучшую лучшего лучшей лучшему лучшим лучшем лучшими
неплохой неплохая неплохое неплохие неплохих неплохую неплохого неплохим неплохом неплохими
отличный отличная отличное отличные отличных отличную отличного отличной отличным отличном отличными
нормальный нормальная нормальные нормальную нормальной нормальным подходящий подходящая подходящие
подойдут подойдет подойдёт подходят подходит
варианты вариант
самый самая самое самые самого самой самому самым самых самую
товар товары модель модели расскажи расскажите рассказать подробнее подробней поподробнее детали
информация информацию инфо про о нем нём него ней нее неё этом этого этой них их они им ими этих эти этим этими
привет здравствуйте здравствуй добрый спасибо благодарю спс
сколько стоит стоят стоимость почем цена цену
тоже также
ну ладно тогда если
насчет
отзывы отзывами отзывам отзывов рейтинг рейтингом
брать покупать денег
делал делала делало делали делать умел умела умело умели могла могло могли смог смогла смогли
знаю знаем понимаю уверен уверена выбрать пью пьем пьём пьет пьёт пьют
`;

const EN = `
a an the and or but of in on at to for from by with without about as into onto
i me my we us our you your he she it its they them their this that these those
is are was were be been am do does did have has had can could would should will
please pls show find get buy want wanted wants need needed needs looking look search searching
recommend suggest give some any anything something good best nice great decent new
which what where how who one ones item items product products model models tell more about details
info information hello hi hey thanks thank sell sells selling carry carries stock
whats thats im ive id youre theres heres whos hows wheres dont doesnt like likes loves enjoys sure know
much cost costs
also too come comes use uses using
ok okay then just instead if
there here got
old broke died lot lots really very
reviews review reviewed rated rating ratings worth money buying purchase purchasing
`;

/** Grammar and conversational words in Russian and English. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `${RU} ${EN}`
    .split(/\s+/)
    .map((w) => w.trim().replace(/ё/g, 'е'))
    .filter((w) => w !== ''),
);

/**
 * Words after which a brand or product type names what an item is *for*, not what it is:
 * "чехол для Samsung" is a case of any brand that fits a Samsung phone. "д" is the shops'
 * shorthand for "для" ("Сиденье д/унитаза").
 */
export const COMPATIBILITY_WORDS: ReadonlySet<string> = new Set(['для', 'д', 'к', 'под', 'for', 'fits', 'compatible']);

/** The English articles, which a name may hold between its words ("without a cord"). */
export const ARTICLES: ReadonlySet<string> = new Set(['a', 'an', 'the']);

/** Words after which a message says what the item comes with ("стиралка с сушкой", "desk with drawers"). */
export const WITH_WORDS: ReadonlySet<string> = new Set(['с', 'со', 'with']);

/**
 * Words for an item of any kind ("средство от акне", "something against mosquitoes"): they name
 * no kind of product, so a shop whose names lack them does not lack what was asked for.
 */
export const ANY_ITEM_WORDS: ReadonlySet<string> = new Set([
  'средство', 'средства', 'средств', 'средством', 'вещь', 'вещи', 'вещицу', 'штука', 'штуку', 'штуки', 'изделие', 'изделия',
  'thing', 'things', 'stuff', 'remedy', 'remedies',
]);

/** What an item is against ("крем от морщин") is what it is for, in a buyer's message; a brand after "от" is its maker ("наушники от sony"). */
export const AGAINST_WORDS: ReadonlySet<string> = new Set(['от', 'против', 'against']);

/**
 * The words of a product's name before what it is for ("защитное стекло deppa" of "Защитное
 * стекло Deppa для iPhone 15"), the name read to `maxChars` characters. Names say what they are
 * for with COMPATIBILITY_WORDS alone.
 */
export function nameBeforePurpose(name: string, maxChars: number): string[] {
  const words = tokenize(name.slice(0, maxChars));
  const at = words.findIndex((w) => COMPATIBILITY_WORDS.has(w));
  return at < 0 ? words : words.slice(0, at);
}

/**
 * The words of a product's name after the first word saying what it is for ("iphone 15" of
 * "Защитное стекло Deppa для iPhone 15"), read to `maxChars` characters; null when the name says
 * nothing of it. The other side of `nameBeforePurpose`.
 */
export function namePurpose(name: string, maxChars: number): string[] | null {
  const words = tokenize(name.slice(0, maxChars));
  const at = words.findIndex((w) => COMPATIBILITY_WORDS.has(w));
  return at < 0 ? null : words.slice(at + 1);
}

/** Whether a buyer's word starts what an item is for or against (product names keep COMPATIBILITY_WORDS alone). */
export function startsPurpose(word: string): boolean {
  return COMPATIBILITY_WORDS.has(word) || AGAINST_WORDS.has(word);
}

/**
 * Whether `words[i]` starts what an item is for: a compatibility word after a product word
 * ("чехол для iphone", "case for iphone") or at the start ("для samsung"), not after a
 * verb or a grammar word ("I am looking for headphones").
 */
export function isCompatibilityAt(words: readonly string[], i: number): boolean {
  const w = words[i];
  if (w === undefined || !startsPurpose(w)) {
    return false;
  }
  const before = words[i - 1];
  // "что-нибудь от морщин": what an item is against is said after any words; "что-нибудь для
  // сухих волос", "something for the kitchen": what it is for, after a word standing for the item.
  return before === undefined || AGAINST_WORDS.has(w) || ANY_ITEM.has(before) || !(STOP_WORDS.has(before) || startsPurpose(before));
}

/** Words standing for an item not named ("что-нибудь", "что-то" as tokenized, "something"). */
const ANY_ITEM: ReadonlySet<string> = new Set(['нибудь', 'something', 'anything']);

// "that works with", "which fits", "compatible with", "который подходит к", "совместимый с":
// what an item is for, said with a verb. Only after "that"/"который" (or as the participle): "does it work with
// iphone?" asks about a product.
// "what vacuum would work for a small apartment", "which headphones are good for the gym": "for"
// said with a verb of the question, never with "it" ("is it good for running?" asks about a product).
const WORKS_WITH = /(?<![\p{L}\p{N}])(?:(?:that|which)\s+(?:(?:works?|goes)\s+(?:with|on)|fits?(?:\s+(?:with|on))?)|compatible\s+with)(?![\p{L}\p{N}])/giu;
const GOOD_FOR = /(?<![\p{L}\p{N}])(?:(?:would|will|could|might)\s+(?:work(?:\s+well)?|be\s+(?:good|best|great|ideal|suitable|right))|(?:is|are)\s+(?:good|best|great|ideal|suitable|right)|suitable)\s+for(?![\p{L}\p{N}])/giu;
// "какие часы подойдут для плавания": the verb before "для" says no more than "для" alone.
const SUITS = /(?<![\p{L}\p{N}])(?:(?:котор(?:ый|ая|ое|ые)\s+(?:подход(?:ит|ят)|подойд(?:[её]т|ут))|подходящ(?:ий|ая|ее|ие))\s+(?:к|для|под)|(?:подход(?:ит|ят)|подойд(?:[её]т|ут))\s+для|совместим(?:ый|ая|ое|ые|а|о|ы)?\s+со?)(?![\p{L}\p{N}])/giu;

/**
 * A message with what an item is for said as "for"/"для" ("charger that works with galaxy s7" →
 * "charger for galaxy s7", "чехол который подходит к iphone" → "чехол для iphone"), so the
 * product word stays the charger. Never longer than the text.
 */
export function compatibilityAsFor(text: string): string {
  return text.replace(WORKS_WITH, 'for').replace(GOOD_FOR, 'for').replace(SUITS, 'для');
}

/** "Кран" said of a kitchen, a bath or a sink ("кран на кухне", "кухонный кран"): a tap, not a valve. */
const ROOM_TAP = /(?<![\p{L}\p{N}])кран(?:ы|а|ом|у|е)?\s+(?:на|для|в|во|от|у|над)\s+(кухн|ванн|раковин|мойк|умывальник|душ)\p{L}*/iu;
const KITCHEN_TAP = /(?<![\p{L}\p{N}])(кухонн(?:ый|ого|ому|ым)|ванн(?:ый|ого|ому|ым))\s+кран(?:ы|а|ом|у|е)?(?![\p{L}\p{N}])/iu;
/** The room as a mixer is sold for it ("Смеситель для кухни", "… для ванной"). */
const FOR_ROOM = new Map([
  ['кухн', 'кухни'],
  ['ванн', 'ванной'],
  ['раковин', 'раковины'],
  ['мойк', 'мойки'],
  ['умывальник', 'умывальника'],
  ['душ', 'душа'],
]);

/**
 * "у меня течёт кран на кухне", "кран в ванной" → "смеситель для кухни", "смеситель для ванной":
 * what a buyer calls a tap the shops call a mixer, and their "кран" is a ball valve. The first
 * such phrase only, so the text grows by at most ten characters.
 */
export function tapAsMixer(text: string): string {
  return text
    .replace(ROOM_TAP, (_, room: string) => `смеситель для ${FOR_ROOM.get(room.toLowerCase()) ?? room}`)
    .replace(KITCHEN_TAP, '$1 смеситель');
}

const RELATIVES: ReadonlySet<string> = new Set(['that', 'which']);
const COPULAS: ReadonlySet<string> = new Set(['is', 'are']);
const NEGATIONS: ReadonlySet<string> = new Set(['not', 'no', 'never']);
/** At most this many words after "that is" are moved before what they describe. */
const MAX_QUALITY_WORDS = 2;

/**
 * "case for galaxy s7 that is waterproof" → "waterproof case for galaxy s7": a quality said at
 * the end after "that is"/"which are" comes first, as the search and the title read it (the
 * search took "waterproof" for part of the phone's name, and the title dropped it). Only one or
 * two plain words ending the message ("that is not a flip phone" and "that is for kids" stay).
 */
export function qualityFirst(text: string): string {
  const words = text.trim().split(/\s+/u);
  const n = words.length;
  for (let size = 1; size <= MAX_QUALITY_WORDS; size++) {
    const at = n - size - 2;
    if (at < 1) {
      break;
    }
    const relative = (words[at] as string).toLowerCase();
    const copula = (words[at + 1] as string).toLowerCase();
    const quality = words.slice(at + 2).map((w) => w.replace(/[?!.]+$/u, ''));
    if (RELATIVES.has(relative) && COPULAS.has(copula) && quality.every((w) => /^\p{L}[\p{L}-]*$/u.test(w) && !STOP_WORDS.has(w.toLowerCase()) && !NEGATIONS.has(w.toLowerCase()))) {
      return [...quality, ...words.slice(0, at)].join(' ');
    }
  }
  return text;
}

/**
 * A buyer saying they do not know which to choose («но я не знаю какую выбрать», "not sure which
 * one"): no words of what is wanted. Read as what the buyer does not want, it titled the answer
 * «Кофемашина, не знаю какую» and "Phone, not sure". The text (normalised, lower case) without it.
 */
export function withoutDoubt(text: string): string {
  // Replace alone: a `test` on these global patterns moves their `lastIndex`, safe before only because the replace after it reset it.
  return text.replace(DOUBT_RU, ' ').replace(DOUBT_EN, ' ');
}
const DOUBT_RU = /(?<![\p{L}])(?:я\s+)?не\s+(?:знаю|уверен[аы]?|определил(?:ся|ась|ись))(?:,?\s*(?:какую|какой|какое|какие|что|как)(?:\s+(?:выбрать|взять|купить))?)?(?![\p{L}])/gu;
const DOUBT_EN = /(?<![\p{L}])(?:i['’]?m\s+|i\s+am\s+)?(?:not\s+sure|no\s+idea|(?:i\s+)?(?:don['’]?t|do\s+not)\s+know|can['’]?t\s+decide)(?:\s+(?:which|what)(?:\s+(?:one|ones|model|kind))?(?:\s+to\s+(?:choose|pick|get|buy))?)?(?![\p{L}])/gu;

/**
 * "stapler that can do 50 sheets", "a laptop which can handle games", "a kettle that holds 2
 * litres": a clause saying what the item can do is what it is for. With its words dropped as
 * stop words, the last noun ("sheets") was read as the kind, and photo paper of 50 sheets came
 * first. The text (normalised, lower case) with such a clause opening with "for". A verb ending
 * the clause is the capability itself ("one that charges?" was "one for", a request for nothing).
 */
export function capabilityAsFor(text: string): string {
  return CAPABILITY_CLAUSE.test(text) ? text.replace(CAPABILITY_CLAUSE, ' for') : text;
}
const CAPABILITY_CLAUSE =
  /(?<=\p{L})\s+(?:that|which)\s+(?:(?:can|could|will|would)\s+)?(?:do|does|handle|handles|hold|holds|take|takes|fit|fits|run|runs|play|plays|print|prints|staple|staples|make|makes|cut|cuts|charge|charges|store|stores)(?=\s+[\p{L}\p{N}])/u;
