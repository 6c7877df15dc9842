/**
 * "laser printer for office": a product whose name says it works another way than the one asked
 * ("HP Officejet K5400 inkjet printer", its description promising "laser-quality text") matches
 * every word, yet is not what was asked for. How a thing prints or brews is one of a kind per
 * product (`qualityOf`): a name stating another, and not the one asked, contradicts the request,
 * and such hits are not offered while others are. A name saying nothing of it stays (a copier
 * named by its model).
 */
import { boundText } from './limits.ts';
import { mayNameWay, qualityOf } from './synonyms.ts';
import { tokenize } from './tokenize.ts';
import type { SearchHit } from './types.ts';

/** Families of qualities a product has one of, which names state. */
const EXCLUSIVE_FAMILIES: ReadonlySet<string> = new Set(['brew', 'print']);
/** Words of a request read for a way asked. */
const MAX_REQUEST_WORDS = 32;
/** Characters of a name read for the way it states. */
const MAX_NAME_CHARS = 200;

function exclusiveQuality(word: string): string | undefined {
  const q = qualityOf(word);
  return q !== undefined && EXCLUSIVE_FAMILIES.has(q.slice(0, q.indexOf(':'))) ? q : undefined;
}

/** The ways of working a request asks for ("print:laser" of "laser printer"), by family. */
export function askedWays(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const bounded = boundText(text);
  // Most requests name no way of working: they are not read word by word.
  if (!mayNameWay(bounded)) {
    return out;
  }
  for (const w of tokenize(bounded).slice(0, MAX_REQUEST_WORDS)) {
    const q = exclusiveQuality(w);
    if (q !== undefined) {
      out.set(q.slice(0, q.indexOf(':')), q);
    }
  }
  return out;
}

/** Whether a product's name states, of a family asked, only other ways than the one asked. */
export function contradictsWays(name: string, asked: ReadonlyMap<string, string>): boolean {
  if (asked.size === 0) {
    return false;
  }
  const stated = new Map<string, Set<string>>();
  for (const w of tokenize(name.slice(0, MAX_NAME_CHARS))) {
    const q = exclusiveQuality(w);
    if (q !== undefined) {
      const family = q.slice(0, q.indexOf(':'));
      const set = stated.get(family) ?? new Set<string>();
      set.add(q);
      stated.set(family, set);
    }
  }
  for (const [family, way] of asked) {
    const said = stated.get(family);
    if (said !== undefined && !said.has(way)) {
      return true;
    }
  }
  return false;
}

/** The hits without those whose names contradict the ways asked, when some hit does not (else all of them). */
export function withoutOtherWays(hits: readonly SearchHit[], asked: ReadonlyMap<string, string>): SearchHit[] {
  const kept = hits.filter((h) => !contradictsWays(h.product.name, asked));
  return kept.length > 0 ? kept : [...hits];
}
