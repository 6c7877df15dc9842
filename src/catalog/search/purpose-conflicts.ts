/**
 * "шампунь для сухих волос", "cream for dry skin": a product whose name says it is for another
 * kind of the same thing («Шампунь "Береза-Липа" Для жирных Волос», "Face Cream for Oily Skin")
 * contradicts the request, though its parameters may name the word asked ("Жирные у корней /
 * Сухие на кончиках"): it is not offered while some hit does not contradict it. A name for several
 * («Для нормальных и сухих Волос») includes the one asked and stays.
 */
import type { SearchHit } from './types.ts';
import { stem } from './stem.ts';
import { STOP_WORDS } from './stopwords.ts';
import { normalizeText } from './tokenize.ts';

/** Characters of a request or a name read for what it is for. */
const MAX_READ_CHARS = 200;
/** Kinds a name may list before the thing ("для нормальных, сухих и жирных волос"). */
const MAX_KINDS = 4;

/**
 * "для <kind> <thing>", "for <kind> <thing>", with more kinds joined by "и"/"and" or commas; the
 * thing is a whole word of letters ("for samsung s7" names no thing: "s" of "s7" is none).
 */
const FOR_KIND = /(?:^|\s)(?:для|for)\s+((?:[\p{L}\d-]+(?:\s*,\s*|\s+(?:и|или|and|or|&)\s+)){0,4}[\p{L}\d-]+)\s+([\p{L}-]+)(?![\p{L}\d])/gu;

interface Purpose {
  /** Stems of the kinds named ("сух"; "нормальн" and "сух"). */
  kinds: string[];
  /** The stem of the thing they are kinds of ("волос", "skin"). */
  thing: string;
}

function purposesOf(text: string): Purpose[] {
  const out: Purpose[] = [];
  for (const m of normalizeText(text.slice(0, MAX_READ_CHARS)).matchAll(FOR_KIND)) {
    const thing = m[2] as string;
    // "для мамы на день рождения": a word joining the next phrase is no thing.
    if (STOP_WORDS.has(thing)) {
      continue;
    }
    const kinds = (m[1] as string)
      .split(/\s*,\s*|\s+(?:и|или|and|or|&)\s+/u)
      .slice(0, MAX_KINDS)
      .map((k) => stem(k));
    out.push({ kinds, thing: stem(thing) });
  }
  return out;
}

/** Whether a name says it is for other kinds of the thing asked, and not for the kind asked. */
function contradicts(name: string, asked: readonly Purpose[]): boolean {
  return purposesOf(name).some((own) => asked.some((a) => a.thing === own.thing && !a.kinds.some((k) => own.kinds.includes(k))));
}

/** Whether a request says what kind of a thing the item is for (worth reading more hits for). */
export function saysPurpose(text: string): boolean {
  return purposesOf(text).length > 0;
}

/** Whether a hit's name is for another kind of the thing the request says the item is for. */
export function someContradicts(hits: readonly SearchHit[], text: string): boolean {
  const asked = purposesOf(text);
  return asked.length > 0 && hits.some((h) => contradicts(h.product.name, asked));
}

/**
 * The hits without those whose names contradict what the request says the item is for, cut to
 * `limit`; all of them when every hit contradicts it (the closest the shop has).
 */
export function withoutContradicting(hits: readonly SearchHit[], text: string, limit: number): SearchHit[] {
  const asked = purposesOf(text);
  const fitting = asked.length === 0 ? hits : hits.filter((h) => !contradicts(h.product.name, asked));
  return (fitting.length > 0 ? fitting : hits).slice(0, limit);
}
