/**
 * Everything the catalogue engine says, in Russian and English. Plain text only (no HTML,
 * no markdown markup), so it reads the same whatever message format the tenant uses.
 */
import type { Lang } from '../language.ts';
import type { BoundKind } from '../../catalog/search/measures.ts';

/** A Russian product word in the plural ("наушники", "часы", "очки"): "не продаются", not "не продаётся". */
const PLURAL_NOUN = /[а-яё]{2}[иы]$/u;
/** A plural adjective before the noun ("стиральные машины"). */
const PLURAL_ADJECTIVE = /[а-яё]{2}(ые|ие)$/u;

/** Whether a Russian phrase naming a product is plural, by its first word: "наушники galaxy", "стиральные машины"; "карта памяти" is one. */
function pluralPhrase(what: string): boolean {
  const head = what.split(' ')[0] ?? '';
  return PLURAL_NOUN.test(head) || PLURAL_ADJECTIVE.test(head);
}

// Built once: toLocaleString builds a formatter on every call, which showed in profiles.
const FORMATS = {
  ru: {
    whole: new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 }),
    cents: new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    measure: new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }),
  },
  en: {
    whole: new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }),
    cents: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    measure: new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }),
  },
};

/** A product's name as a sentence names it: cut at 70 characters. */
export function shortName(p: { name: string }): string {
  return clip(p.name, 70);
}

/** `text` cut to at most `max` characters, "…" ending it when cut. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** A card's facts as one sentence's parts: each without its closing full stop, joined by "; ". */
export function joinFacts(facts: readonly string[]): string {
  return facts.map((f) => f.replace(/[.;]+$/u, '')).join('; ');
}

/** Formats a price the way the language writes money: "2 990 ₽", "$49.99". */
export function formatPrice(value: number, symbol: string, lang: Lang): string {
  const rounded = Number.isInteger(value) ? value : Math.round(value * 100) / 100;
  const format = FORMATS[lang === 'ru' ? 'ru' : 'en'];
  const digits = (Number.isInteger(rounded) ? format.whole : format.cents).format(rounded);
  // Narrow no-break spaces of ru-RU grouping read poorly in some chat widgets.
  const plain = digits.replace(/[\u202f\u00a0]/g, ' ');
  if (symbol === '$' || symbol === '€' || symbol === '£') {
    return lang === 'ru' ? `${plain} ${symbol}` : `${symbol}${plain}`;
  }
  return `${plain} ${symbol}`;
}

/** How a measure's unit is written after its value, in each language (Russian: one, few, many). */
const UNIT_NAMES: ReadonlyMap<string, { ru: [string, string, string]; en: string }> = new Map([
  ['in', { ru: ['дюйм', 'дюйма', 'дюймов'], en: 'in.' }],
  ['ft', { ru: ['фут', 'фута', 'футов'], en: 'ft' }],
  ['cuft', { ru: ['куб. фут', 'куб. фута', 'куб. футов'], en: 'cu. ft.' }],
  ['sqft', { ru: ['кв. фут', 'кв. фута', 'кв. футов'], en: 'sq. ft.' }],
  ['gal', { ru: ['галлон', 'галлона', 'галлонов'], en: 'gal.' }],
  ['qt', { ru: ['кварта', 'кварты', 'кварт'], en: 'qt' }],
  ['oz', { ru: ['унция', 'унции', 'унций'], en: 'oz' }],
  ['lb', { ru: ['фунт', 'фунта', 'фунтов'], en: 'lb' }],
  ['w', { ru: ['Вт', 'Вт', 'Вт'], en: 'W' }],
  ['kw', { ru: ['кВт', 'кВт', 'кВт'], en: 'kW' }],
  ['v', { ru: ['В', 'В', 'В'], en: 'V' }],
  ['mah', { ru: ['мА·ч', 'мА·ч', 'мА·ч'], en: 'mAh' }],
  ['wh', { ru: ['Вт·ч', 'Вт·ч', 'Вт·ч'], en: 'Wh' }],
  ['gb', { ru: ['ГБ', 'ГБ', 'ГБ'], en: 'GB' }],
  ['tb', { ru: ['ТБ', 'ТБ', 'ТБ'], en: 'TB' }],
  ['mb', { ru: ['МБ', 'МБ', 'МБ'], en: 'MB' }],
  ['mm', { ru: ['мм', 'мм', 'мм'], en: 'mm' }],
  ['cm', { ru: ['см', 'см', 'см'], en: 'cm' }],
  ['m', { ru: ['м', 'м', 'м'], en: 'm' }],
  ['l', { ru: ['л', 'л', 'л'], en: 'L' }],
  ['ml', { ru: ['мл', 'мл', 'мл'], en: 'mL' }],
  ['kg', { ru: ['кг', 'кг', 'кг'], en: 'kg' }],
  ['hz', { ru: ['Гц', 'Гц', 'Гц'], en: 'Hz' }],
  ['mp', { ru: ['Мп', 'Мп', 'Мп'], en: 'MP' }],
  ['sqm', { ru: ['м²', 'м²', 'м²'], en: 'm²' }],
  ['gsm', { ru: ['г/м²', 'г/м²', 'г/м²'], en: 'g/m²' }],
  ['db', { ru: ['дБ', 'дБ', 'дБ'], en: 'dB' }],
  ['h', { ru: ['час', 'часа', 'часов'], en: 'hours' }],
]);

/** A measure as a buyer reads it: "60 дюймов", "10 000 мА·ч", "60 in.". */
export function formatMeasure(value: number, unit: string, lang: Lang): string {
  const names = UNIT_NAMES.get(unit);
  const amount = FORMATS[lang].measure.format(value);
  // Sun protection is named before its figure in either language.
  if (unit === 'spf') {
    return `SPF ${amount}`;
  }
  if (!names) {
    return `${amount} ${unit}`;
  }
  return `${amount} ${lang === 'ru' ? (Number.isInteger(value) ? plural(value, ...names.ru) : names.ru[1]) : names.en}`;
}

/** Russian noun form for a count: 1 товар, 2 товара, 5 товаров. */
export function plural(n: number, one: string, few: string, many: string): string {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) {
    return one;
  }
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) {
    return few;
  }
  return many;
}

/**
 * What a shop topic's page is about, and the topic in "the terms of …". Keyed by a link's
 * topic, which is free text of the tenants file: Maps, so "constructor" finds nothing.
 */
const TOPIC_RU = new Map<string, string>([
  ['delivery', 'всё о доставке'], ['returns', 'всё о возврате и обмене'], ['warranty', 'всё о гарантии'], ['payment', 'всё об оплате'],
  ['stores', 'адреса и часы работы магазинов'], ['order', 'всё о заказах'], ['installation', 'всё об установке'],
]);
const TOPIC_GEN_RU = new Map<string, string>([
  ['delivery', 'доставки'], ['returns', 'возврата и обмена'], ['warranty', 'гарантии'], ['payment', 'оплаты'], ['stores', 'работы магазинов'], ['order', 'по заказу'], ['discounts', 'скидок и акций'], ['installation', 'установки и монтажа'],
]);
const TOPIC_EN = new Map<string, string>([
  ['delivery', 'shipping'], ['returns', 'returns and exchanges'], ['warranty', 'the warranty'], ['payment', 'payment'], ['stores', 'our stores'], ['order', 'your order'], ['discounts', 'discounts and offers'], ['installation', 'installation'],
]);

/** What a pick among the shown cards compares ("which one has the most storage?", superlatives.ts). */
export type Attribute = 'price' | 'storage' | 'ram' | 'load' | 'screen' | 'battery' | 'runtime' | 'weight' | 'power' | 'volume' | 'noise' | 'length' | 'width' | 'area' | 'camera';

/** Texts of "which of these has the most …" (superlatives.ts), by what was asked. */
const SUPERLATIVE_MOST_RU: Record<string, string> = { storage: 'Больше всего памяти', ram: 'Больше всего оперативной памяти', screen: 'Самый большой экран', battery: 'Самый ёмкий аккумулятор', volume: 'Самый большой объём', load: 'Самая большая загрузка', camera: 'Камера самого высокого разрешения' };
const SUPERLATIVE_LEAST_RU: Record<string, string> = { storage: 'Меньше всего памяти', ram: 'Меньше всего оперативной памяти', screen: 'Самый маленький экран', battery: 'Самый небольшой аккумулятор', volume: 'Самый маленький объём', load: 'Самая маленькая загрузка', camera: 'Камера самого низкого разрешения' };
const SAME_RU: Record<Attribute, string> = { price: 'одна цена', storage: 'одинаковый объём памяти', ram: 'одинаковый объём оперативной памяти', screen: 'одинаковый экран', battery: 'одинаковый аккумулятор', runtime: 'одинаковое время работы', weight: 'одинаковый вес', power: 'одинаковая мощность', volume: 'одинаковый объём', load: 'одинаковая загрузка', noise: 'одинаковый уровень шума', length: 'одинаковая длина', width: 'одинаковая ширина', area: 'одинаковая площадь', camera: 'одинаковая камера' };
const ABOUT_RU: Record<Attribute | 'size', string> = { size: 'о размере', price: 'о цене', storage: 'о памяти', ram: 'об оперативной памяти', screen: 'о размере экрана', battery: 'об аккумуляторе', runtime: 'о времени работы', weight: 'о весе', power: 'о мощности', volume: 'об объёме', load: 'о загрузке', noise: 'об уровне шума', length: 'о длине', width: 'о ширине', area: 'о площади', camera: 'о камере' };
const SUPERLATIVE_MOST_EN: Record<string, string> = { runtime: 'longest battery life', storage: 'most storage', ram: 'most RAM', screen: 'biggest screen', battery: 'biggest battery', volume: 'largest capacity', load: 'largest load', camera: 'highest-resolution camera' };
const SUPERLATIVE_LEAST_EN: Record<string, string> = { runtime: 'shortest battery life', storage: 'least storage', ram: 'least RAM', screen: 'smallest screen', battery: 'smallest battery', volume: 'smallest capacity', load: 'smallest load', camera: 'lowest-resolution camera' };
/** "The … first" of a search that put the most (or the least) of an attribute first (measure-wish.ts). */
const MOST_FIRST_RU: Record<Attribute, string> = {
  price: 'самые дорогие',
  storage: 'с самым большим объёмом памяти',
  ram: 'с самым большим объёмом оперативной памяти',
  screen: 'с самым большим экраном',
  battery: 'с самым ёмким аккумулятором',
  runtime: 'те, что дольше всех работают без подзарядки',
  weight: 'самые тяжёлые',
  power: 'самые мощные',
  volume: 'с самым большим объёмом',
  load: 'с самой большой загрузкой',
  noise: 'самые громкие',
  length: 'самые длинные',
  width: 'самые широкие',
  area: 'те, что рассчитаны на самую большую площадь',
  camera: 'с камерой самого высокого разрешения',
};
const LEAST_FIRST_RU: Record<Attribute, string> = {
  price: 'самые недорогие',
  storage: 'с самым маленьким объёмом памяти',
  ram: 'с самым маленьким объёмом оперативной памяти',
  screen: 'с самым маленьким экраном',
  battery: 'с самым небольшим аккумулятором',
  runtime: 'те, что работают без подзарядки меньше всех',
  weight: 'самые лёгкие',
  power: 'самые маломощные',
  volume: 'с самым маленьким объёмом',
  load: 'с самой маленькой загрузкой',
  noise: 'самые тихие',
  length: 'самые короткие',
  width: 'самые узкие',
  area: 'те, что рассчитаны на самую маленькую площадь',
  camera: 'с камерой самого низкого разрешения',
};
const MOST_FIRST_EN: Record<Attribute, string> = {
  price: 'most expensive',
  storage: 'most storage',
  ram: 'most RAM',
  screen: 'biggest screen',
  battery: 'biggest battery',
  runtime: 'longest battery life',
  weight: 'heaviest',
  power: 'most powerful',
  volume: 'largest capacity',
  load: 'largest load',
  noise: 'loudest',
  length: 'longest',
  width: 'widest',
  area: 'largest room area',
  camera: 'highest-resolution camera',
};
const LEAST_FIRST_EN: Record<Attribute, string> = {
  price: 'cheapest',
  storage: 'least storage',
  ram: 'least RAM',
  screen: 'smallest screen',
  battery: 'smallest battery',
  runtime: 'shortest battery life',
  weight: 'lightest',
  power: 'least powerful',
  volume: 'smallest capacity',
  load: 'smallest load',
  noise: 'quietest',
  length: 'shortest',
  width: 'narrowest',
  area: 'smallest room area',
  camera: 'lowest-resolution camera',
};
const NOUN_EN: Record<Attribute | 'size', string> = { size: 'size', price: 'price', storage: 'storage', ram: 'RAM', screen: 'screen size', battery: 'battery', runtime: 'battery life', weight: 'weight', power: 'power', volume: 'capacity', load: 'load', noise: 'noise level', length: 'length', width: 'width', area: 'room area', camera: 'camera' };

/** A shelf title from the buyer's words: the first letter capital ("Для унитаза", "For iphone"). */
const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const RU = {
  greeting: (budget: string) => `Здравствуйте! Я помогу подобрать товар в нашем каталоге. Напишите, что ищете — например, «беспроводные наушники до ${budget}».`,
  thanks: 'Пожалуйста! Если понадобится что-то ещё — пишите, я на связи.',
  imageOnly:
    'Я пока не умею рассматривать фотографии. Опишите, пожалуйста, словами, что вы ищете — например, название, бренд, цвет или бюджет.',
  vague: (budget: string) => `Подскажите, что вы ищете? Можно указать товар, бренд и бюджет — например, «чайник Bosch до ${budget}».`,
  aboutAssistant: (shop: string) =>
    `Я виртуальный помощник магазина «${shop}», не человек. Помогаю подобрать товары из каталога и подсказываю, где узнать о доставке и возврате. Что вы ищете?`,
  offTopic: (shop: string) =>
    `С этим я, к сожалению, не помогу — я помощник магазина «${shop}» и подбираю товары из каталога. Напишите, что вы ищете, — подскажу.`,
  nothingKnown: 'Такого в нашем каталоге не нашлось. Опишите, пожалуйста, по-другому — или выберите раздел ниже.',
  topicLink: (topic: string, labels: string[]) =>
    `${capitalize(TOPIC_RU.get(topic) ?? 'ответ на ваш вопрос')} — ${labels.length > 1 ? 'на страницах' : 'на странице'} ${labels.map((l) => `«${l}»`).join(' и ')}: ${labels.length > 1 ? 'они откроются по кнопкам ниже' : 'она откроется по кнопке ниже'}.`,
  strongestFirst: 'Для игр важна мощность: сначала модели подороже — обычно они производительнее.',
  faultSorry: (help: 'links' | 'operator' | 'none') =>
    `Жаль, что так вышло.${help === 'links' ? ' Если товар куплен у нас, условия гарантии и возврата — по ссылке ниже.' : help === 'operator' ? ' Если товар куплен у нас, с гарантией или возвратом поможет оператор — кнопка ниже.' : ''}`,
  faultReplacement: 'Нужна замена?',
  faultWhatNeeded: 'Напишите, что нужно на замену, — подберу.',
  topicOperator: (topic: string) => `Точные условия ${TOPIC_GEN_RU.get(topic) ?? 'по этому вопросу'} подскажет оператор магазина — нажмите кнопку ниже.`,
  topicUnknown: (topic: string) =>
    `Об условиях ${TOPIC_GEN_RU.get(topic) ?? 'по этому вопросу'}, к сожалению, подсказать не могу — загляните на сайт магазина. А с выбором товаров помогу: напишите, что ищете.`,
  productDetail: (name: string, facts: string[]) => `${name}: ${joinFacts(facts)}.`,
  productNamedFacts: (name: string, facts: string[]) => `${name}: ${joinFacts(facts)} — так указано в названии.`,
  productNoDetail: (name: string, operator: boolean) =>
    `В карточке «${name}» об этом не сказано.${operator ? ' Могу позвать оператора — он уточнит.' : ' Могу показать похожие товары или подсказать, что к нему подойдёт.'}`,
  otherBrandNone: (what: string, brands: string) => `${what ? `${capitalize(what)} в нашем каталоге` : 'В нашем каталоге это'} только от ${brands} — других брендов нет.`,
  giftFound: (budget: string) => `Идеи подарков${budget ? ` ${budget}` : ''} из разных разделов:`,
  giftAboutFound: (topic: string, budget: string) => `Идеи подарков на тему «${topic}»${budget ? ` ${budget}` : ''}:`,
  giftAboutNearest: (topic: string, budget: string) => `На тему «${topic}» ${budget} ничего нет — вот самое близкое по цене:`,
  giftForFound: (whom: string, budget: string) => `Идеи подарков для ${whom}${budget ? ` ${budget}` : ''}:`,
  titleGiftAbout: (topic: string, budget: string) => `Подарки: ${topic}${budget ? ` ${budget}` : ''}`,
  titleGiftFor: (whom: string, budget: string) => `Подарки для ${whom}${budget ? ` ${budget}` : ''}`,
  picksFound: (budget: string) => `Вот что есть${budget ? ` ${budget}` : ''} из разных разделов.`,
  picksAsk: 'Подскажите, что вам интересно, — подберу точнее.',
  titlePicks: (budget: string) => `Из разных разделов${budget ? ` ${budget}` : ''}`,
  compared: (a: string, b: string, prices: string) =>
    `Вот ${a} и ${b} рядом: сравните цены и характеристики в карточках${prices ? ` (${prices})` : ''}. Что лучше, зависит от того, что для вас важнее, — подскажите, и я подберу.`,
  comparedFrom: (what: string, price: string) => `${what} — от ${price}`,
  comparedMissing: (missing: string, found: string) => `«${missing}» в нашем каталоге нет — вот ${found}.`,
  comparedNeither: (a: string, b: string) => `Ни «${a}», ни «${b}» в нашем каталоге нет — вот что есть из этой линейки.`,
  titleCompared: (a: string, b: string) => `${a} и ${b}`,
  onlyOneShown: (name: string) => `Я показал только один вариант — «${name}». С чем его сравнить? Назовите модель или что для вас важно.`,
  whichTwo: 'Какие два варианта сравнить? Назовите их по порядку — например, «сравни первый и третий».',
  whichTwoNone: 'Какие товары сравнить? Назовите их — например, «iPhone 15 или Galaxy S24», — или найдите товары и спросите про показанные.',
  sugCompareFirstTwo: 'Сравни первые два',
  bestDepends: (diffs: string[], cheapest: { name: string; price: string } | null) =>
    `Всё зависит от того, что для вас важнее.${diffs.length > 0 ? ` По карточкам они различаются так: ${diffs.join('. ')}.` : ' Характеристик, которыми они различаются, в карточках нет.'}${cheapest ? ` Самый доступный — «${cheapest.name}» за ${cheapest.price}.` : ''} Подскажите, что важнее, — подберу точнее.`,
  shownFact: (name: string, fact: string) => `«${name}» — ${fact}`,
  statedOnCard: (fact: string) => `Да, в карточке сказано: «${fact}».`,
  saidInName: 'сказано в названии',
  shownDetail: (lines: string[], silent: number) =>
    `По карточкам: ${lines.join('; ')}.${silent > 0 ? ` В карточках остальных (${silent}) об этом не сказано.` : ''}`,
  shownNoDetail: (operator: boolean, one = false) =>
    `${one ? 'В карточке товара об этом не сказано.' : 'В карточках показанных товаров об этом не сказано.'}${operator ? ' Могу позвать оператора — он уточнит.' : one ? ' Подробнее — на странице товара.' : ' Подробнее — на страницах товаров.'}`,
  fitsNone: (model: string, shown: number, operator: boolean) =>
    `${shown === 1 ? 'В карточке товара не сказано' : 'Ни в одной из показанных карточек не сказано'}, что ${shown === 1 ? 'он подходит' : 'товар подходит'} к ${model}.${operator ? ' Могу позвать оператора — он уточнит.' : ' Подробнее — на страницах товаров.'}`,
  fitsSome: (model: string, names: string[], others: number) =>
    `${names.length === 1 ? `Подходит к ${model}, по карточке: «${names[0]}».` : `Подходят к ${model}, по карточкам: ${names.map((n) => `«${n}»`).join(', ')}.`}${others > 0 ? ` ${others === 1 ? 'Ещё один товар его не называет.' : `Остальные (${others}) его не называют.`}` : ''}`,
  titleFits: (model: string) => `Для ${model}`,
  fitsNoneShownThese: (model: string) => `Среди показанных нет товаров, про которые сказано, что они подходят к ${model}, — вот те, что подходят по карточкам.`,
  featureNoneShownThese: (said: string) => `В карточках показанных товаров «${said}» не упоминается — вот те, в карточках которых это есть.`,
  ramLabel: (gb: number) => ['с', String(gb), 'ГБ'],
  ramOrMore: (gb: string) => `С оперативной памятью от ${gb}, по карточкам.`,
  ramNone: (gb: string, most: string) => `С оперативной памятью от ${gb} ничего не нашлось. Больше всего памяти у этих — до ${most}.`,
  shownComparedPrice: (name: string, price: string | null) => (price === null ? `«${name}»` : `«${name}» — ${price}`),
  shownCard: (name: string, price: string | null, facts: string[]) =>
    `«${name}»${price === null ? '' : ` — ${price}`}. ${
      facts.length > 0 ? `По карточке: ${joinFacts(facts)}.` : 'Других подробностей карточка не называет — они на странице товара.'
    }`,
  shownCompared: (a: string, b: string, diffs: string[]) =>
    diffs.length > 0
      ? `Сравниваем: ${a} и ${b}. По карточкам различаются: ${diffs.join('; ')}. Что лучше, зависит от того, что для вас важнее, — подскажите, и я подберу.`
      : `Сравниваем: ${a} и ${b}. Других различий, кроме цены, их карточки не называют — подробнее на страницах товаров.`,
  superlativeBest: (attribute: Attribute, most: boolean, name: string, value: string): string => {
    switch (attribute) {
      case 'price':
        return `Из показанных самый ${most ? 'дорогой' : 'недорогой'} — ${name} за ${value}.`;
      case 'weight':
        return `Из показанных самый ${most ? 'тяжёлый' : 'лёгкий'} — ${name}: ${value}.`;
      case 'power':
        return `Из показанных самый ${most ? 'мощный' : 'маломощный'} — ${name}: ${value}.`;
      case 'noise':
        return `Из показанных самый ${most ? 'громкий' : 'тихий'} — ${name}: ${value}.`;
      case 'runtime':
        return `Из показанных ${most ? 'дольше' : 'меньше'} всех без подзарядки работает ${name}: ${value}.`;
      case 'length':
        return `Из показанных самый ${most ? 'длинный' : 'короткий'} — ${name}: ${value}.`;
      case 'width':
        return `Из показанных самый ${most ? 'широкий' : 'узкий'} — ${name}: ${value}.`;
      case 'area':
        return `Из показанных на ${most ? 'самую большую' : 'самую маленькую'} площадь рассчитан ${name}: ${value}.`;
      default:
        return `${most ? SUPERLATIVE_MOST_RU[attribute] : SUPERLATIVE_LEAST_RU[attribute]} из показанных — у «${name}»: ${value}.`;
    }
  },
  superlativeSame: (attribute: Attribute, value: string, all: boolean) => `${all ? 'У всех показанных' : 'У всех, где это указано,'} ${SAME_RU[attribute]} — ${value}.`,
  superlativeUnknown: (attribute: Attribute | 'size') => `В карточках показанных товаров нет данных ${ABOUT_RU[attribute]} — точнее подскажет страница товара.`,
  titleShown: 'Показанные товары',
  addToCartOne: (name: string) => `«${name}» можно добавить в корзину кнопкой на карточке товара.`,
  addToCartPick: 'Добавить товар в корзину можно кнопкой на его карточке — выберите нужный ниже.',
  addToCartSeveral: 'Эти товары можно добавить в корзину кнопками на их карточках.',
  addToCartNothing: 'Сначала подберём товар: напишите, что ищете, — в корзину его можно будет добавить кнопкой на карточке.',
  checkout: 'Оформить заказ можно в корзине магазина: откройте её, и там будут доставка и оплата.',
  shownPriceOne: (name: string, price: string) => `«${name}» стоит ${price}.`,
  shownPriceSame: (price: string) => `Все показанные товары стоят ${price}.`,
  shownPriceRange: (from: string, to: string) => `Показанные товары стоят от ${from} до ${to}, цена каждого — на его карточке. Рассказать подробнее о каком-то из них?`,
  titleColours: (name: string) => `«${name}»: цвета`,
  colours: (name: string, colours: string[], more: number) =>
    `«${name}» есть в цветах: ${colours.join(', ')}${more > 0 ? ` и ещё ${more}` : ''}.`,
  oneColour: (name: string, colour: string) => `«${name}» в каталоге есть только в одном цвете: ${colour}.`,
  noBrandInfo: 'У этих товаров в каталоге не указан бренд, так что выбрать другой не получится. Могу показать подешевле или похожие.',
  giftAskBudget: 'Подскажите бюджет и что нравится получателю — подберу точнее.',
  giftAskBudgetOnly: 'Подскажите бюджет — подберу точнее.',
  titleGift: (budget: string) => `Идеи подарков${budget ? ` ${budget}` : ''}`,
  support: 'Сейчас позову оператора — нажмите кнопку ниже, и специалист ответит вам в чате.',
  supportNoChat: 'К сожалению, чат с оператором здесь недоступен. Я могу помочь с выбором товаров — напишите, что ищете.',
  supportButton: 'Связаться с оператором',
  links: (labels: string[]) => `Вот что может помочь: ${labels.join(', ')}.`,
  found: (n: number, what: string, close = 0) =>
    `${what ? `${capitalize(what)} — в` : 'В'}от ${n} ${plural(n, 'вариант', 'варианта', 'вариантов')}${close > 0 ? ` и ещё ${close} ${plural(close, 'похожий', 'похожих', 'похожих')}` : ''}.`,
  cheapest: (name: string, price: string) => `Самый доступный — ${name} за ${price}.`,
  cheapestInStock: (name: string, price: string) => `Самый доступный из тех, что в наличии, — ${name} за ${price}.`,
  cheapestOfSize: (size: string, name: string, price: string) => `Самый доступный из тех, что на ${size}, — ${name} за ${price}.`,
  sortedAsc: 'Сначала самые недорогие.',
  sortedDesc: 'Сначала самые дорогие.',
  partial: (words: string) => `Точного совпадения с «${words}» нет — вот самое близкое по запросу.`,
  // The sentence says «и» itself: «… и «ssd 1 тб»», not «… и «и ssd 1 тб»».
  partialTogether: (before: string, added: string) => `Товара, где было бы сразу «${before}» и «${added.replace(/^и\s+/u, '')}», нет — вот самое близкое.`,
  relaxedCategory: 'В этой категории ничего не нашлось, поэтому искал по всему каталогу.',
  relaxedBrand: (brands: string) => `У ${brands} подходящего не нашлось — вот варианты других брендов.`,
  relaxedPrice: (bound: string) => `${capitalize(bound || 'в этом бюджете')} ничего не нашлось — вот ближайшие по цене.`,
  relaxedAvailability: 'В наличии подходящего нет — показываю то, что можно заказать позже.',
  relaxedDiscount: 'Со скидкой подходящего сейчас нет — вот что есть по обычной цене.',
  relaxedExclusion: (words: string) => `Без ${words} ничего не нашлось — вот что есть.`,
  nearKind: (asked: string, shown: string) => `Именно «${asked}» в каталоге, похоже, нет — ближе всего к ним вот эти ${shown.startsWith('гарнитур') ? 'гарнитуры' : shown}.`,
  exclusionUnmentioned: (phrase: string) => `По карточкам не понять, какие из них ${phrase}: ни одна об этом не говорит — точнее подскажет страница товара.`,
  relaxedWords: (words: string) => `«${words}» в каталоге не нашлось — вот что есть из этого раздела.`,
  nearestSizes: (size: string) => `Размера ${size} нет — вот ближайшие по размеру.`,
  relaxedWordsHere: (words: string) => `Совпадений с «${words}» здесь не нашлось — вот что есть из этого раздела.`,
  notMarkedFor: (people: string) => `Отдельно для ${people} в каталоге ничего не отмечено — вот что есть из этого раздела.`,
  nothing: (query: string) =>
    `По запросу «${query}» ничего не нашлось. Попробуйте переформулировать или выберите раздел каталога.`,
  nothingPlain: 'Ничего не нашлось. Попробуйте переформулировать или выберите раздел каталога.',
  cheaperNone: 'Дешевле этих вариантов ничего подходящего нет — вот самые доступные.',
  pricierNone: 'Дороже ничего подходящего нет — вот самые дорогие из подходящих.',
  similar: (name: string) => `Похожие на «${name}»:`,
  similarCheaper: (name: string) => `Похожие на «${name}», но дешевле:`,
  similarPricier: (name: string) => `Похожие на «${name}», но дороже:`,
  notInCatalog: (name: string) => `${name} в нашем каталоге нет. Могу подобрать похожее среди того, что есть.`,
  unknownKept: (words: string) => `«${words}» в нашем каталоге не встречается — показываю ту же подборку.`,
  sizeNone: (size: string) => `Таких на ${size} не нашлось — показываю ту же подборку.`,
  moreShown: (n: number) => `Вот ещё ${n} ${plural(n, 'вариант', 'варианта', 'вариантов')}.`,
  noMore: 'Других подходящих вариантов нет — выше всё, что нашлось.',
  // "из нержавейки" comes with its own word.
  featureNone: (words: string) => `Таких ${words.startsWith('из ') ? '' : 'с '}«${words}» не нашлось — показываю ту же подборку.`,
  typeNotSold: (what: string, operator: boolean) =>
    `Похоже, «${what}» в нашем магазине ${pluralPhrase(what) ? 'не продаются' : 'не продаётся'}. ${operator ? 'Если я ошибаюсь, уточнит оператор, — а ниже разделы того, что у нас есть.' : 'Вот разделы того, что у нас есть.'}`,
  typeNotSoldFor: (what: string, purpose: string, operator: boolean) =>
    `Похоже, «${what}» в нашем магазине ${pluralPhrase(what) ? 'не продаются' : 'не продаётся'}. Вот что у нас есть ${purpose}.${operator ? ' Если я ошибаюсь, уточнит оператор.' : ''}`,
  titleFor: capitalised,
  similarNone: (name: string) => `Похожих на «${name}» товаров в каталоге не нашлось.`,
  complementary: (name: string) => `Вместе с «${name}» пригодится:`,
  complementaryNone: (name: string) => `Подходящих аксессуаров к «${name}» в каталоге не нашлось.`,
  cartComplementary: 'К товарам в корзине пригодится:',
  cartEmpty: 'Корзина пока пуста. Напишите, что ищете, — подберу.',
  productUnknown: 'Не нашёл этот товар в каталоге. Напишите, что вы ищете, — подберу варианты.',
  whichProduct: 'О каком товаре речь? Напишите его название или откройте его страницу — посмотрю, что сказано в карточке.',
  productIntro: (name: string, price: string | null) => `${name}${price ? ` — ${price}` : ''}.`,
  productFacts: (facts: string) => `Характеристики: ${facts}.`,
  productSimilarTail: 'Вот похожие варианты:',
  withBudget: (budget: string) => `Учёл ваш бюджет до ${budget}.`,
  withBrands: (brands: string) => `Учёл, что вам нравится ${brands}: они в начале списка.`,
  mostFirst: (attribute: Attribute, most: boolean) => `В начале — ${(most ? MOST_FIRST_RU : LEAST_FIRST_RU)[attribute]}.`,
  mostFirstOfCheapest: (attribute: Attribute, most: boolean) => `Из самых недорогих: в начале — ${(most ? MOST_FIRST_RU : LEAST_FIRST_RU)[attribute]}.`,
  unavailable: 'нет в наличии',
  catalogUnavailable: 'Каталог магазина сейчас недоступен. Попробуйте, пожалуйста, чуть позже.',
  cheaperThan: (p: string) => `дешевле ${p}`,
  pricierThan: (p: string) => `дороже ${p}`,
  otherBrandThan: (b: string) => `кроме ${b}`,
  without: (w: string) => `без ${w}`,
  titleSearch: (q: string) => (q ? `Подборка: ${/^[А-ЯЁ][а-яё]/u.test(q) ? q.charAt(0).toLowerCase() + q.slice(1) : q}` : 'Подборка для вас'),
  titleSimilar: 'Похожие товары',
  titleComplementary: 'Что подойдёт',
  titleCart: 'Дополните покупку',
  sugCheaper: 'Подешевле',
  sugPricier: 'Подороже',
  sugOnly: (brand: string) => `Только ${brand}`,
  sugUpTo: (price: string) => `До ${price}`,
  sugSimilar: 'Похожие',
  sugComplementary: 'Что к нему подойдёт?',
  sugInStock: 'Только в наличии',
  sugOtherBrand: 'Другого бренда',
  sugOperator: 'Позвать оператора',
  priceUpTo: (p: string) => `до ${p}`,
  priceAround: (p: string) => `около ${p}`,
  priceFrom: (p: string) => `от ${p}`,
  measureBound: (kind: BoundKind, amount: string) => ({ atleast: `от ${amount}`, over: `больше ${amount}`, atmost: `до ${amount}`, under: `меньше ${amount}` })[kind],
  inStock: 'в наличии',
  discounted: 'со скидкой',
};

const EN: typeof RU = {
  greeting: (budget: string) =>
    `Hello! I can help you find products in our catalogue. Tell me what you're looking for — for example, "wireless headphones under ${budget}".`,
  thanks: "You're welcome! If you need anything else, just write.",
  imageOnly:
    "I can't look at photos yet. Please describe in words what you're looking for — a product name, brand, colour or budget.",
  vague: (budget: string) => `What are you looking for? You can name a product, a brand and a budget — for example, "Bosch kettle under ${budget}".`,
  aboutAssistant: (shop: string) =>
    `I'm the virtual assistant of ${shop}, not a person. I help you choose products from the catalogue and show where to read about shipping and returns. What are you looking for?`,
  offTopic: (shop: string) => `I'm afraid I can't help with that — I'm the shopping assistant of ${shop} and I find products in its catalogue. Tell me what you're looking for.`,
  nothingKnown: "We don't seem to have that in our catalogue. Try describing it differently, or pick a section below.",
  topicLink: (topic: string, labels: string[]) =>
    `${TOPIC_EN.get(topic) ? `Everything about ${TOPIC_EN.get(topic)}` : 'The answer'} is on the ${labels.map((l) => `"${l}"`).join(' and ')} ${labels.length > 1 ? 'pages — the buttons below open them' : 'page — the button below opens it'}.`,
  strongestFirst: 'For gaming, power matters: the pricier models come first, as they are usually the more powerful.',
  faultSorry: (help: 'links' | 'operator' | 'none') =>
    `Sorry to hear that.${help === 'links' ? ' If you bought it here, the warranty and returns terms are at the link below.' : help === 'operator' ? ' If you bought it here, an operator will help with the warranty or a return — press the button below.' : ''}`,
  faultReplacement: 'Need a replacement?',
  faultWhatNeeded: "Tell me what you need instead and I'll find it.",
  topicOperator: (topic: string) => `An operator of the shop can tell you the exact terms of ${TOPIC_EN.get(topic) ?? 'this'} — press the button below.`,
  topicUnknown: (topic: string) =>
    `I'm afraid I can't tell you the terms of ${TOPIC_EN.get(topic) ?? 'this'} — please check the shop's website. I can help you choose products, though: tell me what you need.`,
  productDetail: (name: string, facts: string[]) => `${name}: ${joinFacts(facts)}.`,
  productNamedFacts: (name: string, facts: string[]) => `${name}: ${joinFacts(facts)}, as its name states.`,
  productNoDetail: (name: string, operator: boolean) =>
    `The product card of ${name} doesn't say.${operator ? ' I can call an operator to find out.' : ' I can show similar products or what goes with it.'}`,
  otherBrandNone: (what: string, brands: string) => `We only have ${what ? `${what} ` : 'this '}from ${brands} — no other brands.`,
  giftFound: (budget: string) => `Gift ideas${budget ? ` ${budget}` : ''} from different sections:`,
  giftAboutFound: (topic: string, budget: string) => `Gift ideas for someone into ${topic}${budget ? ` ${budget}` : ''}:`,
  giftAboutNearest: (topic: string, budget: string) => `Nothing for someone into ${topic} ${budget} — here is the closest in price:`,
  giftForFound: (whom: string, budget: string) => `Gift ideas for ${whom}${budget ? ` ${budget}` : ''}:`,
  titleGiftAbout: (topic: string, budget: string) => `Gifts: ${topic}${budget ? ` ${budget}` : ''}`,
  titleGiftFor: (whom: string, budget: string) => `Gifts for ${whom}${budget ? ` ${budget}` : ''}`,
  picksFound: (budget: string) => `Here is a pick${budget ? ` ${budget}` : ''} from different sections.`,
  picksAsk: "Tell me what you're into, and I'll narrow it down.",
  titlePicks: (budget: string) => `From different sections${budget ? ` ${budget}` : ''}`,
  compared: (a: string, b: string, prices: string) =>
    `Here are ${a} and ${b} side by side: compare their prices and details on the cards${prices ? ` (${prices})` : ''}. Which is better depends on what matters most to you — tell me and I'll narrow it down.`,
  comparedFrom: (what: string, price: string) => `${what} from ${price}`,
  comparedMissing: (missing: string, found: string) => `We don't have “${missing}” — here is ${found}.`,
  comparedNeither: (a: string, b: string) => `We have neither “${a}” nor “${b}” — here is what we have of that line.`,
  titleCompared: (a: string, b: string) => `${a} vs ${b}`,
  onlyOneShown: (name: string) => `I showed just one option, “${name}”. What should I compare it with? Name a model or what matters to you.`,
  whichTwo: 'Which two shall I compare? Name them by their place, for example “compare the first and the third”.',
  whichTwoNone: 'Which products shall I compare? Name them, for example “iPhone 15 or Galaxy S24”, or find some and ask about the ones shown.',
  sugCompareFirstTwo: 'Compare the first two',
  bestDepends: (diffs: string[], cheapest: { name: string; price: string } | null) =>
    `It depends on what matters most to you.${diffs.length > 0 ? ` Their cards differ in ${diffs.join('. ')}.` : ' Their cards state no feature in which they differ.'}${cheapest ? ` The most affordable is “${cheapest.name}” at ${cheapest.price}.` : ''} Tell me what matters most and I'll narrow it down.`,
  shownFact: (name: string, fact: string) => `“${name}”: ${fact}`,
  statedOnCard: (fact: string) => `Yes, its card says: “${fact}”.`,
  saidInName: 'its name says so',
  shownDetail: (lines: string[], silent: number) =>
    `From the cards: ${lines.join('; ')}.${silent > 0 ? ` The other ${silent === 1 ? 'card does' : `${silent} cards do`} not say.` : ''}`,
  shownNoDetail: (operator: boolean, one = false) =>
    `${one ? "The product's card doesn't say." : "The cards of these products don't say."}${operator ? ' I can call an operator to find out.' : one ? ' The product page may have more.' : ' The product pages may have more.'}`,
  fitsNone: (model: string, shown: number, operator: boolean) =>
    `${shown === 1 ? "The product's card doesn't say it fits" : 'None of the cards shown says it fits'} ${model}.${operator ? ' I can call an operator to check.' : ' The product pages may have more.'}`,
  fitsSome: (model: string, names: string[], others: number) =>
    `${names.length === 1 ? `By its card, “${names[0]}” fits ${model}.` : `By their cards, these fit ${model}: ${names.map((n) => `“${n}”`).join(', ')}.`}${others > 0 ? ` The other ${others === 1 ? 'one does' : `${others} do`} not name it.` : ''}`,
  titleFits: (model: string) => `For ${model}`,
  fitsNoneShownThese: (model: string) => `None of the cards shown says it fits ${model} — these do.`,
  featureNoneShownThese: (said: string) => `None of the cards shown mention “${said}” — these do.`,
  ramLabel: (gb: number) => ['with', `${gb}GB`],
  ramOrMore: (gb: string) => `With ${gb} of RAM or more, by their cards.`,
  ramNone: (gb: string, most: string) => `Nothing here has ${gb} of RAM or more. These have the most, up to ${most}.`,
  shownComparedPrice: (name: string, price: string | null) => (price === null ? `“${name}”` : `“${name}” at ${price}`),
  shownCard: (name: string, price: string | null, facts: string[]) =>
    `“${name}”${price === null ? '' : ` at ${price}`}. ${
      facts.length > 0 ? `From its card: ${joinFacts(facts)}.` : 'Its card names no more details — the product page has them.'
    }`,
  shownCompared: (a: string, b: string, diffs: string[]) =>
    diffs.length > 0
      ? `Side by side: ${a} and ${b}. Where their cards differ: ${diffs.join('; ')}. Which is better depends on what matters most to you — tell me and I'll narrow it down.`
      : `Side by side: ${a} and ${b}. Their cards name no difference beyond the price — the product pages have more.`,
  superlativeBest: (attribute: Attribute, most: boolean, name: string, value: string): string => {
    switch (attribute) {
      case 'price':
        return `Of these, the ${most ? 'most expensive' : 'cheapest'} is ${name} at ${value}.`;
      case 'weight':
        return `Of these, the ${most ? 'heaviest' : 'lightest'} is ${name}: ${value}.`;
      case 'power':
        return `Of these, the ${most ? 'most' : 'least'} powerful is ${name}: ${value}.`;
      case 'noise':
        return `Of these, the ${most ? 'loudest' : 'quietest'} is ${name}: ${value}.`;
      case 'length':
        return `Of these, the ${most ? 'longest' : 'shortest'} is ${name}: ${value}.`;
      case 'width':
        return `Of these, the ${most ? 'widest' : 'narrowest'} is ${name}: ${value}.`;
      case 'area':
        return `Of these, ${name} is rated for the ${most ? 'largest' : 'smallest'} room: ${value}.`;
      default:
        return `Of these, ${name} has the ${most ? SUPERLATIVE_MOST_EN[attribute] : SUPERLATIVE_LEAST_EN[attribute]}: ${value}.`;
    }
  },
  superlativeSame: (attribute: Attribute, value: string, all: boolean) =>
    `${all ? 'All of these have' : 'Those whose cards state it have'} the same ${NOUN_EN[attribute]}: ${value}.`,
  superlativeUnknown: (attribute: Attribute | 'size') => `The cards of these products do not state the ${NOUN_EN[attribute]}; the product pages may.`,
  titleShown: 'The products shown',
  addToCartOne: (name: string) => `You can add "${name}" to your cart with the button on its card.`,
  addToCartPick: 'You can add a product to your cart with the button on its card — pick the one you want below.',
  addToCartSeveral: 'You can add these to your cart with the buttons on their cards.',
  addToCartNothing: "Let's find the product first: tell me what you're looking for, and you can add it to your cart from its card.",
  checkout: 'You can place the order from the shop\'s cart: open it to choose delivery and payment.',
  shownPriceOne: (name: string, price: string) => `"${name}" costs ${price}.`,
  shownPriceSame: (price: string) => `All the products shown cost ${price}.`,
  shownPriceRange: (from: string, to: string) => `The products shown cost from ${from} to ${to}; each card shows its price. Shall I tell you more about one of them?`,
  titleColours: (name: string) => `${name}: colours`,
  colours: (name: string, colours: string[], more: number) =>
    `${name} comes in ${colours.length === 2 ? colours.join(' and ') : colours.join(', ')}${more > 0 ? `, and ${more} more` : ''}.`,
  oneColour: (name: string, colour: string) => `The catalogue has ${name} in one colour only: ${colour}.`,
  noBrandInfo: "The catalogue doesn't name a brand for these products, so I can't pick another one. I can show cheaper or similar ones.",
  giftAskBudget: "Tell me the budget and what they like, and I'll narrow it down.",
  giftAskBudgetOnly: "Tell me the budget, and I'll narrow it down.",
  titleGift: (budget: string) => `Gift ideas${budget ? ` ${budget}` : ''}`,
  support: "I'll get an operator for you — press the button below and a specialist will answer in the chat.",
  supportNoChat: "Sorry, an operator chat isn't available here. I can help you choose products — tell me what you need.",
  supportButton: 'Contact an operator',
  links: (labels: string[]) => `This may help: ${labels.join(', ')}.`,
  found: (n: number, what: string, close = 0) =>
    `${what ? `${capitalize(what)}: h` : 'H'}ere ${n === 1 ? 'is 1 option' : `are ${n} options`}${close > 0 ? `, and ${close} close ${close === 1 ? 'one' : 'ones'}` : ''}.`,
  cheapest: (name: string, price: string) => `The most affordable is ${name} at ${price}.`,
  cheapestInStock: (name: string, price: string) => `The most affordable in stock is ${name} at ${price}.`,
  cheapestOfSize: (size: string, name: string, price: string) => `The most affordable at ${size} is ${name} at ${price}.`,
  sortedAsc: 'Cheapest first.',
  sortedDesc: 'Most expensive first.',
  partial: (words: string) => `Nothing matches "${words}" exactly — here is the closest to your request.`,
  partialTogether: (before: string, added: string) => `Nothing is both "${before}" and "${added.replace(/^and\s+/u, '')}" — here is the closest.`,
  relaxedCategory: 'Nothing in that category, so I searched the whole catalogue.',
  relaxedBrand: (brands: string) => `Nothing suitable from ${brands} — here are other brands.`,
  relaxedPrice: (bound: string) => `Nothing ${bound} — here are the closest in price.`,
  relaxedAvailability: 'Nothing suitable in stock — showing items you can order for later.',
  relaxedDiscount: 'Nothing suitable is on sale right now — here is what we have at the regular price.',
  relaxedExclusion: (words: string) => `Nothing here comes without ${words} — here is what there is.`,
  nearKind: (asked: string, shown: string) => `We don't seem to carry ${asked} as such — the closest we have are these ${shown.endsWith('s') ? shown : `${shown}s`}.`,
  exclusionUnmentioned: (phrase: string) => `The cards don't say which of these are ${phrase}: none of them mentions it — the product page will tell you more.`,
  relaxedWords: (words: string) => `Nothing matches "${words}" — here is what this section has.`,
  nearestSizes: (size: string) => `There is nothing in ${size} — here are the nearest sizes.`,
  relaxedWordsHere: (words: string) => `Nothing here matches "${words}" — here is what this section has.`,
  notMarkedFor: (people: string) => `Nothing here is marked as for ${people} — here is what this section has.`,
  nothing: (query: string) => `Nothing found for "${query}". Try rephrasing, or pick a section of the catalogue.`,
  nothingPlain: 'Nothing found. Try rephrasing, or pick a section of the catalogue.',
  cheaperNone: 'Nothing suitable is cheaper than these — here are the most affordable.',
  pricierNone: 'Nothing suitable is pricier — here are the most expensive matches.',
  similar: (name: string) => `Similar to ${name}:`,
  similarCheaper: (name: string) => `Like ${name}, but cheaper:`,
  similarPricier: (name: string) => `Like ${name}, but pricier:`,
  notInCatalog: (name: string) => `We don't carry ${name}. I can suggest something similar from what we have.`,
  unknownKept: (words: string) => `Nothing in our catalogue mentions "${words}" — here is the same selection.`,
  featureNone: (words: string) => `None of these mentions "${words}" — here is the same selection.`,
  sizeNone: (size: string) => `None of these comes in ${size} — here is the same selection.`,
  moreShown: (n: number) => (n === 1 ? 'Here is 1 more option.' : `Here are ${n} more options.`),
  noMore: 'There are no more that fit: those above are all I found.',
  typeNotSold: (what: string, operator: boolean) =>
    `It looks like we don't sell "${what}" in this shop. ${operator ? 'An operator can double-check — and below are the sections of what we do have.' : 'Here are the sections of what we do have.'}`,
  typeNotSoldFor: (what: string, purpose: string, operator: boolean) =>
    `It looks like we don't sell "${what}" in this shop. Here is what we have ${purpose}.${operator ? ' An operator can double-check if I got it wrong.' : ''}`,
  titleFor: capitalised,
  similarNone: (name: string) => `I couldn't find products similar to ${name}.`,
  complementary: (name: string) => `Goes well with ${name}:`,
  complementaryNone: (name: string) => `I couldn't find accessories for ${name} in the catalogue.`,
  cartComplementary: 'These go well with what is in your cart:',
  cartEmpty: "Your cart is empty for now. Tell me what you're looking for and I'll help.",
  productUnknown: "I couldn't find this product in the catalogue. Tell me what you're looking for and I'll suggest options.",
  whichProduct: "Which product do you mean? Tell me its name or open its page, and I'll check what its card says.",
  productIntro: (name: string, price: string | null) => `${name}${price ? ` — ${price}` : ''}.`,
  productFacts: (facts: string) => `Specifications: ${facts}.`,
  productSimilarTail: 'Here are similar options:',
  withBudget: (budget: string) => `I kept to your budget of up to ${budget}.`,
  withBrands: (brands: string) => `You like ${brands}, so I put them first.`,
  mostFirst: (attribute: Attribute, most: boolean) => `The ${(most ? MOST_FIRST_EN : LEAST_FIRST_EN)[attribute]} first.`,
  mostFirstOfCheapest: (attribute: Attribute, most: boolean) => `Of the most affordable, the ${(most ? MOST_FIRST_EN : LEAST_FIRST_EN)[attribute]} first.`,
  unavailable: 'out of stock',
  catalogUnavailable: 'The shop catalogue is not available right now. Please try again a little later.',
  cheaperThan: (p: string) => `cheaper than ${p}`,
  pricierThan: (p: string) => `pricier than ${p}`,
  otherBrandThan: (b: string) => `except ${b}`,
  without: (w: string) => `without ${w}`,
  titleSearch: (q: string) => (q ? `Picks: ${q}` : 'Picks for you'),
  titleSimilar: 'Similar products',
  titleComplementary: 'Goes well with it',
  titleCart: 'Complete your purchase',
  sugCheaper: 'Cheaper',
  sugPricier: 'More premium',
  sugOnly: (brand: string) => `Only ${brand}`,
  sugUpTo: (price: string) => `Under ${price}`,
  sugSimilar: 'Similar',
  sugComplementary: 'What goes with it?',
  sugInStock: 'In stock only',
  sugOtherBrand: 'Other brand',
  sugOperator: 'Talk to an operator',
  priceUpTo: (p: string) => `under ${p}`,
  priceAround: (p: string) => `around ${p}`,
  priceFrom: (p: string) => `over ${p}`,
  measureBound: (kind: BoundKind, amount: string) => ({ atleast: `${amount} and up`, over: `over ${amount}`, atmost: `up to ${amount}`, under: `under ${amount}` })[kind],
  inStock: 'in stock',
  discounted: 'on sale',
};

export type Texts = typeof RU;

/** The phrase book of a language. */
export function texts(lang: Lang): Texts {
  return lang === 'en' ? EN : RU;
}

/** Capitalises a sentence start, unless it starts with a model written in mixed case ("iPhone"). */
function capitalize(s: string): string {
  const first = s.split(/\s/u, 1)[0] ?? '';
  return /^\p{Ll}.*\p{Lu}/u.test(first) ? s : s.charAt(0).toUpperCase() + s.slice(1);
}

/** A budget for the examples of the greeting and the "what are you looking for?" answer, in the shop's currency. */
export function exampleBudget(symbol: string, lang: Lang): string {
  const amount = symbol === '$' || symbol === '€' || symbol === '£' ? 100 : 5000;
  return formatPrice(amount, symbol, lang);
}
