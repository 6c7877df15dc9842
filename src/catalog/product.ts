/**
 * One product of a shop's catalogue as Aisle keeps it, whatever feed it came from
 * (YML, Google Merchant RSS/Atom, CSV, JSON Lines). Importers produce it; the search
 * index and the engines read it; product cards (spec 2.5) are filled from it.
 */
export interface CatalogProduct {
  /** The shop's product id (YML offer id, g:id, `sku` column). Unique within a tenant's catalogue. */
  sku: string;
  name: string;
  brand?: string;
  /** Price in the catalogue's currency; absent when the feed gives none. */
  price?: number;
  oldPrice?: number;
  currency?: string;
  categoryId?: string;
  /** Category path from the most general to the most specific. */
  categories: string[];
  description?: string;
  url?: string;
  imageUrl?: string;
  available: boolean;
  /** Named parameters (YML `param`, Merchant attributes, CSV extra columns): colour, size, … */
  params: Record<string, string>;
  /** The shop's own brand (spec `is_stm`). */
  isStm?: boolean;
}

/** An offer the importer skipped, reported by its id so the shop can fix its feed. */
export interface SkippedOffer {
  offerId: string | null;
  reason: string;
}
