/**
 * Yandex Market Language reader: yml_catalog > shop > categories … offers > offer.
 * Keeps only the category map (id → name, parent) in memory; offers stream through.
 */
import type { FeedItem } from './feed.ts';
import { addParam, newParams, parseAvailable } from './fields.ts';
import { cleanText, collapseWhitespace } from './text.ts';
import { type ProductDraft, ProductValidator } from './validation.ts';
import { decodeXml, walkXml, type XmlChild, type XmlRecord } from './xml.ts';

/**
 * Offer elements that are worth keeping as parameters (searchable, shown on cards), with the
 * spelling the YML documentation uses (the walker lower-cases names).
 */
const EXTRA_PARAM_LIST: Record<string, string> = {
  vendorcode: 'vendorCode',
  model: 'model',
  country_of_origin: 'country_of_origin',
  barcode: 'barcode',
  manufacturer_warranty: 'manufacturer_warranty',
  weight: 'weight',
  dimensions: 'dimensions',
  author: 'author',
  publisher: 'publisher',
  series: 'series',
  year: 'year',
  isbn: 'ISBN',
  volume: 'volume',
  part: 'part',
  language: 'language',
  binding: 'binding',
  page_extent: 'page_extent',
  performed_by: 'performed_by',
  performance_type: 'performance_type',
  storage: 'storage',
  format: 'format',
  recording_length: 'recording_length',
  artist: 'artist',
  media: 'media',
  starring: 'starring',
  director: 'director',
  originalname: 'originalName',
  country: 'country',
  place: 'place',
  hall: 'hall',
  hall_part: 'hall_part',
  date: 'date',
  age: 'age',
};
// Looked up by the feed's element names: a Map, so an element named "constructor" is not a parameter.
const EXTRA_PARAMS: ReadonlyMap<string, string> = new Map(Object.entries(EXTRA_PARAM_LIST));

interface Category {
  name: string;
  parentId: string | undefined;
}

/** Category path root→leaf; stops at a cycle or a missing parent instead of looping. */
function categoryPath(map: Map<string, Category>, cache: Map<string, string[]>, id: string): string[] {
  const cached = cache.get(id);
  if (cached) {
    return cached;
  }
  const path: string[] = [];
  const visited = new Set<string>();
  let cur: string | undefined = id;
  while (cur !== undefined && !visited.has(cur) && path.length < 20) {
    visited.add(cur);
    const c = map.get(cur);
    if (!c) {
      break;
    }
    if (c.name !== '') {
      path.unshift(c.name);
    }
    cur = c.parentId;
  }
  cache.set(id, path);
  return path;
}

function text(children: readonly XmlChild[], name: string): string | undefined {
  for (const c of children) {
    if (c.name === name) {
      const t = collapseWhitespace(c.text);
      if (t !== '') {
        return t;
      }
    }
  }
  return undefined;
}

/** Builds the offer's display name by its type (YML allows several ways to name an offer). */
function offerName(type: string, children: readonly XmlChild[]): string | undefined {
  const name = text(children, 'name');
  const vendor = text(children, 'vendor');
  const model = text(children, 'model');
  switch (type) {
    case 'book':
    case 'audiobook': {
      const author = text(children, 'author');
      return name && author ? `${author} — ${name}` : name;
    }
    case 'artist.title': {
      const title = text(children, 'title') ?? name;
      const artist = text(children, 'artist');
      return title && artist ? `${artist} — ${title}` : title;
    }
    default:
      if (name) {
        return name;
      }
      // vendor.model (and simple offers written the new way without <name>).
      if (model) {
        return [text(children, 'typeprefix'), vendor, model].filter((x) => x !== undefined).join(' ');
      }
      return text(children, 'title');
  }
}

/** Maps one <offer> to a draft. */
function offerToDraft(rec: XmlRecord, categories: Map<string, Category>, pathCache: Map<string, string[]>, shopUrl: string | undefined): ProductDraft {
  const type = (rec.attrs['type'] ?? '').trim().toLowerCase();
  const ch = rec.children;
  const params = newParams();
  for (const c of ch) {
    if (c.name === 'param') {
      const pname = c.attrs['name'];
      if (pname) {
        const unit = c.attrs['unit']?.trim();
        const value = collapseWhitespace(c.text);
        addParam(params, cleanText(pname), unit && value !== '' ? `${value} ${unit}` : value);
      }
    } else {
      const key = EXTRA_PARAMS.get(c.name);
      // Vendor and model already form the name of vendor.model offers; keep model anyway
      // because buyers search by it. Title/author are in the name of their types.
      if (key !== undefined && !(type === 'artist.title' && c.name === 'title')) {
        const value = collapseWhitespace(c.text);
        const unit = c.attrs['unit']?.trim();
        if (value !== '') {
          addParam(params, key, unit ? `${value} ${unit}` : value);
        }
      }
    }
  }
  const categoryId = text(ch, 'categoryid');
  const available = rec.attrs['available'] ?? text(ch, 'available');
  return {
    sku: rec.attrs['id'],
    name: offerName(type, ch),
    brand: text(ch, 'vendor'),
    price: text(ch, 'price'),
    oldPrice: text(ch, 'oldprice'),
    currency: text(ch, 'currencyid'),
    categoryId,
    categories: categoryId !== undefined ? categoryPath(categories, pathCache, categoryId) : [],
    description: ch.find((c) => c.name === 'description')?.text,
    url: text(ch, 'url'),
    imageUrl: text(ch, 'picture'),
    baseUrl: shopUrl,
    available: parseAvailable(available, true),
    params,
  };
}

/**
 * Streams a YML feed (windows-1251 or UTF-8, per the XML declaration). Offers whose
 * categories were not declared before them get no category path.
 */
export async function* readYml(source: AsyncIterable<Buffer>): AsyncGenerator<FeedItem> {
  const validator = new ProductValidator();
  const categories = new Map<string, Category>();
  const pathCache = new Map<string, string[]>();
  let shopUrl: string | undefined;
  let queue: FeedItem[] = [];

  const walk = walkXml(decodeXml(source), {
    isRecord: (name, ancestors) => name === 'offer' && ancestors[ancestors.length - 1] === 'offers',
    onLeaf(name, attrs, value, ancestors) {
      const parent = ancestors[ancestors.length - 1];
      if (name === 'category' && parent === 'categories') {
        const id = attrs['id']?.trim();
        if (id) {
          const parentId = attrs['parentid']?.trim();
          categories.set(id, { name: cleanText(value), parentId: parentId || undefined });
          pathCache.clear();
        }
      } else if (name === 'url' && parent === 'shop') {
        shopUrl = value.trim();
      }
    },
    onRecord(rec) {
      const draft = offerToDraft(rec, categories, pathCache, shopUrl);
      if (!rec.complete) {
        const id = typeof draft.sku === 'string' && draft.sku.trim() !== '' ? draft.sku.trim() : null;
        queue.push(validator.reject(id, 'incomplete offer: the feed ends inside it'));
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
