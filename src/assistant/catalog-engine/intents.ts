/**
 * What a buyer's message is about, before any search: small talk (greeting, thanks), a
 * request for a person or a complaint, a shop topic the tenant has a link for, or a
 * product request (search, similar, "what goes with it", a refinement of the last
 * search). The language to answer in is `../language.ts`.
 */
import type { TenantLink } from '../../config/tenant.ts';
import { stem } from '../../catalog/search/stem.ts';
import { qualityOf } from '../../catalog/search/synonyms.ts';
import { hasAdjectiveEnding, isCyrillic, normalizeText, tokenize } from '../../catalog/search/tokenize.ts';
import { boundText } from '../../catalog/search/limits.ts';
import { asksDiscounted } from '../../catalog/search/price.ts';
import { STOP_WORDS } from '../../catalog/search/stopwords.ts';

const GREETING = new Set([
  'привет', 'приветик', 'здравствуй', 'здравствуйте', 'здрасте', 'добрый', 'доброе', 'день', 'вечер', 'утро', 'доброго',
  'времени', 'суток', 'хай', 'салют', 'здорово', 'hello', 'hi', 'hey', 'hiya', 'good', 'morning', 'afternoon', 'evening',
  'greetings', 'there', 'как', 'дела', 'how', 'are', 'you', 'ты', 'вы', 'бот', 'bot', 'assistant', 'ассистент',
]);
const THANKS = new Set([
  'спасибо', 'спс', 'благодарю', 'пасиб', 'спасибки', 'большое', 'огромное', 'thanks', 'thank', 'you', 'thx', 'ty',
  'much', 'so', 'very', 'a', 'lot', 'отлично', 'супер', 'понятно', 'ясно', 'ок', 'окей', 'ok', 'okay', 'хорошо',
  'great', 'perfect', 'cool', 'nice', 'пока', 'до', 'свидания', 'bye', 'goodbye', 'всего', 'доброго', 'помогли',
  'помог', 'helped', 'that', 'is', 'all', 'это', 'все', 'всё', 'на', 'этом', 'всем', 'посмотрю', 'подумаю',
]);
// "пока" (bye) only as a whole word: as a stem it matches "покажи" and "показать".
const THANKS_CORE = /(спасиб|спс|благодар|пасиб|thank|thx|^ty$|^пока$|свидани|bye|goodbye)/u;
const GREETING_CORE = /(привет|здравств|здрасте|добр(ый|ое|ого)|^хай$|салют|^hello$|^hi$|^hey$|^hiya$|morning|afternoon|evening|greetings)/u;

const SUPPORT = [
  /оператор/u, /живо(й|го|м) (человек|консультант|сотрудник)/u, /с человеком/u, /(позов|соедин|нужен|хочу|дайте|пригласи|позвать)\S*\s+(\S+\s+)?(человек|сотрудник|специалист)/u,
  /консультант/u, /менеджер/u, /служб[аеуы] поддержк/u, /техподдержк/u, /(в|к) поддержк[уе]/u, /с поддержкой (магазина|связаться)/u, /^поддержк/u,
  /соедин(и|ите) (меня )?с/u, /позов(и|ите)/u, /связать(ся)? с/u, /с вами связать/u, /ваш(и|ему|ем)? (телефон|контакт|номер)/u, /позвонить (вам|в магазин)/u,
  /поговорить с/u, /жалоб/u, /пожаловат/u, /претензи/u,
  /недовол/u, /ужасн/u, /безобраз/u, /обман/u, /хамств/u, /возмутит/u, /кошмар/u, /верните деньги/u, /отвратит/u,
  /\boperator\b/u, /\bhuman\b/u, /real person/u, /live (agent|person|chat)/u, /\bagent\b/u, /customer (service|support|care)/u,
  /support (team|chat|agent)/u, /(contact|call|reach|talk to|speak to|speak with|talk with) (support|someone|somebody|a person|a manager|a human|an agent|you|the shop|the store)/u,
  /your (phone number|contacts|email)/u,
  /tech support/u, /representative/u, /\bcomplain/u, /complaint/u, /terrible/u, /awful/u, /\bscam\b/u, /ripped off/u,
  /\bmanager\b/u, /disappointed/u, /unacceptable/u, /worst/u,
];

const SIMILAR = [/похож/u, /аналог/u, /альтернатив/u, /другие вариант/u, /что-то вроде/u, /типа этого/u, /similar/u, /alternative/u, /like this/u, /like that/u, /other options/u];
const COMPLEMENTARY = [
  /подойд[её]т/u, /подходит к/u, /к нему/u, /к ней/u, /к этому/u, /в комплект/u, /аксессуар/u, /что ещ[её] (взять|купить|добавить)/u, /что (взять|купить|добавить) к/u,
  /докупить/u, /дополн/u, /сопутств/u, /goes? with/u, /go with/u, /to go with/u, /accessor/u, /complement/u, /what else/u,
  /add to (it|my|the)/u, /pair with/u, /match(es)? (it|this)/u,
  // "что нужно для установки унитаза?", "what do I need to install a dishwasher?": what goes
  // with it (it was searched, and titled «Унитаза» over toilets).
  /что (?:ещ[её] )?(?:нужно|нужны|нужен|нужна|надо|понадобится|понадобятся|потребуется|потребуются) (?:купить )?(?:для|к|чтобы)(?: (?:установк|монтаж|подключени|установить|смонтировать|подключить)[а-яё]*)?/u,
  /what (?:else )?(?:do|will|would) (?:i|you|we) need (?:for|to)(?: (?:install|installing|set up|setting up|mount|mounting|connect|connecting|use|using)(?: it| the| a| an| my)?)?/u,
];
const OTHER_BRAND = [
  /друг(ого|ой|ие|ую) (бренд|фирм|производител|марк)/u, /не (этого|этой) (бренд|фирм|марк)/u, /other brand/u, /different brand/u, /another brand/u, /other makers?/u,
  // "any cheaper brand?", «бренд подешевле»: another brand, and cheaper (the price word stays for the parser).
  /(?<=(?:cheaper|less expensive|more affordable) )(?:brands?|makers?|makes?)(?![a-z])/u, /(?:бренд|фирм|марк|производител)[а-яё]*(?= подешевле)|(?<=подешевле )(?:бренд|фирм|марк|производител)[а-яё]*/u,
];

function only(words: string[], allowed: Set<string>, core: RegExp): boolean {
  return words.length > 0 && words.every((w) => allowed.has(w) || core.test(w)) && words.some((w) => core.test(w));
}

/** A message that is only a greeting ("Привет!", "Good evening"). */
export function isGreeting(text: string): boolean {
  return only(tokenize(text), GREETING, GREETING_CORE);
}

/** A message that is only thanks or a goodbye ("Спасибо, всё понятно", "thanks!"). */
export function isThanks(text: string): boolean {
  return only(tokenize(text), THANKS, THANKS_CORE);
}

/** The buyer asks for a person, an operator or support, or complains. */
export function wantsSupport(text: string): boolean {
  const norm = normalizeText(text);
  return SUPPORT.some((re) => re.test(norm));
}

/**
 * A product named as the measure of what is wanted: "наушники как airpods, но дешевле",
 * "headphones like airpods but cheaper", "something like the wh-1000xm5", "что-то вроде kindle".
 * Never "как работает доставка?" nor "I'd like a phone": "как"/"like" alone say nothing.
 */
const LIKE_NAMED = [
  /(?:^|\s)(?:как|типа|вроде)\s+\S.*\s(?:но|только|а)\s+(?:по)?(?:дешевле|дороже|бюджетнее|доступнее)/u,
  // Not the verb: "i'd like a phone but cheaper than that".
  /(?<!(?:would|'d|\bi|\bwe|\byou)\s)\blike\s+\S.*\bbut\s+(?:cheaper|less expensive|more affordable|pricier|more expensive)\b/u,
  /\bsomething like\s+\S/u,
  /(?:^|\s)что-(?:то|нибудь)\s+(?:как|типа|вроде)\s+\S/u,
];
/** The connecting words of those, taken out before the product named is looked up. */
const LIKE_WORDS = /(?:^|\s)(?:как|типа|вроде|но|только|а|что-то|что-нибудь|something|like|but)(?=\s|$)/gu;

function likeNamed(norm: string): boolean {
  return norm.length <= MAX_LIKE_CHARS && LIKE_NAMED.some((re) => re.test(norm));
}
/** "Like X but cheaper" is said in a short message. */
const MAX_LIKE_CHARS = 200;

export function wantsSimilar(text: string): boolean {
  const norm = normalizeText(text);
  return SIMILAR.some((re) => re.test(norm)) || likeNamed(norm);
}

/** "к нему", "к ней", "with it", "for them": the message points at a product already in view. */
const REFERS = /(?:^|[^\p{L}])(?:к\s+(?:нему|ней|ним|этому|этой|этим)|(?:with|for)\s+(?:it|them|this|these|that))(?=[^\p{L}]|$)/iu;

export function refersToShown(text: string): boolean {
  return text.length <= MAX_SHOWN_QUESTION_CHARS && REFERS.test(text);
}

export function wantsComplementary(text: string): boolean {
  const norm = normalizeText(text);
  return COMPLEMENTARY.some((re) => re.test(norm));
}

export function wantsOtherBrand(text: string): boolean {
  const norm = normalizeText(text);
  return OTHER_BRAND.some((re) => re.test(norm));
}

/**
 * Removes the words of the intent phrases above, so what is left can be searched
 * ("похожие на iphone 15" → "на iphone 15").
 */
export function stripIntentWords(text: string): string {
  let norm = normalizeText(text);
  if (likeNamed(norm)) {
    norm = norm.replace(LIKE_WORDS, ' ');
  }
  for (const re of INTENT_PATTERNS) {
    norm = removeWholeWords(norm, re);
  }
  return norm.replace(/\s+/g, ' ').trim();
}

const INTENT_PATTERNS = [...SIMILAR, ...COMPLEMENTARY, ...OTHER_BRAND].map((re) => new RegExp(re.source, 'gu'));
const LETTER = /\p{L}/u;

function isLetter(ch: string | undefined): boolean {
  return ch !== undefined && LETTER.test(ch);
}

/**
 * Replaces each match of `re` (global) with a space, together with the letters around it:
 * "похож" takes "похожие" with it, not leaving "ие" behind. The letters are walked from the
 * match outwards; a pattern wrapped in `\p{L}*` instead made a run of letters quadratic.
 */
function removeWholeWords(text: string, re: RegExp): string {
  re.lastIndex = 0;
  let out = '';
  let from = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    let start = m.index;
    let end = start + m[0].length;
    if (end === start) {
      re.lastIndex++;
      continue;
    }
    while (start > from && isLetter(text[start - 1])) {
      start--;
    }
    while (end < text.length && isLetter(text[end])) {
      end++;
    }
    out += `${text.slice(from, start)} `;
    from = end;
    re.lastIndex = end;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * The tenant's links whose keywords the message names. Keywords are compared by stem, so
 * "доставка" matches "доставку" and "delivery" matches "deliveries"; a keyword of several
 * words needs all of them.
 */
export function matchLinks(text: string, links: TenantLink[]): { links: TenantLink[]; words: Set<string> } {
  const words = tokenize(text);
  const stems = words.map(stem);
  const used = new Set<string>();
  const found: TenantLink[] = [];
  for (const link of links) {
    let hit = false;
    for (const keyword of link.keywords) {
      const kw = tokenize(keyword).map(stem);
      if (kw.length > 0 && kw.every((k) => stems.some((s) => s === k || (k.length >= 4 && s.startsWith(k))))) {
        hit = true;
        words.forEach((w, i) => {
          if (kw.some((k) => stems[i] === k || (k.length >= 4 && (stems[i] as string).startsWith(k)))) {
            used.add(w);
          }
        });
      }
    }
    if (hit) {
      found.push(link);
    }
  }
  return { links: found, words: used };
}

/** Questions about the assistant itself ("ты робот?", "who are you?", "что ты умеешь?"). */
const ABOUT_ASSISTANT = [
  /^(а )?(ты|вы) (робот|бот|человек|живой|живая|настоящий|настоящая|нейросеть|ии|ai|кто|программа)/u, /^кто (ты|вы)( такой| такая| такие)?$/u,
  /что (ты|вы) умее(шь|те)/u, /(ты|вы) (умее(шь|те)|може(шь|те)) (делать|помочь)/u, /как тебя зовут/u, /как вас зовут/u,
  /^are you (a |an )?(robot|bot|human|real|person|ai|machine|chatbot)/u, /^who are you/u, /what can you do/u, /^what are you(?![\p{L}])/u,
  /what('s| is) your name/u, /^(is this|am i talking to) (a )?(bot|robot|human|real person)/u,
];

/** Small talk off the shop's subject: weather, news, jokes, the time, how one is. */
const OFF_TOPIC = [
  /погод/u, /новост/u, /анекдот/u, /шутк/u, /пошути/u, /который час/u, /сколько (сейчас )?времени/u, /курс (доллара|евро|валют)/u,
  /как (у тебя|у вас|твои|ваши) дела/u, /как дела/u, /как жизнь/u, /что нового/u, /смысл жизни/u, /расскажи (о себе|про себя)/u,
  /\bweather\b(?![- ]?(proof|resistant|sealed))/u, /\bnews\b/u, /\bjoke\b/u, /what time is it/u, /how are you/u, /how's it going/u, /meaning of life/u, /tell me about yourself/u,
];

/** The assistant is asked about itself. */
export function isAboutAssistant(text: string): boolean {
  const norm = normalizeText(text).replace(/[^\p{L}\p{N}' ]+/gu, ' ').replace(/\s+/g, ' ').trim();
  return ABOUT_ASSISTANT.some((re) => re.test(norm));
}

/** Small talk that is not about shopping. */
export function isOffTopic(text: string): boolean {
  const norm = normalizeText(text);
  return OFF_TOPIC.some((re) => re.test(norm));
}

/**
 * Conversation rather than a request for products: a greeting, thanks, a call for a person,
 * a question to the assistant, small talk, a shop topic or a request about the product shown (what the shops' insights leave out
 * of the requests that found nothing: those are not missing assortment).
 */
export function isConversation(text: string): boolean {
  return (
    isGreeting(text) ||
    isThanks(text) ||
    wantsSupport(text) ||
    isAboutAssistant(text) ||
    isOffTopic(text) ||
    shopTopics(text).length > 0 ||
    // A request about the product shown ("что к нему подойдёт?", "other brand") names no assortment.
    wantsSimilar(text) ||
    wantsComplementary(text) ||
    wantsOtherBrand(text)
  );
}

/** A shop topic every shop has, whether or not the tenant gave a link for it. */
export type ShopTopic = 'delivery' | 'returns' | 'warranty' | 'payment' | 'stores' | 'order' | 'discounts' | 'installation';

// Stems compared as word prefixes (normalised text: "ё" is "е").
const TOPIC_STEMS: Array<[ShopTopic, string[]]> = [
  ['delivery', ['доставк', 'доставля', 'доставит', 'доставят', 'привез', 'курьер', 'самовывоз', 'пункт выдач', 'deliver', 'shipping', 'ship', 'ships', 'courier', 'pickup']],
  ['returns', ['возврат', 'вернуть', 'верну', 'обмен', 'return', 'refund', 'exchange']],
  ['warranty', ['гаранти', 'warrant', 'guarantee']],
  ['payment', ['оплат', 'оплачива', 'рассрочк', 'кредит', 'payment', 'pay', 'installment']],
  ['stores', ['адрес магазин', 'магазин рядом', 'часы работы', 'режим работы', 'где вы находит', 'где ваш магазин', 'где находится ваш', 'ваш адрес', 'store hours', 'opening hours', 'store address', 'nearest store', 'where are you located', 'where is your store', 'where are your stores', 'store location',
    // When the shop is open («вы работаете в выходные?» was «работаете» not sold).
    'вы работаете', 'работаете ли', 'работаете в', 'работаете по', 'работаете сегодня', 'работаете завтра', 'во сколько открыва', 'во сколько закрыва', 'до скольки работа',
    'are you open', 'when do you open', 'when do you close', 'what time do you open', 'what time do you close', 'what are your hours', 'open on sunday', 'open on weekends']],
  ['order', ['мой заказ', 'статус заказа', 'где заказ', 'отследить', 'трек номер', 'my order', 'order status', 'track my', 'tracking number']],
  ['discounts', ['скидк', 'акци', 'промокод', 'купон', 'распродаж', 'бонус', 'discount', 'promo code', 'promocode', 'coupon', 'voucher',
    // A price found elsewhere, matched: a shop's pricing policy, not a product.
    'price match', 'match a price', 'match the price', 'match prices', 'нашел дешевле', 'нашла дешевле', 'нашли дешевле']],
  // Installing what is bought, asked as a service ("сколько стоит установка?", "do you install?"):
  // never the products named so ("установка обратного осмоса", "монтажная пена").
  ['installation', ['стоит установк', 'стоит монтаж', 'стоит подключени', 'стоимость установк', 'стоимость монтаж', 'стоимость подключени', 'цена установк', 'цена монтаж',
    'устанавливаете', 'устанавливает', 'монтируете', 'подключаете', 'установите', 'установят', 'смонтируете', 'подключите', 'делаете установк', 'делаете монтаж',
    'услуг установк', 'услуги установк', 'услуга установк', 'услуги монтаж', 'услуга монтаж', 'установку сделаете', 'монтаж сделаете', 'установку делаете', 'монтаж делаете', 'подключение делаете', 'установкой занимаетесь', 'монтажом занимаетесь', 'мастер установ', 'мастера для установ',
    'do you install', 'can you install', 'will you install', 'installation service', 'install it for', 'installation cost', 'cost to install', 'does installation', 'offer installation', 'assembly service', 'do you assemble']],
];

/** Each topic's stems as found in a message: at a word's start. */
const TOPIC_NEEDLES: Array<[ShopTopic, string[]]> = TOPIC_STEMS.map(([topic, stems]) => [topic, stems.map((s) => ` ${s}`)]);

/** The shop topics a message names ("Как работает доставка?" → delivery). */
export function shopTopics(text: string): ShopTopic[] {
  const norm = ` ${normalizeText(text).replace(/[^\p{L}\p{N} ]+/gu, ' ').replace(/\s+/g, ' ')} `;
  const found: ShopTopic[] = [];
  // "ноутбуки со скидкой", "what's on sale?" ask for products at a discount, not about discounts.
  const discounted = asksDiscounted(norm);
  for (const [topic, stems] of TOPIC_NEEDLES) {
    if (!(topic === 'discounts' && discounted) && stems.some((s) => norm.includes(s))) {
      found.push(topic);
    }
  }
  return found;
}

const QUESTION_WORDS = new Set([
  'как', 'какой', 'какая', 'какое', 'какие', 'каков', 'какова', 'сколько', 'где', 'когда', 'можно', 'ли', 'почему', 'зачем', 'что',
  'how', 'what', 'which', 'where', 'when', 'why', 'can', 'could', 'do', 'does', 'is', 'are', 'will', 'has', 'have',
]);

/** Words pointing at the cards just shown ("у них", "these", "they"; "does it print in colour?" after printers). */
const SHOWN_PRONOUN = /(?:^|[^\p{L}])(?:них|этих|они|их|эти|него|нее|неё|он|она|оно|they|them|these|those|their|it|its)(?=[^\p{L}]|$)/iu;
/** One product named by a pronoun ("is it compatible with verizon?", "а он влезет в нишу?"). */
const ONE_PRONOUN = /(?:^|[^\p{L}])(?:it|its|он|она|оно|него|нее|неё|нему|ней)(?=[^\p{L}]|$)/iu;

/** Whether a message asks about one product by a pronoun: on its page, a brand it names is what it goes with, not another product. */
export function asksAboutIt(text: string): boolean {
  return ONE_PRONOUN.test(text);
}

/** How long a battery lasts, said without a pronoun ("сколько держит батарея?", "how long does the battery last?"). */
const HOW_LONG = /(?:^|[^\p{L}])(?:сколько\s+(?:держит|работает|живет|живёт|длится)|how\s+long)(?=[^\p{L}]|$)/iu;
/** A product as the subject or owner of a question ("какая у него камера?", "а он водонепроницаемый?", "is it waterproof?", "does it have a mop?", "what's its battery?"). */
const ABOUT_IT = /(?:^|[^\p{L}])(?:у\s+(?:него|неё|нее)|(?:а\s+)?(?:он|она|оно)\s+\p{L}+|(?:is|does|will|can|has|was)\s+it|its|it\s+(?:has|have|comes?|works?|fits?))(?=[^\p{L}]|$)/iu;

/**
 * A question about one product named only by a pronoun, with no brand or model of its own: with
 * no product on the page or among the cards shown, the buyer must say which.
 */
export function questionAboutIt(text: string): boolean {
  return text.length <= MAX_SHOWN_QUESTION_CHARS && isQuestion(text) && ABOUT_IT.test(text) && !/\d/u.test(text);
}

/** A question asking whether something is there is a request for it ("а есть у них чёрные?"). */
const ASKS_FOR_ONE = /(?:^|[^\p{L}])(?:есть|бывают|any|got)(?=[^\p{L}]|$)|do you have/iu;
/** Such questions are short: read from the first characters only. */
const MAX_SHOWN_QUESTION_CHARS = 100;

/**
 * A question that may be about the cards just shown ("а какая у них автономность?", "what
 * navigation do they have?", "сколько держит батарея?"): a question pointing at them or asking
 * how long something lasts, and not asking whether there is one. Whether it asks something the
 * cards state is `asksCardTopic`'s to say.
 */
export function questionAboutShown(text: string): boolean {
  return text.length <= MAX_SHOWN_QUESTION_CHARS && isQuestion(text) && !ASKS_FOR_ONE.test(text) && (SHOWN_PRONOUN.test(text) || HOW_LONG.test(text) || PER_PACK.test(text));
}

/**
 * "does it have hdmi?", "does it come with a remote?", "у него есть wi-fi?", "есть ли у него
 * bluetooth?": whether the item shown has something, which its card answers.
 */
const HAS_FEATURE =
  /^(?:(?:а|и|and|so|ok|okay)\s+)?(?:(?:does|do)\s+(?:it|they|this|this\s+one|that\s+one|these|those)\s+(?:have|has|come\s+with|support|include)|у\s+(?:него|неё|нее|них|этого|этой|этих|каких|кого)(?:\s+из\s+(?:них|этих))?\s+есть|есть\s+ли\s+у\s+(?:него|неё|нее|них|этого|этой|этих)|(?:он|она|оно|они)\s+(?:поддерживает|поддерживают))\s+(\S.*)$/iu;

/** What a question asks whether the items shown have ("hdmi" of "does it have hdmi?"), or null; a colour or a material is a request for such ones. */
export function askedWhetherItHas(text: string): string | null {
  if (text.length > MAX_SHOWN_QUESTION_CHARS) {
    return null;
  }
  const m = HAS_FEATURE.exec(text.trim());
  const words = m ? tokenize(m[1] as string) : [];
  return words.length > 0 && !words.some((w) => qualityOf(w) !== undefined || w === 'it' || w === 'them') ? words.join(' ') : null;
}

/** "How many sheets in a pack?", "сколько листов в пачке?": how much of it comes in one, as the cards state. */
const PER_PACK = /(?:^|[^\p{L}])(?:how\s+many\s+\p{L}+\s+(?:are\s+)?(?:in|per)\s+(?:a|the|each|one)?\s*(?:pack|package|box|set|roll|bottle|case)|сколько\s+\p{L}+\s+в\s+(?:одной\s+)?(?:упаковке|пачке|коробке|наборе|рулоне|комплекте|флаконе))(?=[^\p{L}]|$)/iu;

/** Words of a question too short to name products of its own ("сколько памяти?", "what screen?"). */
const SHORT_QUESTION_WORDS = 3;

/**
 * A question of a question word and a word or two, the question word first or last ("сколько
 * памяти?", «а глубина какая?»), or of a measure's name asked ("а глубина?"): about the cards just shown
 * when they state what it asks (`asksCardTopic`); "какой телевизор лучше?" names products instead.
 */
export function briefQuestion(text: string): boolean {
  if (text.length > MAX_SHOWN_QUESTION_CHARS) {
    return false;
  }
  const all = tokenize(text);
  const words = LEADING_CONJUNCTIONS.has(all[0] ?? '') ? all.slice(1) : all;
  if (words.length === 1) {
    return MEASURE_ASKED.has(words[0] as string) && /\?\s*$/u.test(text);
  }
  return words.length <= SHORT_QUESTION_WORDS && words.length >= 2 && (QUESTION_WORDS.has(words[0] as string) || QUESTION_WORDS.has(words.at(-1) as string));
}

/** A measure asked in one word ("а глубина?"); a feature in one word ("а шумоподавление?") asks for such ones. */
const MEASURE_ASKED: ReadonlySet<string> = new Set([
  'высота', 'ширина', 'глубина', 'длина', 'размер', 'размеры', 'габариты', 'вес', 'height', 'width', 'depth', 'length', 'size', 'dimensions', 'weight',
]);

/** Words a follow-up may open with before its question ("а", "и", "and"). */
const LEADING_CONJUNCTIONS: ReadonlySet<string> = new Set(['а', 'и', 'and', 'so']);

/** Whether something fits or works with something ("does it work with iphone?", "а он подойдёт к samsung?"). */
const FITS_QUESTION = /(?:^|[^\p{L}])(?:work|works|compatible|fit|fits|подходит|подходят|подойдет|подойдёт|подойдут|совместим\p{L}*)(?=[^\p{L}]|$)/iu;

/** Whether a question about the cards just shown asks whether they fit or work with something: answered from their cards. */
export function asksFit(text: string): boolean {
  return text.length <= MAX_SHOWN_QUESTION_CHARS && FITS_QUESTION.test(text);
}

/**
 * "is it durable?", "are they comfortable?", «он надёжный?», «они удобные?»: whether the items
 * shown are so, a question their cards answer (it was searched: «Совпадений с «надежный» здесь
 * не нашлось», or the shelf cut to the cards naming the word).
 */
const IS_IT_SO =
  /^(?:(?:а|и|and|so|but)\s+)?(?:(?:is|are)\s+(?:it|they|this|these|this\s+one|that\s+one)|(?:он|она|оно|они))\s+(?:(?:very|really|quite|очень|достаточно|вообще)\s+)?(\p{L}[\p{L}-]*(?:\s+\p{L}[\p{L}-]*)?)\s*\?+$/iu;

/** The quality a yes-or-no question asks the items shown have ("durable" of "is it durable?"), or null; a colour or a material asks for such ones. */
export function askedWhetherItIs(text: string): string | null {
  if (text.length > MAX_SHOWN_QUESTION_CHARS) {
    return null;
  }
  const said = IS_IT_SO.exec(text.trim())?.[1]?.toLowerCase();
  const words = said === undefined ? [] : said.split(/\s+/u);
  if (said === undefined || words.some((w) => qualityOf(w) !== undefined || NOT_QUALITIES.has(w))) {
    return null;
  }
  // A Russian one is an adjective («надёжный»), not a verb or a noun («он есть?», «они работают?»);
  // an English one may be two words ("dishwasher safe"), not a phrase of its own ("for kids", "a laptop").
  if (isCyrillic(said)) {
    return words.length === 1 && hasAdjectiveEnding(said) ? said : null;
  }
  return said;
}
/** Words after "is it" that ask for something else: price, stock, another item. */
const NOT_QUALITIES: ReadonlySet<string> = new Set([
  'available', 'cheaper', 'cheap', 'expensive', 'new', 'used', 'original', 'genuine', 'compatible', 'good', 'better', 'worth', 'there', 'here', 'sold',
  'in', 'on', 'for', 'with', 'from', 'of', 'made', 'a', 'an', 'the', 'any', 'it', 'them', 'they', 'this', 'that', 'and', 'or',
]);

const WHETHER_IT = /^(?:and |so |but )?(?:does|do|is|are|has|have|can|will)\s+(?:it|they|this|these|this one|that one)\s/iu;

/**
 * A yes-or-no question about what the cards just shown have ("does it have a backlit keyboard?",
 * "does it have a mop?"): a wish for one that has it, never a new kind asked for ("keyboard"
 * searched alone said a backlit keyboard was not sold).
 */
export function asksWhetherItHas(text: string): boolean {
  return text.length <= MAX_SHOWN_QUESTION_CHARS && WHETHER_IT.test(text.trim());
}

/** Choosing among the cards just shown ("какой из них лучше для игр?", "which one is better for gaming?"). */
// "which is the best?", "which would you recommend?", "какой лучше?", "какой посоветуете?" choose among them too.
const AMONG_SHOWN =
  /(?:^|[^\p{L}])(?:(?:какой|какая|какое|какие|какую|который|которая|которое|которые|которую|кто|что)\s+из\s+(?:них|этих|этого)|which\s+(?:one|of\s+(?:them|these|those))|which\s+(?:is|are|would\s+you|do\s+you)\s+(?:the\s+)?(?:best|better|recommend|suggest)|(?:какой|какая|какое|какие|какую)\s+(?:лучше|посоветуете|посоветуешь|порекомендуете|выбрать))(?=[^\p{L}]|$)/iu;

/** Whether a question chooses among the cards just shown: answered from their cards whatever it asks about. */
export function choosesAmongShown(text: string): boolean {
  return text.length <= MAX_SHOWN_QUESTION_CHARS && AMONG_SHOWN.test(text);
}

/** A question rather than a request ("какая у него камера?", "is it water resistant?"). */
export function isQuestion(text: string): boolean {
  if (text.includes('?')) {
    return true;
  }
  const first = tokenize(text)[0];
  return first !== undefined && QUESTION_WORDS.has(first);
}

const GIFT = /(^|\s)(подар\p{L}*|gift\p{L}*|present|presents)(?=\s|$)/u;
/** A thing called after gifts, asked for as any other ("do you have gift cards?", "подарочный сертификат"): not gift ideas. */
const GIFT_THING = /(?:^|\s)(?:gift\s*(?:cards?|certificates?|vouchers?|wrap(?:ping)?|bags?|boxe?s?)|подарочн\p{L}*\s+(?:сертификат|карт|упаковк|пакет|коробк)\p{L}*)(?=[\s?!.,]|$)/u;
/** Those an item or a gift is for, in the dative («маме», «мужу»): «что купить мужу», «сыну нужен ноутбук». */
const DATIVE_PERSONS = ['маме', 'папе', 'мужу', 'жене', 'сыну', 'дочке', 'дочери', 'бабушке', 'дедушке', 'брату', 'сестре', 'другу', 'подруге', 'девушке', 'парню', 'коллеге', 'ребенку', 'ребёнку', 'внуку', 'внучке', 'племяннику', 'племяннице', 'начальнику'];
/** An occasion: a gift when said with whom it is for ("for my daughter's birthday", "сыну на день рождения"), not in "christmas lights". */
const OCCASION = /(^|\s)(birthday|christmas|anniversary|юбиле\p{L}*|рождения)(?=\s|$)/u;
/**
 * A question of what to give someone, without the word "gift" ("what can I get him?", "what
 * should I buy my dad", «что купить папе»): gift ideas as much as "a gift for him". Not "what
 * can I get for $100", which asks what the money buys.
 */
const WHAT_TO_GIVE = new RegExp(
  `(?:^|\\s)(?:what\\s+(?:(?:can|should|could|do|would|shall)\\s+(?:i|we)\\s+|to\\s+)(?:get|buy|give)\\s+(?:for\\s+)?(?:him|her|them|my|our)|что\\s+(?:можно\\s+|бы\\s+)?(?:купить|взять)\\s+(?:ему|ей|им|${DATIVE_PERSONS.join('|')}))(?=[\\s,.!?]|$)`,
  'u',
);
const PERSON = /(^|\s)(маме|мамы|папе|папы|мужу|жене|девушке|парню|ребенку|ребёнку|детям|сыну|дочке|дочери|другу|подруге|коллеге|бабушке|дедушке|брату|сестре|mom|mum|mother|dad|father|husband|wife|girlfriend|boyfriend|kid|kids|son|daughter|friend|colleague|grandma|grandpa|brother|sister|him|her)(?:['’]s)?(?=[\s,.!?]|$)/u;
// Whom the gift is for: said to the assistant, not searched for.
const RECIPIENTS = new Set([
  'маме', 'мамы', 'папе', 'папы', 'мужу', 'жене', 'девушке', 'парню', 'ребенку', 'ребёнку', 'детям', 'сыну', 'дочке', 'дочери', 'другу', 'подруге',
  'коллеге', 'коллегам', 'бабушке', 'дедушке', 'брату', 'сестре', 'мужчине', 'женщине', 'начальнику', 'учителю', 'на', 'день', 'рождения', 'новый', 'год',
  'для', 'в', 'к', 'хочу', 'нужен', 'нужна', 'ищу', 'идея', 'идеи', 'что', 'подарить', 'посоветуй', 'посоветуйте',
  'mom', 'mum', 'mother', 'dad', 'father', 'husband', 'wife', 'girlfriend', 'boyfriend', 'kid', 'kids', 'son', 'daughter', 'friend', 'colleague',
  'boss', 'teacher', 'grandma', 'grandpa', 'brother', 'sister', 'him', 'her', 'for', 'a', 'an', 'the', 'my', 'birthday', 'christmas', 'ideas', 'idea',
  'i', 'need', 'want', 'looking', 'some', 'something', 'anything', 'что-нибудь', 'что-то',
  'подростку', 'подростка', 'племяннику', 'племяннице', 'внуку', 'внучке', 'студенту', 'родителям', 'тёще', 'теще', 'свекрови', 'мальчику', 'девочке',
  'teenager', 'teen', 'teens', 'nephew', 'niece', 'grandson', 'granddaughter', 'student', 'parents', 'coworker', 'boy', 'girl', 'mothers', 'fathers', 'day',
  // The words of a question of what to give (WHAT_TO_GIVE).
  'what', 'can', 'should', 'could', 'do', 'would', 'shall', 'we', 'to', 'get', 'buy', 'give', 'them', 'our', 'who', 'купить', 'взять', 'можно', 'бы', 'ему', 'ей', 'им', 'который', 'которая',
]);
/**
 * Someone who loves a thing, or the verb saying so: the thing is what the gift ideas are about
 * ("a gift for a coffee lover": coffee, not "lover"; «подарок жене, она любит кофе»: coffee).
 */
const LOVERS: ReadonlySet<string> = new Set([
  'lover', 'lovers', 'fan', 'fans', 'enthusiast', 'enthusiasts', 'любителю', 'любительнице', 'любителям', 'фанату', 'фанатке', 'ценителю',
  ...['любит', 'обожает', 'увлекается', 'loves', 'likes', 'enjoys', 'adores'],
]);
/** Who loves it, said before the verb: a pronoun the gift ideas need not search. */
const LOVING_PRONOUNS: ReadonlySet<string> = new Set(['она', 'он', 'они', 'she', 'he', 'they', "she's", "he's", 'очень', 'really', 'also', 'тоже']);
/** A statement of what someone loves ("она любит готовить", "she's into gaming"): the words after the verb. */
const LOVES =
  /(?:^|\s|(?=['’](?:s|re)\s))(?:(?:очень|тоже|просто|really|also|totally)\s+)?(?:любит|обожает|увлекается|интересуется|loves|likes|enjoys|adores|(?:is|are|['’]s|['’]re)\s+(?:(?:really|so|very|totally|also)\s+)?(?:into|a\s+fan\s+of))\s+(\S.*)$/u;

/**
 * "something for my wife who likes cooking", «что-нибудь для мамы, которая любит готовить»:
 * anything for a person who loves a thing is gift ideas about it, as "a gift for …" is (it was
 * searched, and "we don't sell "cooking"" came on a shop with pans and air fryers).
 */
function anythingForALover(norm: string): boolean {
  return ANYTHING.test(norm) && PERSON.test(norm) && LOVES.test(norm.replace(/[.!,;]+/gu, ' '));
}

/**
 * What the recipient loves, said after gift ideas ("она любит готовить", "he's really into
 * gaming", "she likes coffee"): the words after the verb, or null when the message says no such thing.
 * A question ("что она любит?") says none.
 */
export function lovedThing(text: string): string | null {
  const norm = normalizeText(boundText(text)).replace(/[.!,;]+/gu, ' ').trim();
  if (norm.includes('?')) {
    return null;
  }
  const found = LOVES.exec(norm);
  return found === null ? null : (found[1] as string).trim();
}

/** An age said of whom gift ideas are for, in English and in Russian. */
const AGE_STATED_EN = /^(?:(?:and|but|oh|well|ok|okay)\s+)?(?:she|he|they|my\s+\p{L}+)(?:\s+is|\s+are|['’]s|['’]re)\s+(?:(?:turning|going\s+to\s+be|about|almost|nearly|only|just)\s+)?(\d{1,2})(?:\s*-?\s*(?:years?|yrs?)(?:\s*-?\s*old)?)?$/u;
const AGE_STATED_RU =
  /^(?:(?:а|и|ну)\s+)?(?:ей|ему|им|сыну|дочке|дочери|внуку|внучке|ребенку|ребёнку|племяннику|племяннице|(?:он[аи]?|они)\s+(?:уже\s+)?(?:почти\s+)?)\s*(?:(?:уже|почти|только|будет|исполняется|исполнится|скоро)\s+)*(\d{1,2})(?:\s*(?:лет|года|год))?$/u;
/** Characters of a message read for a stated age. */
const MAX_AGE_MESSAGE_CHARS = 60;

/**
 * The recipient's age said after gift ideas ("she is 9", "he's turning 12", "she's 9 years old",
 * «ей 9 лет», «ему будет 12», «сыну 8»): the years, or null when the message says no such thing.
 */
export function statedAge(text: string): number | null {
  if (text.length > MAX_AGE_MESSAGE_CHARS) {
    return null;
  }
  const norm = normalizeText(text).replace(/[.!,;]+/gu, ' ').replace(/\s+/gu, ' ').trim();
  const found = AGE_STATED_EN.exec(norm) ?? AGE_STATED_RU.exec(norm);
  return found === null ? null : Number(found[1]);
}

/**
 * A request for a gift ("подарок маме до 5000", "gift under $50"): the rest of the message
 * without the gift and recipient words, whether it names what the recipient loves ("for a
 * coffee lover", "любителю кофе"), or null when it is not about a gift.
 */
export function giftRequest(text: string): { rest: string; interest: boolean } | null {
  const norm = normalizeText(text);
  if ((!GIFT.test(norm) && !(OCCASION.test(norm) && PERSON.test(norm)) && !WHAT_TO_GIVE.test(norm) && !anythingForALover(norm)) || GIFT_THING.test(norm)) {
    return null;
  }
  const bare = (w: string): string => w.replace(/['’]s$/u, '').replace(/[^\p{L}\p{N}$₽€£.,]+/gu, '');
  const words = norm.split(/\s+/);
  const rest = words
    // "my daughter's birthday": the recipient with the possessive.
    .filter((w) => w !== '' && !GIFT.test(w) && !OCCASION.test(w) && !RECIPIENTS.has(bare(w)) && !LOVERS.has(bare(w)) && !LOVING_PRONOUNS.has(w))
    .join(' ');
  return { rest, interest: words.some((w) => LOVERS.has(bare(w))) };
}

/**
 * Whom an item is for, said of a person rather than of a use ("телефон для бабушки", "phone for
 * my grandma", "headphones for my husband"): no product says it, so it is told to the assistant,
 * not searched (it made "grandma" the phone "ZTE Grand X3", "son" the brand Sony, and «бабушки»
 * a word "not in the catalogue"). Children, teenagers, men and women are left: shops do sell
 * "детские", "kids'" and "women's" things.
 */
const PERSONS_RU = ['бабушки', 'бабули', 'дедушки', 'деда', 'мамы', 'мамочки', 'папы', 'мужа', 'жены', 'сына', 'дочки', 'дочери', 'брата', 'сестры', 'друга', 'подруги', 'девушки', 'парня', 'коллеги', 'коллег', 'начальника', 'начальницы', 'родителей', 'пожилых', 'пенсионера', 'пенсионерки'];
const PERSONS_EN = ['grandma', 'granny', 'grandmother', 'grandpa', 'grandfather', 'grandparents', 'mom', 'mum', 'mother', 'dad', 'father', 'husband', 'wife', 'son', 'daughter', 'brother', 'sister', 'friend', 'girlfriend', 'boyfriend', 'colleague', 'coworker', 'boss', 'parents', 'elderly', 'senior', 'seniors'];
const FOR_PERSON = new RegExp(
  `(?:^|\\s)(?:(?:для|моей|моему|моего)\\s+(?:моей\\s+|моего\\s+|моих\\s+|своей\\s+|своего\\s+)?(?:${PERSONS_RU.join('|')})|for\\s+(?:my\\s+|a\\s+|his\\s+|her\\s+|our\\s+)?(?:${PERSONS_EN.join('|')}))(?:['’]s)?(?=[\\s,.!?]|$)`,
  'gu',
);

/**
 * Whom an item is for, said as the one who needs it ("сыну нужен ноутбук", "моей жене нужны
 * наушники", "my wife wants a new phone", "my kid needs headphones"): told, not searched, as above.
 */
const WHO_NEEDS = new RegExp(
  `(?:^|\\s)(?:(?:моему|моей|нашему|нашей|своему|своей)\\s+)?(?:${DATIVE_PERSONS.join('|')})\\s+(?:нужен|нужна|нужно|нужны|надо|хочется)(?=[\\s,.!?]|$)|(?:^|\\s)(?:my|our)\\s+(?:${[...PERSONS_EN, 'kid', 'kids', 'child', 'children', 'boy', 'girl', 'teen', 'teenager'].join('|')})\\s+(?:needs|wants|would\\s+like|is\\s+looking\\s+for)(?=[\\s,.!?]|$)`,
  'gu',
);

/** Groups of people things are made for ("для женщин", "for kids"), beside the persons above. */
const PEOPLE = new Set([
  ...PERSONS_RU,
  ...PERSONS_EN,
  ...['женщин', 'мужчин', 'детей', 'ребенка', 'ребёнка', 'малышей', 'малыша', 'девочек', 'девочки', 'мальчиков', 'мальчика', 'девушек', 'парней', 'подростков', 'подростка', 'школьников', 'школьника', 'студентов', 'студента'],
  ...['women', 'woman', 'men', 'man', 'ladies', 'lady', 'kids', 'kid', 'children', 'child', 'girls', 'girl', 'boys', 'boy', 'teens', 'teen', 'teenagers', 'students', 'student'],
]);
/** Words before whom an item is for ("для моей мамы", "for my wife"). */
const POSSESSIVES = new Set(['моей', 'моего', 'моему', 'моих', 'своей', 'своего', 'my', 'a', 'his', 'her', 'our']);

/** Whether words saying what an item is for name people ("женщин", "my wife") rather than a use ("бега", "living room"). */
export function namesPeople(words: readonly string[]): boolean {
  const first = words.find((w) => !POSSESSIVES.has(w));
  return first !== undefined && PEOPLE.has(first.replace(/['’]s$/u, ''));
}

/** Words that go on about the person after "for my brother", not a product word after a maker's name. */
const RELATIVE_WORDS: ReadonlySet<string> = new Set(['who', 'that', 'which', 'whose', 'and', 'или', 'который', 'которая', 'которой', 'которому', 'кто', 'и']);

/**
 * The message without whom the item is for ("телефон для бабушки" → "телефон"); the message itself
 * when nothing else is left. A person's word that is a brand of the shop, said with no "my"
 * before it ("toner for brother printer") or before a product word ("toner for my brother
 * printer"), is the brand.
 */
export function withoutRecipient(text: string, isBrand: (word: string) => boolean = () => false): string {
  const norm = normalizeText(boundText(text));
  const rest = norm
    .replace(FOR_PERSON, (said: string, at: number) => {
      const words = said.trim().split(/\s+/u);
      const person = (words[words.length - 1] as string).replace(/['’]s$/u, '');
      // "for Brother" is the maker's; so is "for my brother printer", the maker's name before a product word.
      const next = /^\s*([\p{L}\p{N}]+)/u.exec(norm.slice(at + said.length))?.[1];
      const brandBefore = next !== undefined && !STOP_WORDS.has(next) && !RELATIVE_WORDS.has(next);
      return isBrand(person) && (words.length === 2 || brandBefore) ? said : ' ';
    })
    .replace(WHO_NEEDS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return rest === norm.trim() || !/[\p{L}\p{N}]/u.test(rest) ? text : rest;
}

/** A request for anything worth a look ("show me something cool", "покажи что-нибудь интересное", "удиви меня"). */
const ANY_PICKS =
  /(?:^|[^\p{L}])(?:(?:something|anything)\s+(?:cool|interesting|nice|fun|new|popular|special)|what'?s\s+(?:popular|new|hot|trending)|surprise\s+me|что[-\s](?:нибудь|то)\s+(?:интересное|интересненькое|новенькое|популярное|крутое|классное|необычное)|удиви(?:те)?\s+меня|что\s+(?:у\s+вас\s+)?(?:популярно|нового))(?=[^\p{L}]|$)/iu;

/** "Something", "что-нибудь" said of an item ("что-нибудь для мамы"): with whom it is for and nothing else, a gift is asked for. */
const ANYTHING = /(?:^|[^\p{L}])(?:что[-\s](?:нибудь|то)|something|anything)(?=[^\p{L}]|$)/iu;

/** Whether a message says "something" rather than naming a kind of product. */
export function saysAnything(text: string): boolean {
  return ANYTHING.test(text);
}

/** Whether a message asks for anything worth a look rather than a kind of product. */
export function wantsAnyPicks(text: string): boolean {
  return text.length <= MAX_SHOWN_QUESTION_CHARS && ANY_PICKS.test(text);
}

/** Words that ask for products even inside a question ("хочу пылесос, а как с доставкой?"). */
const REQUEST_WORDS = /(^|[^\p{L}])(хочу|нужен|нужна|нужно|нужны|ищу|покажи|покажите|подбери|подберите|want|need|looking for|show me)([^\p{L}]|$)/iu;

/** Whether a message asks for products in so many words ("хочу", "покажи", "I need"). */
export function asksForProducts(text: string): boolean {
  return REQUEST_WORDS.test(text);
}

/** Words asking for more of what was shown; one of them must be said ("show me more", "ещё варианты", "а другие есть?"). */
const MORE_WORDS: ReadonlySet<string> = new Set(['more', 'others', 'other', 'else', 'next', 'еще', 'другие', 'другое', 'другой', 'другая', 'остальные', 'дальше', 'следующие', 'следующую', 'следующая']);
/** "больше" asks for more cards only beside a word of showing or of options ("покажи больше", "больше вариантов"); alone it is a size. */
const MORE_WITH_OPTIONS = 'больше';
const OPTIONS_WORDS: ReadonlySet<string> = new Set(['вариантов', 'варианты', 'покажи', 'покажите', 'показать', 'товаров', 'options']);
/** The other words such a request may have. */
const MORE_FRAME: ReadonlySet<string> = new Set([
  'show', 'me', 'us', 'any', 'some', 'options', 'option', 'ones', 'please', 'a', 'the', 'what', 'anything', 'something',
  'have', 'you', 'do', 'got', 'is', 'are', 'there', 'can', 'could', 'i', 'see', 'let', 'of', 'them', 'those', 'these',
  'items', 'products', 'choices', 'and', 'so', 'ok', 'okay', 'page',
  'покажи', 'покажите', 'показать', 'а', 'и', 'есть', 'варианты', 'вариантов', 'вариант', 'что', 'то', 'нибудь', 'пожалуйста',
  'можно', 'у', 'вас', 'какие', 'ну', 'давай', 'давайте', 'ли', 'посмотреть', 'товары', 'товаров', 'модели', 'мне', 'страница', 'страницу',
]);
/** Such a request is a few words ("can you show me some more options please"). */
const MAX_MORE_WORDS = 7;

/** Whether a message only asks for more of what was shown: "show me more", "any others?", "ещё варианты", "а другие есть?". */
export function asksForMore(text: string): boolean {
  const words = tokenize(normalizeText(text.slice(0, MAX_SHOWN_QUESTION_CHARS)));
  if (words.length === 0 || words.length > MAX_MORE_WORDS) {
    return false;
  }
  const options = words.some((w) => OPTIONS_WORDS.has(w));
  const core = (w: string): boolean => MORE_WORDS.has(w) || (w === MORE_WITH_OPTIONS && options);
  return words.some(core) && words.every((w) => core(w) || MORE_FRAME.has(w));
}
