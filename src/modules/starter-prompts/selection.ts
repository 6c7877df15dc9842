/**
 * Which five starter prompts to show, by rule (spec 4.9): prompts made for this page type
 * first, then prompts for any page, then the rest; within each group, prompts whose words
 * the buyer used in earlier messages of this session rise, and prompts the buyer already
 * sent sink. Ties keep the order of the tenant's set. Pure: the service brings the inputs.
 */
import { PAGE_TYPES, type PageType } from '../../config/tenant.ts';
import { normalizeText, tokenize } from '../../catalog/search/tokenize.ts';
import { stem } from '../../catalog/search/stem.ts';
import { STOP_WORDS } from '../../catalog/search/stopwords.ts';

export const PROMPTS_SHOWN = 5;

export interface StarterPrompt {
  id: string;
  text: string;
  /** Page types the prompt suits; empty = any page. */
  pageTypes: readonly PageType[];
}

/** `ctx.type` as the spec reads it: one of the known page types, anything else (or nothing) is OTHER. */
export function pageTypeOf(type: unknown): PageType {
  return typeof type === 'string' && (PAGE_TYPES as readonly string[]).includes(type) ? (type as PageType) : 'OTHER';
}

function contentStems(text: string): Set<string> {
  return new Set(
    tokenize(text)
      .filter((w) => w.length > 2 && !STOP_WORDS.has(w) && !/^\d+$/.test(w))
      .map(stem),
  );
}

function sameText(a: string, b: string): boolean {
  const norm = (s: string) => normalizeText(s).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return norm(a) === norm(b);
}

/**
 * All prompts, best first, for a page type and the buyer's earlier messages of this
 * session (empty when memory between dialogs is off).
 */
export function rankPrompts(prompts: readonly StarterPrompt[], pageType: PageType, pastTexts: readonly string[]): StarterPrompt[] {
  const past = new Set<string>();
  for (const text of pastTexts) {
    contentStems(text).forEach((s) => past.add(s));
  }
  const scored = prompts.map((prompt, order) => {
    // 20 for this page, 10 for any page, 0 otherwise: history only reorders within a group.
    const group = prompt.pageTypes.includes(pageType) ? 20 : prompt.pageTypes.length === 0 ? 10 : 0;
    const words = contentStems(prompt.text);
    const shared = [...words].filter((w) => past.has(w)).length;
    const affinity = words.size > 0 ? shared / words.size : 0;
    const asked = pastTexts.some((t) => sameText(t, prompt.text)) ? 5 : 0;
    return { prompt, order, score: group + affinity * 4 - asked };
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.map((s) => s.prompt);
}

/**
 * The five to show: the model's choice first when there is one (unknown and repeated ids
 * dropped), completed from the rule ranking. Undefined when fewer than five exist.
 */
export function pickFive(ranked: readonly StarterPrompt[], preferredIds: readonly string[] = []): StarterPrompt[] | undefined {
  const byId = new Map(ranked.map((p) => [p.id, p]));
  const out: StarterPrompt[] = [];
  const taken = new Set<string>();
  // Unique for the buyer too: two ids with the same text would show one button twice.
  const add = (p: StarterPrompt | undefined) => {
    if (p && !taken.has(p.id) && !out.some((o) => sameText(o.text, p.text)) && out.length < PROMPTS_SHOWN) {
      taken.add(p.id);
      out.push(p);
    }
  };
  preferredIds.forEach((id) => add(byId.get(id)));
  ranked.forEach(add);
  return out.length === PROMPTS_SHOWN ? out : undefined;
}
