/**
 * Google Merchant reader: RSS 2.0 (rss > channel > item) and Atom (feed > entry), with the
 * product attributes in the `g:` namespace (matched by local name, whatever the prefix).
 */
import type { FeedItem } from './feed.ts';
import { addParam, newParams, normalizeUrl, parseAvailable, parsePrice, splitCategoryPath } from './fields.ts';
import { collapseWhitespace, decodeEntities } from './text.ts';
import { type ProductDraft, ProductValidator } from './validation.ts';
import { decodeXml, localName, walkXml, type XmlChild, type XmlRecord } from './xml.ts';

/** Merchant attributes kept as parameters: what a buyer filters or searches by. */
const PARAM_ATTRS = [
  'color',
  'size',
  'material',
  'pattern',
  'gender',
  'age_group',
  'size_type',
  'size_system',
  'condition',
  'gtin',
  'mpn',
  'energy_efficiency_class',
  'item_group_id',
];

/**
 * Text of the first non-empty element with this local name. The namespaced one (`g:id`)
 * wins over a plain one (`id`): in Atom the plain `<id>` is the entry's URI, not the product id.
 */
function text(children: readonly XmlChild[], name: string): string | undefined {
  let plain: string | undefined;
  for (const c of children) {
    if (localName(c.name) === name) {
      const t = collapseWhitespace(c.text);
      if (t === '') {
        continue;
      }
      if (c.name !== name) {
        return t;
      }
      plain ??= t;
    }
  }
  return plain;
}

/** The item's link: `g:link` / RSS `<link>` text, or an Atom `<link href>` (alternate first). */
function itemLink(children: readonly XmlChild[]): string | undefined {
  const fromText = text(children, 'link');
  if (fromText) {
    return fromText;
  }
  const links = children.filter((c) => localName(c.name) === 'link' && c.attrs['href']);
  const alt = links.find((c) => (c.attrs['rel'] ?? 'alternate') === 'alternate') ?? links[0];
  return alt?.attrs['href']?.trim();
}

/** Merchant availability: in stock / preorder / backorder are buyable, out of stock is not. */
function merchantAvailable(v: string | undefined): boolean {
  if (v === undefined) {
    return true;
  }
  const s = v.toLowerCase().replace(/[\s-]+/g, '_');
  if (s === 'out_of_stock' || s === 'outofstock' || s === 'discontinued') {
    return false;
  }
  return parseAvailable(s.replace(/_/g, ' '), true);
}

function itemToDraft(rec: XmlRecord, feedLink: string | undefined): ProductDraft {
  const ch = rec.children;
  const params = newParams();
  for (const c of ch) {
    const local = localName(c.name);
    if (PARAM_ATTRS.includes(local)) {
      addParam(params, local, c.text);
    } else if (local === 'product_detail') {
      // g:product_detail > (product_detail >)? section_name, attribute_name, attribute_value
      const details = c.children.some((d) => localName(d.name) === 'attribute_name') ? [c] : c.children;
      for (const d of details) {
        const name = text(d.children, 'attribute_name');
        const value = text(d.children, 'attribute_value');
        if (name && value) {
          addParam(params, decodeEntities(name), decodeEntities(value));
        }
      }
    }
  }

  // g:sale_price, when the feed gives one, is what the buyer pays; the regular price
  // becomes the old (crossed-out) price.
  const regular = text(ch, 'price');
  const sale = text(ch, 'sale_price');
  const saleParsed = parsePrice(sale);
  let price: string | undefined = regular;
  let oldPrice: string | undefined;
  if (sale !== undefined && saleParsed.ok && saleParsed.value !== undefined) {
    price = sale;
    oldPrice = regular;
  }
  const priceParsed = parsePrice(price);
  const currency = priceParsed.ok ? priceParsed.currency : undefined;

  // Categories: the shop's own g:product_type path; Google's taxonomy when it is a path
  // (a numeric one is only an id).
  const productType = text(ch, 'product_type');
  const googleCategory = text(ch, 'google_product_category');
  let categories: string[] = [];
  let categoryId: string | undefined;
  if (productType) {
    categories = splitCategoryPath(productType);
  }
  if (googleCategory) {
    if (/^\d+$/.test(googleCategory)) {
      categoryId = googleCategory;
    } else if (categories.length === 0) {
      categories = splitCategoryPath(googleCategory);
    }
  }

  const link = itemLink(ch);
  const absoluteLink = normalizeUrl(link, feedLink);
  // Relative image links are resolved against the feed's own link; when the feed has none,
  // the item's absolute link is the next best base.
  const base = feedLink && /^https?:\/\//i.test(feedLink) ? feedLink : absoluteLink;

  return {
    sku: text(ch, 'id'),
    name: text(ch, 'title'),
    brand: text(ch, 'brand'),
    price,
    oldPrice,
    currency,
    categoryId,
    categories,
    description: ch.find((c) => localName(c.name) === 'description' && c.text.trim() !== '')?.text,
    url: absoluteLink,
    imageUrl: text(ch, 'image_link'),
    baseUrl: base,
    available: merchantAvailable(text(ch, 'availability')),
    params,
  };
}

/**
 * Streams a Google Merchant feed, RSS or Atom. An item whose price has no currency keeps
 * the price without a currency.
 */
export async function* readGoogleMerchant(source: AsyncIterable<Buffer>): AsyncGenerator<FeedItem> {
  const validator = new ProductValidator();
  let channelLink: string | undefined;
  let atomAlternate: string | undefined;
  let atomOther: string | undefined;
  let queue: FeedItem[] = [];

  const walk = walkXml(decodeXml(source), {
    isRecord: (name, ancestors) => {
      const parent = ancestors[ancestors.length - 1];
      return (name === 'item' && parent !== undefined && localName(parent) === 'channel') || (name === 'entry' && parent !== undefined && localName(parent) === 'feed');
    },
    onLeaf(name, attrs, value, ancestors) {
      const parent = ancestors[ancestors.length - 1];
      if (localName(name) !== 'link' || parent === undefined) {
        return;
      }
      if (localName(parent) === 'channel') {
        channelLink ??= value.trim() || undefined;
      } else if (localName(parent) === 'feed') {
        // Atom: rel="alternate" (the site) is the better base, "self" (the feed) the fallback.
        const href = attrs['href']?.trim() || undefined;
        if ((attrs['rel'] ?? 'alternate') === 'alternate') {
          atomAlternate ??= href;
        } else {
          atomOther ??= href;
        }
      }
    },
    onRecord(rec) {
      const draft = itemToDraft(rec, channelLink ?? atomAlternate ?? atomOther);
      if (!rec.complete) {
        const id = typeof draft.sku === 'string' ? draft.sku : null;
        queue.push(validator.reject(id, 'incomplete item: the feed ends inside it'));
        return;
      }
      queue.push(validator.check(draft));
    },
  });
  for await (const _ of walk) {
    if (queue.length > 0) {
      const items = queue;
      queue = [];
      yield* items;
    }
  }
}
