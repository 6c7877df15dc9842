/**
 * What a gift for someone who loves a thing is looked for among: "a gift for a music lover" is
 * headphones, a speaker or a soundbar, "подарок геймеру" a headset, a mouse or a keyboard. The
 * word of the interest (or of the person, "меломану") names kinds to search, each in the
 * shop's language; those the shop sells give the ideas.
 */
import { tokenize } from '../../catalog/search/tokenize.ts';
import type { Lang } from '../language.ts';

interface Interest {
  /** The topic as the answer names it, per language. */
  topic: Record<Lang, string>;
  /** The kinds searched, per language. */
  kinds: Record<Lang, readonly string[]>;
  /** The topic names whom the gift is for ("для ребёнка", "for a child"), not what they love. */
  recipient?: true;
}

const MUSIC: Interest = { topic: { ru: 'музыка', en: 'music' }, kinds: { ru: ['наушники', 'колонка', 'саундбар'], en: ['headphones', 'speaker', 'soundbar'] } };
const GAMES: Interest = { topic: { ru: 'игры', en: 'gaming' }, kinds: { ru: ['игровой', 'наушники', 'мышь', 'клавиатура'], en: ['gaming', 'headset', 'mouse', 'keyboard'] } };
const SPORT: Interest = {
  topic: { ru: 'спорт', en: 'sport' },
  kinds: { ru: ['фитнес-браслет', 'умные часы', 'беспроводные наушники'], en: ['fitness tracker', 'smartwatch', 'earbuds'] },
};
const COOKING: Interest = { topic: { ru: 'кулинария', en: 'cooking' }, kinds: { ru: ['аэрогриль', 'блендер', 'сковорода'], en: ['air fryer', 'blender', 'frying pan'] } };
const TRAVEL: Interest = {
  topic: { ru: 'путешествия', en: 'travel' },
  kinds: { ru: ['внешний аккумулятор', 'наушники', 'рюкзак'], en: ['power bank', 'headphones', 'backpack'] },
};

/**
 * A child: what a shop of electronics gives a child (headphones, a speaker, a tablet, a watch, and
 * whatever it calls children's), not the phones and laptops of a gift for anyone.
 */
const CHILD: Interest = {
  topic: { ru: 'ребёнка', en: 'a child' },
  kinds: { ru: ['детские', 'наушники', 'колонка', 'планшет', 'умные часы'], en: ['kids', 'headphones', 'speaker', 'tablet', 'smartwatch'] },
  recipient: true,
};
/** A teenager: the same ideas, named as the buyer put it. */
const TEEN: Interest = { ...CHILD, topic: { ru: 'подростка', en: 'a teenager' } };
/** Words naming a child the gift is for. */
const CHILD_WORDS = [
  ...['kid', 'kids', 'child', 'children', 'son', 'daughter', 'boy', 'girl', 'grandson', 'granddaughter', 'toddler', 'nephew', 'niece'],
  ...['ребенку', 'ребёнку', 'ребенка', 'ребёнка', 'детям', 'детей', 'сыну', 'сына', 'дочке', 'дочки', 'дочери', 'дочурке', 'внуку', 'внучке', 'школьнику', 'школьнице', 'мальчику', 'девочке', 'малышу', 'племяннику', 'племяннице'],
];
/** An age said of the one the gift is for ("a 10 year old", «мальчику 8 лет»): under this, a child. */
const CHILD_AGE_UNDER = 16;
const AGE = /(?:^|\s)(\d{1,2})\s*-?\s*(?:years?|yrs?|лет|года|год)(?![\p{L}\p{N}])/u;
/** Characters of a gift request read for an age. */
const MAX_AGE_CHARS = 200;

/** The interests by the words that say them: the thing loved, or the one who loves it. A Map, being keyed by the buyer's words. */
const BY_WORD: ReadonlyMap<string, Interest> = new Map([
  ...['music', 'musician', 'музыка', 'музыки', 'музыку', 'музыкой', 'меломан', 'меломану', 'меломанке', 'музыканту'].map((w): [string, Interest] => [w, MUSIC]),
  ...['gamer', 'gamers', 'gaming', 'games', 'игр', 'игры', 'играми', 'играть', 'геймер', 'геймеру', 'геймерше', 'геймерам'].map((w): [string, Interest] => [w, GAMES]),
  ...['sport', 'sports', 'fitness', 'runner', 'athlete', 'спорт', 'спорта', 'спортом', 'фитнес', 'фитнеса', 'фитнесом', 'бегать', 'спортсмен', 'спортсмену', 'спортсменке'].map((w): [string, Interest] => [w, SPORT]),
  ...['cooking', 'cook', 'chef', 'baking', 'кулинария', 'кулинарии', 'кулинарией', 'повару', 'кулинару', 'готовить', 'готовку', 'готовкой', 'выпечку', 'выпечкой'].map((w): [string, Interest] => [w, COOKING]),
  ...CHILD_WORDS.map((w): [string, Interest] => [w, CHILD]),
  ...['teen', 'teens', 'teenager', 'teenagers', 'подростку', 'подростка', 'подросткам', 'подростков'].map((w): [string, Interest] => [w, TEEN]),
  ...['travel', 'traveling', 'travelling', 'traveler', 'traveller', 'путешествия', 'путешествий', 'путешествовать', 'путешествиями', 'путешественнику', 'путешественнице'].map((w): [string, Interest] => [w, TRAVEL]),
]);

/** Words of a gift request looked at for an interest, at most. */
const MAX_WORDS_READ = 12;

/** The interest a gift request's words say, in the shop's language; null for none. */
export function giftInterest(rest: string, lang: Lang): { topic: string; kinds: readonly string[]; recipient?: true } | null {
  // What the recipient loves says more than who they are: "my son who loves gaming" is gaming.
  let recipient: Interest | undefined;
  for (const word of tokenize(rest).slice(0, MAX_WORDS_READ)) {
    const interest = BY_WORD.get(word);
    if (interest?.recipient) {
      recipient ??= interest;
    } else if (interest) {
      return { topic: interest.topic[lang], kinds: interest.kinds[lang] };
    }
  }
  const age = recipient === undefined ? AGE.exec(rest.slice(0, MAX_AGE_CHARS).toLowerCase()) : null;
  if (age && Number(age[1]) < CHILD_AGE_UNDER) {
    recipient = CHILD;
  }
  return recipient === undefined ? null : { topic: recipient.topic[lang], kinds: recipient.kinds[lang], recipient: true };
}
