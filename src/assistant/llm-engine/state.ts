/**
 * What a model turn leaves for the next one, in the catalogue engine's state form (the
 * search behind the cards shown, or the product they relate to), so that a later turn the
 * catalogue engine answers as fallback can still refine what the model showed ("а подешевле?").
 */
import type { CatalogProduct } from '../../catalog/product.ts';
import { compactFilters } from '../../catalog/search/filters.ts';
import { tokenize } from '../../catalog/search/tokenize.ts';
import type { Lang } from '../language.ts';
import { stateRecord, type EngineState } from '../engine-state.ts';
import type { ToolJournal } from './tools.ts';

/** The state of a turn that showed `shown`; null when it showed nothing. */
export function turnState(journal: ToolJournal, shown: CatalogProduct[], lang: Lang): Record<string, unknown> | null {
  if (shown.length === 0) {
    return null;
  }
  const skus = shown.map((p) => p.sku);
  const search = [...journal.searches].reverse().find((s) => s.run.hits.some((h) => skus.includes(h.product.sku)));
  if (search) {
    const { request, run } = search;
    const state: EngineState = {
      v: 1,
      kind: 'search',
      lang,
      text: run.text,
      filters: compactFilters(run.filters),
      categoryWords: request.categoryWords ?? [],
      brandWords: request.brandWords ?? [],
      label: tokenize([request.text, ...(request.categoryWords ?? [])].join(' ')),
      shown: skus,
    };
    if (run.sort && !run.sortFromRelaxation) {
      state.sort = run.sort;
    }
    return stateRecord(state);
  }
  const related = journal.related;
  return stateRecord({
    v: 1,
    kind: related?.kind ?? 'similar',
    lang,
    text: '',
    filters: {},
    categoryWords: [],
    brandWords: [],
    label: [],
    shown: skus,
    ...(related ? { sku: related.sku } : {}),
  });
}
