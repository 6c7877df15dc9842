/**
 * Letter-by-letter transliteration between Latin and Cyrillic. Russian buyers write Latin
 * brand and model names in Cyrillic ("самсунг", "редми"), and misspell them too; the
 * transliterated form gives the typo-tolerant search a word in the catalogue's script.
 */

// Maps, as every table looked up by a buyer's text.
const LATIN_TO_CYRILLIC: ReadonlyMap<string, string> = table({
  a: 'а', b: 'б', c: 'к', d: 'д', e: 'е', f: 'ф', g: 'г', h: 'х', i: 'и', j: 'дж', k: 'к', l: 'л', m: 'м',
  n: 'н', o: 'о', p: 'п', q: 'к', r: 'р', s: 'с', t: 'т', u: 'у', v: 'в', w: 'в', x: 'кс', y: 'й', z: 'з',
});

const CYRILLIC_TO_LATIN: ReadonlyMap<string, string> = table({
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch',
  ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
});

function table(letters: Record<string, string>): ReadonlyMap<string, string> {
  return new Map(Object.entries(letters));
}

function apply(word: string, letters: ReadonlyMap<string, string>): string {
  let out = '';
  for (const ch of word) {
    out += letters.get(ch) ?? ch;
  }
  return out;
}

/** "samsung" → "самсунг". Input must be normalised (lower case). */
export function toCyrillic(word: string): string {
  return apply(word, LATIN_TO_CYRILLIC);
}

/** "самсунг" → "samsung". Input must be normalised (lower case, "ё" as "е"). */
export function toLatin(word: string): string {
  return apply(word, CYRILLIC_TO_LATIN);
}
