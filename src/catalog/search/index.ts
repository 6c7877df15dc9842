/** The catalogue search: building a tenant's index, and the types the engines use it by. */
export { buildCatalogIndex } from './build-index.ts';
export type { CatalogIndex, DetailedQuery, ParsedQuery, PriceSort, SearchHit, SearchOptions } from './types.ts';
export type { SearchFilters } from './filters.ts';
export { hasFilters, compactFilters } from './filters.ts';
