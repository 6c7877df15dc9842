/**
 * Words that name the same thing: colloquial Russian names of product lines ("айфон"),
 * short forms ("ноут"), and English product words, so that an English message finds a
 * Russian catalogue's products and the other way round. Each group is searched as one
 * term: matching any of its words counts as matching the term.
 * All entries are normalised (lower case, "ё" as "е"), unstemmed.
 */
import { boundedEdits } from './edits.ts';
import { stem } from './stem.ts';
import { ARTICLES } from './stopwords.ts';
import { hasAdjectiveEnding, isCyrillic } from './tokenize.ts';

const GROUPS: string[][] = [
  ['айфон', 'iphone'],
  ['айпад', 'ipad'],
  ['макбук', 'macbook'],
  ['эйрподс', 'аирподс', 'airpods'],
  ['галакси', 'galaxy'],
  ['редми', 'redmi'],
  ['поко', 'poco'],
  ['пиксель', 'pixel'],
  ['смартфон', 'телефон', 'мобильник', 'smartphone', 'phone', 'cellphone'],
  ['наушники', 'гарнитура', 'headphones', 'earphones', 'earbuds', 'headset'],
  ['телевизор', 'тв', 'телек', 'tv', 'television'],
  ['саундбар', 'soundbar'],
  ['ноутбук', 'ноут', 'laptop', 'notebook'],
  ['планшет', 'tablet'],
  // Memory as buyers say it and as spec sheets and shops write it ("16 GB DDR4-SDRAM", "SO-DIMM
  // DDR3 8Gb Kingston", "HyperX … memory module 16 GB").
  ['оперативка', 'оперативная память', 'озу', 'ram', 'sdram', 'dimm', 'memory module'],
  ['часы', 'watch', 'smartwatch'],
  ['автокресло', 'car seat'],
  ['колонка', 'акустика', 'speaker'],
  ['чехол', 'case', 'cover'],
  ['сертификат', 'certificate', 'voucher', 'ваучер'],
  ['стекло', 'пленка', 'glass', 'protector'],
  ['зарядка', 'зарядное', 'зарядник', 'charger', 'chargers', 'charging'],
  ['кабель', 'провод', 'шнур', 'cable'],
  ['пауэрбанк', 'повербанк', 'powerbank', 'power bank'],
  ['мышь', 'мышка', 'mouse'],
  ['клавиатура', 'клава', 'keyboard'],
  // A desktop computer as buyers and shops name it ("ПК i3", "ремонт системного блока").
  ['системный блок', 'пк', 'компьютер', 'desktop computer'],
  ['флешка', 'флэшка', 'flash', 'flashdrive'],
  ['роутер', 'маршрутизатор', 'router'],
  ['принтер', 'printer'],
  ['шредер', 'уничтожитель', 'shredder'],
  ['ибп', 'бесперебойник', 'ups'],
  ['вебкамера', 'webcam'],
  ['видеокарта', 'видюха', 'svga'],
  // Shops write "CPU" and "processor": "процессор intel" finds and titles them in Russian.
  ['процессор', 'проц', 'cpu', 'processor'],
  ['рюкзак', 'backpack'],
  ['сумка', 'bag'],
  // A phone's holder in a car is what shops call a mount ("Car Mount Wireless Charger"): "car phone holder with charging".
  ['кронштейн', 'крепление', 'mount', 'bracket', 'holder'],
  ['ремешок', 'браслет', 'strap', 'band'],
  ['чайник', 'электрочайник', 'kettle'],
  ['кофемашина', 'кофеварка', 'coffee machine', 'espresso machine'],
  ['кофе', 'coffee'],
  ['блендер', 'blender'],
  ['микроволновка', 'микроволновая', 'свч', 'microwave'],
  ['мультиварка', 'multicooker'],
  ['тостер', 'toaster'],
  ['пылесос', 'vacuum', 'vacuum cleaner'],
  ['робот', 'robot'],
  ['утюг', 'iron'],
  ['парогенератор', 'steam generator'],
  ['очиститель', 'purifier'],
  ['увлажнитель', 'humidifier'],
  ['стиральная', 'стиралка', 'washing', 'washer'],
  ['холодильник', 'fridge', 'refrigerator'],
  ['посудомойка', 'посудомоечная', 'dishwasher'],
  // "холодильник с морозилкой снизу" is one "с нижней морозильной камерой".
  ['морозилка', 'морозильная', 'морозильник', 'freezer'],
  ['снизу', 'нижняя', 'bottom'],
  ['раковина', 'умывальник', 'washbasin', 'sink'],
  // The frame a wall-hung toilet hangs on: a kind of its own, sold or not ("а инсталляция к нему?").
  ['инсталляция', 'инсталляцию'],
  ['сковорода', 'сковородка', 'pan', 'skillet'],
  ['фен', 'hairdryer', 'dryer'],
  ['бритва', 'электробритва', 'shaver', 'razor'],
  ['триммер', 'trimmer'],
  ['щетка', 'toothbrush', 'brush'],
  ['насадки', 'насадка', 'heads', 'head'],
  ['накипь', 'накипи', 'descaler', 'descaling'],
  ['фильтр', 'filter'],
  ['мешки', 'мешок', 'bags'],
  ['черный', 'black'],
  ['белый', 'white'],
  ['серый', 'gray', 'grey', 'graphite'],
  ['серебристый', 'silver'],
  ['синий', 'blue'],
  ['голубой', 'light blue'],
  ['красный', 'red'],
  ['зеленый', 'green'],
  ['розовый', 'pink'],
  ['желтый', 'yellow'],
  ['фиолетовый', 'purple', 'violet'],
  ['бирюзовый', 'turquoise', 'teal', 'aqua'],
  ['оранжевый', 'orange'],
  ['коричневый', 'brown'],
  ['бежевый', 'beige', 'tan'],
  ['бордовый', 'burgundy', 'maroon'],
  ['золотой', 'золотистый', 'gold', 'golden'],
  ['кремовый', 'cream', 'ivory'],
  ['прозрачный', 'clear', 'transparent'],
  ['беспроводные', 'беспроводной', 'беспроводная', 'wireless', 'bluetooth', 'без проводов', 'без провода', 'cordless', 'without cord', 'without wires', 'no cord'],
  // A resolution as buyers say it and as spec sheets write it ("LG HF65LS … DLP 1080p (1920x1080)"): "full hd?" after projectors.
  ['1080p', 'fhd', 'fullhd', 'full hd'],
  ['шумоподавление', 'шумоподавлением', 'anc', 'noise cancelling', 'noise canceling', 'noise cancellation', 'noise cancelation'],
  ['игровой', 'игровые', 'gaming'],
  // "смарт часы", "смарт-часы" as shops write them: «Умные часы», "Smart Watch" ("смарт" alone read as the "Smart" of a "Smart Band").
  ['умные', 'умный', 'умная', 'смарт', 'smart'],
  // Watch lines for children are written "JR." ("Vivofit JR. 3"): «детские часы».
  ['детский', 'детей', 'ребенок', 'ребенка', 'ребенку', 'kids', 'jr', 'junior'],
  // Whom a thing is made for, as shops name it ("Женские умные часы", "Women's Band"): "часы для женщин".
  ['женский', 'женская', 'женские', 'женщин', 'женщины', 'women', 'womens', 'ladies'],
  ['мужской', 'мужская', 'мужские', 'мужчин', 'мужчины', 'men', 'mens'],
  ['водонепроницаемый', 'влагозащищенный', 'waterproof'],
  // Watches and headphones name the feature in English ("Forerunner 265 Music"): "а с музыкой?".
  ['музыка', 'музыкой', 'music'],
  // What a pet's thing is for ("ошейник для собаки": the Garmin shop's collars say "Dog").
  ['собака', 'собаки', 'собак', 'dog', 'dogs'],
  // Watches name solar charging in English ("Fenix 8 - 51mm, Solar"): "а с солнечной зарядкой?".
  ['солнечная', 'солнечной', 'солнечный', 'солнечную', 'solar', 'солнечная зарядка', 'солнечной зарядкой', 'солнечная батарея', 'солнечной батареей', 'solar charging'],
  // Watches and their straps name materials in English ("Fenix 7 - Sapphire Solar Edition Titanium
  // with Chestnut Leather Band"): "а сапфировое стекло есть?", "ремешок кожаный".
  ['сапфир', 'сапфировый', 'сапфировое', 'сапфировым', 'сапфировое стекло', 'сапфировым стеклом', 'sapphire'],
  ['титан', 'титановый', 'титановая', 'титановые', 'титановым', 'титановом', 'titanium'],
  ['кожаный', 'кожаная', 'кожаные', 'кожаным', 'кожаном', 'leather'],
  // Thin is what shops write as slim ("IdeaPad Slim", «Тонкий ноутбук»): "something thinner?", «а потоньше?».
  ['тонкий', 'тонкая', 'тонкое', 'тонкие', 'тонким', 'потоньше', 'тоньше', 'thin', 'thinner', 'thinnest', 'slim', 'slimmer', 'slimmest'],
  // Plumbing feeds write the finish as a noun ("Смеситель д/ванны хром F2708"): "смеситель хромированный".
  ['хром', 'хромированный', 'хромированная', 'хромированное', 'хромированные', 'хромированным', 'хромированной', 'хромовый', 'chrome', 'chromed', 'chrome-plated'],
  ['нейлоновый', 'нейлоновая', 'нейлоновые', 'нейлоновым', 'nylon'],
  ['силиконовый', 'силиконовая', 'силиконовые', 'силиконовым', 'silicone'],
  // Washers, irons and ovens name steam in English ("Стиральная машина LG 8 кг - AIDD™ | Steam™"): "а с паром?".
  ['пар', 'паром', 'паровой', 'steam'],
  // Cosmetics name acne by the skin it is for ("Крем для Проблемной кожи"): "что-нибудь от прыщей".
  ['прыщи', 'акне', 'угри', 'проблемной', 'acne', 'pimples', 'blemishes'],
  // Furniture shops file what stands outside as "уличный" («Мебель для уличных кафе», «Уличные урны»): "стулья на улицу", "мебель для веранды", "outdoor chairs".
  ['уличный', 'уличная', 'уличное', 'уличные', 'уличных', 'улица', 'улицы', 'улицу', 'улице', 'веранда', 'веранды', 'веранду', 'веранде', 'терраса', 'террасы', 'террасу', 'террасе', 'outdoor', 'outdoors'],
  // What hangs on a wall, as shops file it («Настенное крепление», "Wall Mount"): «крепление на стену».
  ['настенный', 'настенное', 'настенная', 'настенные', 'настенного', 'стену', 'стене', 'wall'],
  ['диван', 'sofa', 'couch', 'settee'],
  ['шторы', 'штора', 'curtain', 'curtains', 'drapes', 'drape', 'drapery'],
  ['ковер', 'rug', 'carpet'],
  ['комод', 'dresser'],
  ['тумбочка', 'nightstand', 'night stand', 'bedside table'],
  ['стеллаж', 'bookcase', 'bookshelf', 'shelving'],
  ['пуф', 'ottoman', 'pouf', 'footstool'],
  ['шкаф', 'wardrobe', 'armoire'],
  ['буфет', 'sideboard', 'buffet', 'credenza'],
  ['кресло', 'armchair', 'accent chair'],
  ['стул', 'chair'],
  ['стол', 'table'],
  ['письменный стол', 'компьютерный стол', 'desk'],
  ['одеяло', 'comforter', 'duvet'],
  ['наволочка', 'pillowcase', 'pillow case'],
  ['смеситель', 'faucet'],
  // "range hood vent" in a phone shop: a range hood is not sold, whatever its "Air Vent Mount" says.
  ['вытяжка', 'hood', 'range hood', 'cooker hood', 'extractor hood', 'kitchen hood'],
  // A plumbing shop's "гибкая подводка" is a kind of its own, not a quality of the toilet just shown.
  ['подводка', 'supply hose'],
  ['бра', 'sconce', 'wall light'],
];

/** For every single word of a group, the other single words of that group. */
const SYNONYMS: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const group of GROUPS) {
    const words = group.filter((w) => !w.includes(' '));
    for (const w of words) {
      const others = words.filter((o) => o !== w);
      map.set(w, [...(map.get(w) ?? []), ...others]);
    }
  }
  return map;
})();

/** What a robot vacuum that mops is said to do: a quality of one, never a kind («который моет» after robot vacuums). */
const MOPPING_WORDS = ['моет', 'моющий', 'моющая', 'моющие', 'моющего', 'моющим', 'мыть', 'мытья', 'мытьем', 'мытье'];

// One-way: a power bank is an "аккумулятор" in Russian shop names, but a buyer asking for
// an "аккумулятор" may want a battery, not a power bank.
// A Map, as every table looked up by a buyer's word: a plain object would answer
// "constructor" with a function.
// Sport watch lines are named for their sport, which their names do not spell out: a
// watch "для бега" is a Forerunner, one for diving a Descent.
const ONE_WAY: ReadonlyMap<string, readonly string[]> = new Map([
  ['пауэрбанк', ['аккумулятор']],
  ['повербанк', ['аккумулятор']],
  ['powerbank', ['аккумулятор']],
  ...['бег', 'бега', 'бегом', 'беговые', 'беговых', 'пробежек'].map((w): [string, string[]] => [w, ['forerunner']]),
  // A phone shop's gear for a run is its "Sports Armband" and "Fitness Armband": "something for
  // running" found phones whose descriptions say "running Android".
  ...['running', 'runner', 'run', 'jogging'].map((w): [string, string[]] => [w, ['forerunner', 'armband', 'fitness']]),
  ...['дайвинг', 'дайвинга', 'ныряния', 'diving', 'dive'].map((w): [string, string[]] => [w, ['descent']]),
  // Headphones for a flight are the noise-cancelling ones: "best headphones for flights".
  ...['flight', 'flights', 'plane', 'airplane', 'перелетов', 'перелеты', 'перелета', 'самолета', 'самолете', 'полетов'].map((w): [string, string[]] => [w, ['шумоподавление', 'noise cancelling']]),
  // A robot vacuum "который моет" is one with "Влажная уборка" (or "… and Mop"). One way: a wet
  // wipe is not a mop.
  ...MOPPING_WORDS.map((w): [string, string[]] => [w, ['влажная', 'mop']]),
  ...['гольф', 'гольфа', 'golf'].map((w): [string, string[]] => [w, ['approach']]),
  // A two-chamber refrigerator is one with a freezer, as shops name it («с нижней морозильной
  // камерой»); «двухкамерный» is in no name. One way: not every such fridge says it.
  ...['двухкамерный', 'двухкамерного', 'двухкамерные', 'двухкамерная', 'двухкамерным', 'двухкамерных'].map((w): [string, string[]] => [w, ['морозильной']]),
  // Phones state their battery as "аккумулятор 5000 мАч": "а с большой батареей?". One way: a
  // "батарейка AA" is not a rechargeable one.
  ...['батарея', 'батареи', 'батарею', 'батареей', 'батарее'].map((w): [string, string[]] => [w, ['аккумулятор']]),
  // Shops name their AA cells "Батарея AA": «батарейки» finds them (one word stem apart). One way:
  // a phone's «батарея» is its rechargeable one.
  ...['батарейка', 'батарейки', 'батареек', 'батарейку', 'батарейкой', 'батарейками'].map((w): [string, string[]] => [w, ['батарея']]),
  // An AMOLED screen is an OLED one ("Super AMOLED", "Dynamic AMOLED 2X"): «а с oled экраном?» after phones.
  // One way: an OLED television is no AMOLED one.
  ['oled', ['amoled']],
  // A home with a cat or a dog needs what copes with their hair ("vacuum for a home with a dog",
  // «пылесос для квартиры с котом»): shops write "Pet", «шерсти животных». One way: a pet product
  // need not be for cats.
  ...['кот', 'кота', 'котом', 'коты', 'котов', 'котами', 'кошка', 'кошки', 'кошкой', 'кошек', 'кошками', 'собака', 'собаки', 'собакой', 'собак', 'собаками', 'питомец', 'питомца', 'питомцем', 'питомцы', 'питомцев', 'питомцами', 'животными', 'животных'].map(
    (w): [string, string[]] => [w, ['шерсти', 'pet']],
  ),
  ...['dog', 'dogs', 'cat', 'cats', 'pets', 'puppy', 'kitten'].map((w): [string, string[]] => [w, ['pet']]),
  // Cosmetics name what is for the eyes by the eyelids («Крем для Век», «Гель-лифтинг для век»):
  // «крем для глаз» put face creams whose descriptions mention the eyes first. One way: «век»
  // is also a century.
  ...['глаз', 'глаза', 'глазам', 'глазами'].map((w): [string, string[]] => [w, ['век']]),
  // A toilet with its cistern is what plumbing shops call «компакт» («Унитазы (Компакты)»): «унитаз с
  // бачком». Only that form: «бачок» alone asks for the cistern.
  ['бачком', ['компакт']],
]);

/** The other words for the same thing, or an empty list. Input must be normalised. */
export function synonymsOf(word: string): readonly string[] {
  const oneWay = ONE_WAY.get(word);
  const both = SYNONYMS.get(word) ?? [];
  return oneWay ? [...both, ...oneWay] : both;
}

/** The Russian words of the table by their stem, for a word in another form ("морозилкой"). */
const BY_STEM: ReadonlyMap<string, string> = new Map(
  [...SYNONYMS.keys()].filter(isCyrillic).map((w) => [stem(w), w] as [string, string]),
);

/** `synonymsOf` of a Russian word in any form the table's word stems alike ("морозилкой" → "морозильная", "freezer"). */
export function synonymsOfAnyForm(word: string): readonly string[] {
  const own = synonymsOf(word);
  if (own.length > 0 || !isCyrillic(word)) {
    return own;
  }
  const tableWord = BY_STEM.get(stem(word));
  return tableWord === undefined ? [] : synonymsOf(tableWord);
}

/**
 * Two-word English names ("coffee machine") as one word of their group, for recognising a
 * category or brand in a message: each word comes with the buyer's own words it stands
 * for (`source`), which is what the search text and labels keep — a synonym adds words to
 * match, it never replaces the buyer's.
 */
export function joinPhrases(words: string[]): Array<{ word: string; source: string }> {
  const out: Array<{ word: string; source: string }> = [];
  for (let i = 0; i < words.length; i++) {
    const pair = `${words[i]} ${words[i + 1] ?? ''}`;
    const group = i + 1 < words.length ? PHRASES.get(pair) : undefined;
    // An article may stand inside the name: "without a cord" is "without cord".
    const apart = group === undefined && i + 2 < words.length && ARTICLES.has(words[i + 1] as string) ? PHRASES.get(`${words[i]} ${words[i + 2]}`) : undefined;
    if (group !== undefined) {
      out.push({ word: group, source: pair });
      i++;
    } else if (apart !== undefined) {
      out.push({ word: apart, source: `${pair} ${words[i + 2] as string}` });
      i += 2;
    } else {
      out.push({ word: words[i] as string, source: words[i] as string });
    }
  }
  return out;
}

/**
 * The words a word gets from a two-word name it is part of ("coffee" and "machine" of
 * "coffee machine" each get "кофемашина", which means the same, and its synonyms): the
 * words stay the buyer's, and a product named by the synonym matches both.
 */
export function phraseSynonymsAt(words: readonly string[], i: number): { same: string[]; synonyms: string[] } {
  const w = words[i] as string;
  const before = i > 0 ? PHRASES.get(`${words[i - 1]} ${w}`) : undefined;
  const after = i + 1 < words.length ? PHRASES.get(`${w} ${words[i + 1]}`) : undefined;
  const same: string[] = [];
  const synonyms: string[] = [];
  for (const single of [before, after]) {
    if (single !== undefined) {
      same.push(single);
      synonyms.push(...synonymsOf(single));
    }
  }
  return { same, synonyms };
}

/** Every single word of the table, for correcting a misspelt product word the catalogue does not use. */
export const SYNONYM_VOCABULARY: readonly string[] = [...new Set(GROUPS.flat().flatMap((w) => w.split(' ')))].filter((w) => w.length >= 4);

/** The single words of the table's groups, those whose other names are all phrases too ("парогенератор" of "steam generator"). */
const SINGLE_WORDS: ReadonlySet<string> = new Set(GROUPS.flat().filter((w) => !w.includes(' ')));

/** The colour groups of the table, by their first word. */
const COLOURS = ['черный', 'белый', 'серый', 'серебристый', 'синий', 'голубой', 'красный', 'зеленый', 'розовый', 'желтый', 'фиолетовый', 'бирюзовый', 'оранжевый', 'коричневый', 'бежевый', 'бордовый', 'золотой', 'кремовый', 'прозрачный'];
/** Words of the table that describe a product rather than name its type (colours, "wireless"). */
const MODIFIER_GROUPS = new Set([...COLOURS, '1080p', 'беспроводные', 'умные', 'шумоподавление', 'игровой', 'детский', 'женский', 'мужской', 'водонепроницаемый', 'музыка', 'солнечная', 'пар', 'прыщи', 'сапфир', 'титан', 'собака', 'кожаный', 'хром', 'тонкий', 'нейлоновый', 'силиконовый', 'снизу']);
// "light" of "light blue" is also a kind of product ("vanity light"), and the last word of
// an English query, so it is not taken for a colour.
const NOT_MODIFIERS = new Set(['light']);
/**
 * Features a product has, never a kind of product: "часы для бега с GPS" must not rank a dive
 * computer named "… GPS Smartwatch" above the running watches on the strength of "GPS" alone.
 */
const FEATURE_WORDS = ['gps', 'глонасс', 'nfc', 'amoled', 'oled', 'wifi', 'wi', 'fi', 'lte', '4g', '5g', 'laser', 'inkjet', 'hd', 'uhd', 'qhd', '4k', '8k', '720p', '1440p', '2160p'];
/**
 * Words office and electronics feeds end names with that say how a product is made or sold,
 * the printing colours and the radio ("Logitech K580 keyboard RF Wireless + Bluetooth Graphite"
 * is a keyboard): "HP C8553A toner cartridge Original Magenta" is a cartridge; a size or a colour
 * is said of an item ("кроссовки 43 размер", "queen size bed", "а белого цвета есть?"), never the
 * item; nor is the way a motor or a finish works ("electric", "matte").
 */
const DESCRIPTOR_WORDS = [
  'original', 'genuine', 'compatible', 'oem', 'bulk', 'magenta', 'cyan', 'rf', 'size', 'размер', 'цвет', 'color', 'colour',
  // The first word of a colour's name ("Kodiak Mini … External Battery - Electric Blue" was an "electric").
  'electric', 'metallic', 'matte', 'glossy', 'midnight',
];
/**
 * Sizes said of an item in English, never the item ("small wardrobe grey", "mattress topper
 * queen"): a product matching only these and a colour is no answer while products of the kind are.
 */
const SIZE_WORDS = ['small', 'large', 'big', 'mini', 'tall', 'tiny', 'huge', 'little', 'compact', 'oversized', 'queen', 'king', 'twin'];
/**
 * The stems of words that name a kind on their own, a single word of another group ("зарядка")
 * or one read one way ("батарея"): in any form, they are no modifier for being part of a
 * modifier's two-word name ("солнечной зарядкой").
 */
const KIND_ON_ITS_OWN: ReadonlySet<string> = new Set(
  [...GROUPS.filter((g) => !MODIFIER_GROUPS.has(g[0] as string)).flatMap((g) => g.filter((w) => !w.includes(' '))), ...ONE_WAY.keys()].map(stem),
);
const MODIFIERS: ReadonlySet<string> = new Set([
  ...GROUPS.filter((g) => MODIFIER_GROUPS.has(g[0] as string))
    .flatMap((g) => g.flatMap((w) => (w.includes(' ') ? w.split(' ').filter((part) => !KIND_ON_ITS_OWN.has(stem(part))) : [w])))
    .filter((w) => !NOT_MODIFIERS.has(w)),
  ...FEATURE_WORDS,
  ...DESCRIPTOR_WORDS,
  ...SIZE_WORDS,
  ...MOPPING_WORDS,
]);

/** The stems of the Russian modifier words, so any ending counts ("бирюзовое", "черная"). */
const MODIFIER_STEMS: ReadonlySet<string> = new Set([...MODIFIERS].filter(isCyrillic).map(stem));

/** Whether the word is a colour or a feature word of the table, not a product type. */
export function isModifierWord(word: string): boolean {
  return MODIFIERS.has(word) || (isCyrillic(word) && MODIFIER_STEMS.has(stem(word)));
}

/** What things are made of, each with its words in both languages (stems for Russian). */
const MATERIALS: ReadonlyArray<readonly string[]> = [
  ['стеклянн', 'glass'],
  ['металлическ', 'металл', 'metal', 'metallic'],
  ['пластиков', 'пластмассов', 'пластик', 'plastic'],
  ['деревянн', 'дерев', 'wood', 'wooden'],
  ['керамическ', 'керамик', 'ceramic'],
  ['стальн', 'нержавеющ', 'steel', 'stainless'],
  ['чугунн', 'чугун', 'iron'],
  ['алюминиев', 'aluminum', 'aluminium'],
  ['кожан', 'leather'],
  ['силиконов', 'silicone'],
  ['нейлонов', 'nylon'],
  ['титанов', 'титан', 'titanium'],
];

/**
 * How a coffee maker brews, each with its words in both languages (stems for Russian): one
 * maker brews one way, so "а рожковая?" after «кофеварка капельная» asks for that way instead
 * (the note kept saying «капельная» was not found).
 */
const BREWS: ReadonlyArray<readonly string[]> = [
  ['капельн', 'drip'],
  ['рожков', 'portafilter'],
  ['капсульн', 'capsule', 'pod'],
  ['гейзерн', 'moka'],
  ['турк', 'cezve'],
];

/**
 * How a printer prints, each with its words (stems for Russian) and the makers' series named for
 * it: one printer prints one way, so "inkjet" after "laser printer" asks for that way instead,
 * and an "HP Officejet … inkjet printer" is no laser printer (way-conflicts.ts).
 */
const PRINTS: ReadonlyArray<readonly string[]> = [
  ['лазерн', 'laser', 'laserjet'],
  ['струйн', 'inkjet', 'deskjet', 'officejet'],
];

/**
 * Whether a text may name a way of brewing or printing: one of their words (a Russian one by its
 * stem) stands in it. One test for most texts, which name none, before they are read word by word.
 */
export function mayNameWay(text: string): boolean {
  return WAY_WORDS.test(text);
}
const WAY_WORDS = new RegExp([...BREWS, ...PRINTS].flat().join('|'), 'iu');

/** The colour groups by each of their words, and the Russian ones by stem ("чёрная" → "черный"). */
const COLOUR_BY_WORD: ReadonlyMap<string, string> = new Map(COLOURS.flatMap((head) => [head, ...(SYNONYMS.get(head) ?? [])].map((w) => [w, head] as [string, string])));
const COLOUR_BY_STEM: ReadonlyMap<string, string> = new Map(COLOURS.map((head) => [stem(head), head] as [string, string]));

/**
 * The colour, the material or the way of brewing or printing a word names, as "colour:<group>",
 * "material:<group>", "brew:<group>" or "print:<group>"; a product has one of each, so a new one replaces the old in a follow-up ("чайник белый" → "а
 * чёрный?"). Undefined for any other word.
 */
export function qualityOf(word: string): string | undefined {
  const w = word.toLowerCase().replace(/ё/gu, 'е');
  const cyrillic = isCyrillic(w);
  // Another form of a Russian colour is an adjective too ("чёрная", "в чёрном", "синей"; "серии" is no "серый").
  const colour = COLOUR_BY_WORD.get(w) ?? (cyrillic && (hasAdjectiveEnding(w) || /(?:ом|ем|ей)$/u.test(w)) ? COLOUR_BY_STEM.get(stem(w)) : undefined);
  if (colour !== undefined) {
    return `colour:${colour}`;
  }
  const named = (words: readonly string[]) => words.some((m) => (cyrillic ? isCyrillic(m) && w.startsWith(m) : m === w));
  const material = MATERIALS.find(named);
  if (material) {
    return `material:${material[0] as string}`;
  }
  const brew = BREWS.find(named);
  if (brew) {
    return `brew:${brew[0] as string}`;
  }
  const print = PRINTS.find(named);
  return print ? `print:${print[0] as string}` : undefined;
}

/** Whether a two-word name of the table stands for a colour, a material or a feature ("сапфировое стекло": sapphire), not a kind of product. */
export function isModifierPhrase(text: string): boolean {
  const single = PHRASES.get(text);
  return single !== undefined && isModifierWord(single);
}

/** Whether the word names a kind of product in general (a word of the table that is not a colour or feature), whatever one shop sells. */
export function namesProductKind(word: string): boolean {
  return !MODIFIERS.has(word) && (SINGLE_WORDS.has(word) || ONE_WAY.has(word));
}

/** The table's words naming a kind, by their stem, in either language ("soundbars" → "soundbar"); the first word of a stem wins. */
const KINDS_BY_STEM: ReadonlyMap<string, string> = new Map([...SINGLE_WORDS, ...ONE_WAY.keys()].filter(namesProductKind).map((w) => [stem(w), w] as [string, string]).reverse());

/** The word of the table naming a kind that `word` is a form of ("Soundbars" of "TV & Soundbars"), if any. */
export function productKindOfAnyForm(word: string): string | undefined {
  return namesProductKind(word) ? word : KINDS_BY_STEM.get(stem(word));
}

/** The single words of the table, those of its two-word names included ("machine" of "coffee machine"). */
const TABLE_WORDS: readonly string[] = [...new Set(GROUPS.flat().flatMap((w) => w.split(' ')))].filter((w) => !MODIFIERS.has(w));

/**
 * The word of the table a misspelt product word means ("coffe" → "coffee", "machin" →
 * "machine"): one letter off for words of five letters or more, two for eight or more; the
 * word itself when it names a kind already or nothing is that close (the first close word
 * in the table's order when several are). For naming what a
 * shop does not sell without echoing the buyer's typo.
 */
export function spelledProductKind(word: string): string {
  if (word.length < 5 || namesProductKind(word)) {
    return word;
  }
  const max = word.length >= 8 ? 2 : 1;
  for (const k of TABLE_WORDS) {
    if (boundedEdits(word, k, max) <= max) {
      return k;
    }
  }
  return word;
}

const PHRASES: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const group of GROUPS) {
    const single = group.find((w) => !w.includes(' '));
    for (const w of group) {
      if (w.includes(' ') && single !== undefined) {
        map.set(w, single);
      }
    }
  }
  return map;
})();

/**
 * What buyers call a product that spec sheets spell out: the Icecat catalogue names every SSD
 * an "internal solid state drive", and "ssd 1tb" found only the laptops whose names end in
 * "… 1000 GB SSD". A name with the phrase is indexed with the short word too, which is also
 * its kind (product-type.ts).
 */
const SPELLED_OUT: ReadonlyArray<{ words: readonly string[]; short: string }> = [
  { words: ['solid', 'state', 'drive'], short: 'ssd' },
  { words: ['solid', 'state', 'drives'], short: 'ssd' },
  { words: ['hard', 'disk', 'drive'], short: 'hdd' },
  { words: ['hard', 'drive'], short: 'hdd' },
];

/**
 * What shop names shorten and buyers say in full: computer shops name power supplies
 * "Бп 600Вт.", and "блок питания 600 вт" found only the few whose descriptions spell it out.
 * A name with the short word is indexed with the full words too. ("ИБП" is not spelled out:
 * buyers say it short, and three more words in a name weigh its other words down.)
 */
const SHORTENED: ReadonlyMap<string, readonly string[]> = new Map([['бп', ['блок', 'питания']]]);

/** The full words of the shortened names among these (lower-case) words. */
export function spelledOutIn(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const w of words) {
    const full = SHORTENED.get(w);
    if (full !== undefined && !out.includes(full[0] as string)) {
      out.push(...full);
    }
  }
  return out;
}

/** The first of the full words of a shortened name ("блок" of "бп"), the kind a buyer names. */
export function spelledOutKind(word: string): string | undefined {
  return SHORTENED.get(word)?.[0];
}

/** The short words of the spelled-out names in these (lower-case) words, with where each phrase ends. */
export function shortNamesIn(words: readonly string[]): Array<{ short: string; end: number }> {
  const out: Array<{ short: string; end: number }> = [];
  for (let i = 0; i < words.length; i++) {
    for (const { words: phrase, short } of SPELLED_OUT) {
      if (i + phrase.length <= words.length && phrase.every((w, k) => words[i + k] === w) && !out.some((o) => o.short === short)) {
        out.push({ short, end: i + phrase.length - 1 });
      }
    }
  }
  return out;
}

/** Small counts as English words, by the figure names write. */
const COUNT_WORDS: ReadonlyMap<string, readonly string[]> = new Map([
  ['two', ['2', 'dual']],
  ['dual', ['2', 'two']],
  ['three', ['3']],
  ['four', ['4']],
  ['five', ['5']],
  ['six', ['6']],
]);
/** What names count as features ("2 USB Ports", "4-Port", "Dual SIM", "3-tier"). */
const COUNTED: ReadonlySet<string> = new Set([
  'port', 'ports', 'usb', 'sim', 'sims', 'slot', 'slots', 'burner', 'burners', 'door', 'doors', 'drawer', 'drawers',
  'shelf', 'shelves', 'tier', 'tiers', 'seat', 'seats', 'seater', 'light', 'lights', 'head', 'heads', 'bowl', 'bowls',
  'handle', 'handles', 'blade', 'blades', 'gang', 'speed', 'speeds', 'zone', 'zones', 'camera', 'cameras', 'lens', 'lenses',
]);

/**
 * The figures a count said in words stands for when it counts what names count ("two usb
 * ports": "2 USB Ports", "Dual USB"; "four ports": "4-Port"), or none: a figure alone is also
 * a model's number ("three pack screen protector" is no "ZenFone 3"). English only: "с двумя
 * hdmi" on a computer shop found HDMI switches named "HDMI 2 -> 1" before the monitors.
 */
export function countFigures(words: readonly string[], i: number): readonly string[] {
  const figures = COUNT_WORDS.get(words[i] as string);
  return figures !== undefined && COUNTED.has(words[i + 1] ?? '') ? figures : [];
}
