/**
 * The item asked for before what only goes with it or fits it: a product named as something the
 * item should come with ("selfie stick with bluetooth remote": a camera remote), or as a part
 * for the item («унитаз с горизонтальным выпуском»: «Клапан д/унитаза гориз/бок»), matches some
 * of the request's words but is not the item, and goes after the products that are.
 */
import { boundText } from './limits.ts';
import { stem } from './stem.ts';
import { COMPATIBILITY_WORDS, nameBeforePurpose, startsPurpose, STOP_WORDS, WITH_WORDS } from './stopwords.ts';
import { isCyrillic, tokenize } from './tokenize.ts';
import type { SearchHit } from './types.ts';

/** Characters of a name read for what it names itself. */
const MAX_ITEM_NAME_CHARS = 200;

/**
 * "selfie stick with bluetooth remote", «смеситель с душем»: a product whose own name (before
 * what it is for) calls it what the item should come with and names not the item ("HISY - Wireless Camera
 * Remote", filed under selfie sticks and matching every word in its description) is that thing,
 * not the item: it goes after the products named as the item, and counts as matching no more of
 * the request than they do. Reads each hit's name once.
 */
export function itemBeforeWhatItComesWith(text: string, hits: SearchHit[]): SearchHit[] {
  if (hits.length < 2) {
    return hits;
  }
  const words = tokenize(text);
  const at = words.findIndex((w, i) => i > 0 && WITH_WORDS.has(w));
  const thing = words[words.length - 1];
  if (at < 0 || thing === undefined || at === words.length - 1) {
    return hits;
  }
  const item = new Set(words.slice(0, at).map(stem));
  const thingStem = stem(thing);
  const items: SearchHit[] = [];
  const things: SearchHit[] = [];
  for (const h of hits) {
    const named = nameBeforePurpose(h.product.name, MAX_ITEM_NAME_CHARS).filter((w) => /\p{L}/u.test(w));
    // What a name calls the product: a Russian name's first word («Душ гигиенический»), an English
    // one's last before what it is for ("… Camera Remote for …"); «Поло компакт белый сид.Микролифт»
    // is a toilet with a soft-close seat.
    const head = isCyrillic(h.product.name.slice(0, MAX_ITEM_NAME_CHARS)) ? named[0] : named[named.length - 1];
    const thingItself = head !== undefined && stem(head) === thingStem && !named.some((w) => item.has(stem(w)));
    (thingItself ? things : items).push(h);
  }
  if (things.length === 0 || items.length === 0) {
    return hits;
  }
  // Not the item asked for, it matches no more of the request than the items that are.
  const most = Math.max(...items.map((h) => h.coverage ?? 1));
  return [...items, ...things.map((h) => ((h.coverage ?? 1) > most ? { ...h, coverage: most } : h))];
}

/**
 * «унитаз с горизонтальным выпуском»: a product whose own name (before what it is for, "д/",
 * "для", "for") names none of the request's words while the rest of its name does («Клапан
 * д/унитаза гориз/бок», matching «горизонтальным» and, one letter off, «выпуском» of its
 * category «Клапан впуска») is a part for the item, not the item: when the request says nothing
 * of what the item is for and some hits are of the kind asked for, it goes after them (the
 * toilets came after four valves) and counts as matching no more of the request than they do.
 * Reads each hit's name once.
 */
export function itemBeforeWhatFitsIt(text: string, hits: SearchHit[]): SearchHit[] {
  if (hits.length < 2 || !hits.some((h) => h.ofKind === true)) {
    return hits;
  }
  const words = tokenize(boundText(text).slice(0, MAX_ITEM_NAME_CHARS));
  // "клапан для унитаза" asks for the part.
  if (words.some(startsPurpose)) {
    return hits;
  }
  const asked = new Set(words.filter((w) => /\p{L}/u.test(w) && !STOP_WORDS.has(w)).map(stem));
  const namesAsked = (ws: readonly string[]): boolean => ws.some((w) => asked.has(stem(w)));
  const isPart = (h: SearchHit): boolean => {
    if (h.ofKind !== false) {
      return false;
    }
    const name = tokenize(h.product.name.slice(0, MAX_ITEM_NAME_CHARS));
    const at = name.findIndex((w) => COMPATIBILITY_WORDS.has(w));
    return at > 0 && !namesAsked(name.slice(0, at)) && namesAsked(name.slice(at + 1));
  };
  const parts = hits.map(isPart);
  // A part is never of the kind asked for: the last product that is ends what parts may not lead.
  let lastItem = -1;
  hits.forEach((h, i) => {
    if (h.ofKind === true) {
      lastItem = i;
    }
  });
  if (!parts.slice(0, lastItem).includes(true)) {
    return hits;
  }
  const before = hits.slice(0, lastItem + 1);
  const items = before.filter((_, i) => !parts[i]);
  const most = Math.max(...items.filter((h) => h.ofKind === true).map((h) => h.coverage ?? 1));
  const moved = before.filter((_, i) => parts[i]).map((h) => ((h.coverage ?? 1) > most ? { ...h, coverage: most } : h));
  return [...items, ...moved, ...hits.slice(lastItem + 1)];
}

/** Sections shops put what has no section of its own in («АКСЕССУАРЫ», «Прочее», "Other"), lower case. */
const CATCH_ALL_SECTIONS: ReadonlySet<string> = new Set([
  'аксессуары', 'прочее', 'другое', 'разное', 'сопутствующие товары', 'accessories', 'other', 'others', 'misc', 'miscellaneous',
]);

/** Whether a product is filed in a catch-all section only (its most specific category is one). */
function filedAsCatchAll(h: SearchHit): boolean {
  const leaf = h.product.categories[h.product.categories.length - 1];
  return leaf !== undefined && leaf.length <= 40 && CATCH_ALL_SECTIONS.has(leaf.trim().toLowerCase());
}

/**
 * «пылесос» on a shop filing its vacuum cleaners under "Vacuum Cleaners" and a USB desk vacuum
 * under «АКСЕССУАРЫ»: a product of the kind asked for filed in a catch-all section goes after
 * those of the kind filed in a section of their own that match as many of the request's words
 * (the 531 ₽ «Пылесос mini USB», its short name scoring highest, came first and was named the
 * most affordable), and counts as of another kind. One matching more words keeps its place.
 * Reads each hit's categories once.
 */
export function filedItemsFirst(hits: SearchHit[]): SearchHit[] {
  if (hits.length < 2) {
    return hits;
  }
  const catchAll = hits.map((h) => h.ofKind === true && filedAsCatchAll(h));
  const filed = hits.map((h, i) => h.ofKind === true && !catchAll[i]);
  if (!catchAll.includes(true) || !filed.includes(true)) {
    return hits;
  }
  const out: SearchHit[] = [];
  const waiting: SearchHit[] = [];
  for (let i = 0; i < hits.length; i++) {
    const h = hits[i] as SearchHit;
    if (catchAll[i]) {
      // Not of the kind the shop's own section of it holds: it is not named the most affordable of them.
      waiting.push({ ...h, ofKind: false });
      continue;
    }
    // A product filed in a section of its own passes those waiting that match no more words than
    // it does; any other product does not pass them.
    flushAbove(out, waiting, filed[i] ? (h.coverage ?? 1) : -Infinity);
    out.push(h);
  }
  return [...out, ...waiting];
}

/** Moves to `out` the waiting hits that match more words than `coverage`, in their order. */
function flushAbove(out: SearchHit[], waiting: SearchHit[], coverage: number): void {
  for (let i = 0; i < waiting.length; ) {
    if (((waiting[i] as SearchHit).coverage ?? 1) > coverage) {
      out.push(waiting.splice(i, 1)[0] as SearchHit);
    } else {
      i++;
    }
  }
}
