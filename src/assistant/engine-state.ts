/**
 * What an engine remembers of its own turn (returned as `EngineResult.state`, given back in
 * `EngineTurn.state`): the search it ran and what it showed, so the next message can refine it
 * ("а подешевле?", "only Samsung"). The catalogue engine reads it; the model engine writes its
 * turns in the same form, so the catalogue engine answering as fallback can still refine them.
 */
import type { EngineTurn } from './engine.ts';
import type { SearchFilters } from '../catalog/search/filters.ts';
import type { PriceSort } from '../catalog/search/types.ts';
import { boundText, MAX_PARSE_WORDS } from '../catalog/search/limits.ts';
import type { Lang } from './language.ts';

export type ShelfKind = 'search' | 'similar' | 'complementary' | 'cart' | 'product';

export interface EngineState {
  v: 1;
  kind: ShelfKind;
  lang: Lang;
  text: string;
  filters: SearchFilters;
  sort?: PriceSort;
  categoryWords: string[];
  brandWords: string[];
  /** Words describing the search to the buyer ("беспроводные наушники"), in their order. */
  label: string[];
  /** SKUs shown, in order. */
  shown: string[];
  /** The product a similar/complementary shelf was built around. */
  sku?: string;
  /** The price bound came from "cheaper"/"pricier" than what was shown, not from the buyer's figure. */
  priceMove?: 'cheaper' | 'pricier';
  /** The shelf was gift ideas (a listing within a budget, one product per section). */
  gift?: true;
  /** Gift ideas about what the recipient loves: its name and the searches that found them ("cooking"). */
  giftAbout?: { topic: string; searches: string[]; kinds: boolean; recipient?: true };
  /**
   * The kind asked for is not sold, and the shelf showed what the shop has for its purpose: the
   * request that named it ("гофра для унитаза"), so "а подешевле?" lists cheaper ones of those.
   */
  purpose?: string;
  /** The SKUs of that shelf, in order (`shown` stays empty: the answer was that the kind is not sold). */
  purposeShown?: string[];
  /** SKUs of the same search shown before `shown` ("show me more" pages past them), oldest first. */
  seen?: string[];
  /** The shelf was the kind for games, the dearest first (power-first.ts): a price move keeps that order. */
  strongest?: true;
}

/** The searches of gift ideas about an interest read back (an interest names a few kinds: headphones, speakers, soundbars). */
const MAX_GIFT_SEARCHES = 8;
const KINDS = new Set<ShelfKind>(['search', 'similar', 'complementary', 'cart', 'product']);
/** Characters of one stored word, SKU or category name read back (longer ones were never written). */
const MAX_ITEM_CHARS = 300;

/**
 * The strings of a stored list, at most MAX_PARSE_WORDS of them. State written by older
 * versions may hold what they read from a message of any size; it is read within the
 * same bounds as a new message.
 */
function strings(v: unknown): string[] {
  if (!Array.isArray(v)) {
    return [];
  }
  const out: string[] = [];
  for (const x of v.slice(0, MAX_PARSE_WORDS)) {
    if (typeof x === 'string') {
      out.push(x.length > MAX_ITEM_CHARS ? x.slice(0, MAX_ITEM_CHARS) : x);
    }
  }
  return out;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** Reads filters back from stored JSON, dropping anything malformed. */
function readFilters(v: unknown): SearchFilters {
  if (!v || typeof v !== 'object') {
    return {};
  }
  const o = v as Record<string, unknown>;
  const f: SearchFilters = {};
  const min = num(o['priceMin']);
  const max = num(o['priceMax']);
  if (min !== undefined) {
    f.priceMin = min;
  }
  if (max !== undefined) {
    f.priceMax = max;
  }
  const around = num(o['priceAround']);
  if (around !== undefined) {
    f.priceAround = around;
  }
  for (const key of ['brands', 'excludeBrands', 'categories', 'excludeWords'] as const) {
    const list = strings(o[key]);
    if (list.length > 0) {
      f[key] = list;
    }
  }
  if (o['availableOnly'] === true) {
    f.availableOnly = true;
  }
  if (o['discountedOnly'] === true) {
    f.discountedOnly = true;
  }
  return f;
}

/**
 * The state of the latest assistant turn that has one. Stored state comes from the
 * database and may predate this version, so it is read field by field.
 */
export function latestState(history: EngineTurn[]): EngineState | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const turn = history[i] as EngineTurn;
    if (turn.role !== 'assistant' || !turn.state) {
      continue;
    }
    const s = turn.state;
    if (s['v'] !== 1 || !KINDS.has(s['kind'] as ShelfKind)) {
      continue;
    }
    const state: EngineState = {
      v: 1,
      kind: s['kind'] as ShelfKind,
      lang: s['lang'] === 'en' ? 'en' : 'ru',
      text: typeof s['text'] === 'string' ? boundText(s['text']) : '',
      filters: readFilters(s['filters']),
      categoryWords: strings(s['categoryWords']),
      brandWords: strings(s['brandWords']),
      label: strings(s['label']),
      shown: strings(s['shown']),
    };
    if (s['sort'] === 'price_asc' || s['sort'] === 'price_desc') {
      state.sort = s['sort'];
    }
    if (typeof s['sku'] === 'string') {
      state.sku = s['sku'];
    }
    if (s['gift'] === true) {
      state.gift = true;
      const about = s['giftAbout'] as Record<string, unknown> | undefined;
      if (about && typeof about === 'object' && typeof about['topic'] === 'string') {
        state.giftAbout = {
          topic: boundText(about['topic']),
          searches: strings(about['searches']).slice(0, MAX_GIFT_SEARCHES),
          kinds: about['kinds'] === true,
          ...(about['recipient'] === true ? { recipient: true as const } : {}),
        };
      }
    }
    if (s['priceMove'] === 'cheaper' || s['priceMove'] === 'pricier') {
      state.priceMove = s['priceMove'];
    }
    if (Array.isArray(s['seen'])) {
      state.seen = strings(s['seen']);
    }
    if (s['strongest'] === true) {
      state.strongest = true;
    }
    if (typeof s['purpose'] === 'string') {
      state.purpose = boundText(s['purpose']);
      state.purposeShown = strings(s['purposeShown']);
    }
    return state;
  }
  return null;
}

/** At most this many cards of one search are remembered as shown, for "show me more" to page past. */
const MAX_SEEN = 60;

/** The cards of the state's search shown so far, `seen` and then `shown`, the latest MAX_SEEN. */
export function seenSoFar(state: EngineState): string[] {
  return [...(state.seen ?? []), ...state.shown].slice(-MAX_SEEN);
}

/** The state as the plain JSON record `EngineResult.state` expects. */
export function stateRecord(state: EngineState): Record<string, unknown> {
  return JSON.parse(JSON.stringify(state)) as Record<string, unknown>;
}
