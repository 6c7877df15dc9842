/**
 * Spans around the work of a turn that is not a database query: the image pipeline per
 * image, and the catalogue's searches (search, similar and complementary products). The
 * attributes are what an operator needs to read a slow trace — the tenant, limits and counts —
 * never the buyer's words, the image's address or its bytes.
 */
import type { CatalogRegistry } from '../catalog/registry.ts';
import { hasFilters, type CatalogIndex } from '../catalog/search/index.ts';
import type { ImagePipeline } from '../images/index.ts';
import type { SpanRecorder } from '../spans.ts';

export function traceImages(pipeline: ImagePipeline, spans: SpanRecorder): ImagePipeline {
  return {
    normalise: (source, signal) =>
      spans.span('image.normalise', { 'aisle.image.source': source.type }, async (span) => {
        const image = await pipeline.normalise(source, signal);
        span.set({ 'aisle.image.width': image.width, 'aisle.image.height': image.height, 'aisle.image.bytes': image.jpeg.length });
        return image;
      }),
  };
}

function traceIndex(index: CatalogIndex, tenantId: string, spans: SpanRecorder): CatalogIndex {
  return {
    ...index,
    search: (text, filters, limit, options) =>
      spans.span('catalog.search', { 'aisle.tenant.id': tenantId, 'aisle.search.limit': limit, 'aisle.search.filtered': filters ? hasFilters(filters) : false }, (span) => {
        const hits = index.search(text, filters, limit, options);
        span.set({ 'aisle.search.hits': hits.length });
        return hits;
      }),
    similar: (sku, limit, filters, budget) =>
      spans.span('catalog.similar', { 'aisle.tenant.id': tenantId, 'aisle.search.limit': limit }, (span) => {
        const products = index.similar(sku, limit, filters, budget);
        span.set({ 'aisle.search.hits': products.length });
        return products;
      }),
    complementary: (sku, limit, budget) =>
      spans.span('catalog.complementary', { 'aisle.tenant.id': tenantId, 'aisle.search.limit': limit }, (span) => {
        const products = index.complementary(sku, limit, budget);
        span.set({ 'aisle.search.hits': products.length });
        return products;
      }),
  };
}

/** The registry whose indexes record their searches; one traced view per index, made on first use. */
export function traceCatalogs(registry: CatalogRegistry, spans: SpanRecorder): CatalogRegistry {
  const traced = new WeakMap<CatalogIndex, CatalogIndex>();
  return {
    get(tenantId) {
      const index = registry.get(tenantId);
      if (!index) {
        return index;
      }
      let view = traced.get(index);
      if (!view) {
        view = traceIndex(index, tenantId, spans);
        traced.set(index, view);
      }
      return view;
    },
    refresh: () => registry.refresh(),
    stop: () => registry.stop(),
  };
}
