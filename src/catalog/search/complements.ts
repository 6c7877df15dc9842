/**
 * What goes with what: for a kind of product, the kinds of accessories and consumables a
 * shop assistant would offer with it. Kinds are recognised by stems of the product's name
 * head and category path; accessories are looked up by search words (Russian words here
 * reach English catalogues through the synonym groups).
 */
import { stem } from './stem.ts';
import { tokenize } from './tokenize.ts';

interface Rule {
  /** Words naming the product kind (any of them). */
  when: string[];
  /**
   * Search words for each accessory kind, in the order they are worth offering. The first
   * word is the kind (what the accessory is); further words give context that must match
   * too ("фильтр пылесос": a filter, for a vacuum cleaner).
   */
  offer: string[];
}

const RULES: Rule[] = [
  { when: ['смартфон', 'телефон', 'iphone', 'smartphone', 'phone', 'phones'], offer: ['чехол', 'стекло', 'зарядка', 'наушники', 'пауэрбанк'] },
  { when: ['планшет', 'ipad', 'tablet'], offer: ['чехол', 'стекло', 'зарядка', 'клавиатура', 'стилус'] },
  { when: ['ноутбук', 'macbook', 'laptop', 'notebook', 'ультрабук'], offer: ['мышь', 'рюкзак', 'чехол', 'сумка', 'зарядка'] },
  { when: ['телевизор', 'television', 'tv'], offer: ['кронштейн', 'саундбар', 'hdmi'] },
  { when: ['часы', 'watch', 'smartwatch', 'браслет'], offer: ['ремешок', 'зарядка', 'стекло'] },
  { when: ['наушники', 'headphones', 'earbuds', 'гарнитура'], offer: ['чехол наушники', 'зарядка', 'кабель'] },
  { when: ['колонка', 'акустика', 'speaker'], offer: ['пауэрбанк', 'кабель'] },
  { when: ['саундбар', 'soundbar'], offer: ['hdmi', 'кронштейн'] },
  { when: ['кофемашина', 'кофеварка', 'coffee'], offer: ['кофе', 'накипь', 'фильтр кофемашина', 'кувшин'] },
  { when: ['чайник', 'электрочайник', 'kettle'], offer: ['накипь', 'фильтр чайник'] },
  { when: ['пылесос', 'vacuum'], offer: ['фильтр пылесос', 'мешки пылесос', 'насадка пылесос', 'щетка пылесос'] },
  { when: ['утюг', 'парогенератор', 'iron'], offer: ['накипь', 'доска'] },
  { when: ['зубная', 'toothbrush'], offer: ['насадки'] },
  { when: ['бритва', 'электробритва', 'триммер', 'shaver', 'trimmer'], offer: ['насадки', 'лезвие', 'сетка'] },
  { when: ['сковорода', 'сковородка', 'кастрюля', 'pan'], offer: ['крышка', 'лопатка'] },
  { when: ['принтер', 'мфу', 'printer'], offer: ['картридж', 'тонер', 'бумага'] },
  { when: ['фотоаппарат', 'камера', 'camera'], offer: ['карта памяти', 'штатив', 'сумка'] },
  { when: ['навигатор', 'navigator'], offer: ['держатель', 'крепление', 'кабель'] },
  { when: ['мышь', 'мышка', 'mouse'], offer: ['коврик мыши', 'pad mouse', 'клавиатура'] },
  { when: ['клавиатура', 'keyboard'], offer: ['мышь', 'rest wrist'] },
  { when: ['монитор', 'monitor'], offer: ['hdmi', 'кронштейн монитор', 'arm monitor'] },
  { when: ['видеокарта'], offer: ['блок питания'] },
  { when: ['процессор'], offer: ['кулер', 'термопаста', 'материнская плата'] },
  { when: ['стол', 'столешница'], offer: ['стул', 'подстолье'] },
  { when: ['стул', 'кресло'], offer: ['стол'] },
  { when: ['подстолье'], offer: ['столешница'] },
  { when: ['смеситель'], offer: ['шланг', 'лейка', 'душ'] },
  { when: ['унитаз'], offer: ['сиденье', 'инсталляция'] },
  { when: ['полотенцесушитель'], offer: ['кран'] },
  { when: ['стиральная', 'washer'], offer: ['шланг', 'средство'] },
  { when: ['фен', 'hairdryer'], offer: ['насадка', 'расческа'] },
  { when: ['блендер', 'blender'], offer: ['насадка', 'чаша'] },
];

const STEMMED: Array<{ when: Set<string>; offer: string[] }> = RULES.map((r) => ({
  when: new Set(r.when.flatMap((w) => tokenize(w)).map(stem)),
  offer: r.offer,
}));

/**
 * Accessory search words for a product, from the first rule whose kind words appear in
 * the product's name head, else in its category path. Empty when no rule fits.
 */
export function accessoryQueries(nameHeadWords: string[], categoryWords: string[]): string[] {
  for (const words of [nameHeadWords, categoryWords]) {
    const stems = new Set(words.map(stem));
    // The first word of a name head is the product kind in Russian ("Смартфон Samsung …"),
    // so a rule it names wins over one named later in the head.
    const first = words[0] !== undefined ? stem(words[0]) : undefined;
    const byFirst = STEMMED.find((r) => first !== undefined && r.when.has(first));
    if (byFirst) {
      return byFirst.offer;
    }
    const any = STEMMED.find((r) => [...r.when].some((w) => stems.has(w)));
    if (any) {
      return any.offer;
    }
  }
  return [];
}
