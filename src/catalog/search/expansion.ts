/**
 * Query words and their expansion into index terms: the word's own stem, typo fixes, the
 * completion of a last word cut short, abbreviations, synonyms and the other script, each
 * with the weight its match earns.
 */
import type { CategoryMatcher } from './categories.ts';
import type { InvertedIndex, TermAlternative } from './inverted.ts';
import { boundText, MAX_FUZZY_WORDS } from './limits.ts';
import { stem } from './stem.ts';
import { COMPATIBILITY_WORDS, STOP_WORDS } from './stopwords.ts';
import { joinPhrases, synonymsOf } from './synonyms.ts';
import { hasDigit, isCyrillic, tokenize } from './tokenize.ts';
import { toCyrillic, toLatin } from './translit.ts';

const KIND_WEIGHT = 2;
const SYNONYM_WEIGHT = 0.6;
const TRANSLIT_WEIGHT = 0.7;
const PREFIX_WEIGHT = 0.6;
const FUZZY_WEIGHT = 0.55;
const ABBREVIATION_WEIGHT = 0.5;
const PREFIX_TERMS = 8;
const FUZZY_TERMS = 3;
const MAX_QUERY_WORDS = 32;
/** Query word lists whose expansions are remembered: relaxation searches the same words again. */
const GROUPS_MEMO = 16;

/** The words of a query the search scores, in order. */
export function queryWords(text: string): string[] {
  // Scoring counts at most 32 words; a pasted essay must not cost a typo lookup per word.
  // A repeated word counts once.
  const words = joinPhrases(tokenize(boundText(text))).filter((w) => !STOP_WORDS.has(w) && !COMPATIBILITY_WORDS.has(w));
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/** Expands query words against one index (remembering the last few word lists). */
export function termExpander(inv: InvertedIndex, categoryMatcher: CategoryMatcher): (words: string[]) => TermAlternative[][] {
  const groupsMemo = new Map<string, TermAlternative[][]>();

  /**
   * A query word's alternatives in the index: itself, typo fixes, prefix, synonyms, other
   * script. Typo candidates are looked for in the first MAX_FUZZY_WORDS words that need
   * them: each look-up scans the index words of similar length.
   */
  function termGroups(words: string[]): TermAlternative[][] {
    const key = words.join(' ');
    const known = groupsMemo.get(key);
    if (known) {
      return known;
    }
    let fuzzyLeft = MAX_FUZZY_WORDS;
    const groups = words.map((w, gi) => {
      const isLast = gi === words.length - 1;
      const own = stem(w);
      const best = new Map<number, number>();
      const put = (termId: number | undefined, weight: number): void => {
        if (termId !== undefined && weight > (best.get(termId) ?? 0)) {
          best.set(termId, weight);
        }
      };
      const synonyms = synonymsOf(w).flatMap((s) => tokenize(s)).map(stem);
      // Words that name a kind of product in this shop ("наушники") matter more than
      // modifiers ("беспроводные"), however rare the modifier is.
      const kind = [own, ...synonyms].some((t) => categoryMatcher.kindStems.has(t)) ? KIND_WEIGHT : 1;
      const ownId = inv.termId(own);
      put(ownId, kind);
      const mayFuzz = fuzzyLeft > 0;
      let fuzzed = false;
      if (ownId === undefined && mayFuzz && !hasDigit(own) && own.length >= 4) {
        fuzzed = true;
        const edits = own.length >= 7 ? 2 : 1;
        for (const c of inv.fuzzyTerms(own, edits, FUZZY_TERMS)) {
          put(c.termId, kind * FUZZY_WEIGHT * (c.edits === 1 ? 1 : 0.8));
        }
      }
      // The last word may be cut short ("наушн"), and a model number has variants ("265" →
      // "265s"); a complete, common word is not expanded (it would only add its frequent
      // longer cousins: "usb" → "usbc", "usb3" …).
      if (isLast && own.length >= 3 && (ownId === undefined || inv.docFrequency(ownId) < 3 || hasDigit(own))) {
        for (const id of inv.prefixTerms(own, PREFIX_TERMS)) {
          put(id, kind * PREFIX_WEIGHT);
        }
      }
      // Shop names abbreviate ("Мышь беспров.", "нерж."): an indexed word that begins the
      // buyer's word counts a little.
      if (!hasDigit(own) && own.length >= 6) {
        for (let len = own.length - 1; len >= 5; len--) {
          const id = inv.termId(own.slice(0, len));
          if (id !== undefined) {
            put(id, kind * ABBREVIATION_WEIGHT);
            break;
          }
        }
      }
      for (const s of synonyms) {
        put(inv.termId(s), kind * SYNONYM_WEIGHT);
      }
      // A word the catalogue does not know may be a brand or model in the other script
      // ("самснуг" → "samsnug" ≈ "samsung").
      // Model codes typed in Cyrillic ("с24", "а55") are Latin in the catalogue.
      if (ownId === undefined && hasDigit(w) && isCyrillic(w)) {
        put(inv.termId(toLatin(w)), kind * TRANSLIT_WEIGHT);
      }
      if (ownId === undefined && !hasDigit(w) && w.length >= 4) {
        const other = stem(isCyrillic(w) ? toLatin(w) : toCyrillic(w));
        const otherId = inv.termId(other);
        put(otherId, kind * TRANSLIT_WEIGHT);
        if (otherId === undefined && other.length >= 4 && mayFuzz) {
          fuzzed = true;
          for (const c of inv.fuzzyTerms(other, other.length >= 7 ? 2 : 1, FUZZY_TERMS)) {
            put(c.termId, kind * TRANSLIT_WEIGHT * FUZZY_WEIGHT);
          }
        }
      }
      if (fuzzed) {
        fuzzyLeft--;
      }
      return [...best.entries()].map(([termId, weight]) => ({ termId, weight }));
    });
    if (groupsMemo.size >= GROUPS_MEMO) {
      groupsMemo.clear();
    }
    groupsMemo.set(key, groups);
    return groups;
  }

  return termGroups;
}
