/**
 * CSV reader: a header row names the columns (see docs/catalog-formats.md); comma,
 * semicolon or tab delimiter detected from the header; UTF-8 with or without BOM.
 * Parsing is csv-parse in streaming mode.
 */
import { Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import { FeedFormatError, type FeedItem } from './feed.ts';
import { addParam, newParams, parseAvailable, splitCategoryPath } from './fields.ts';
import { LIMITS } from './limits.ts';
import { peek } from './stream.ts';
import { type ProductDraft, ProductValidator } from './validation.ts';

/** Known columns (after normalising the header: lower case, spaces and dashes → "_"). */
const COLUMN_LIST: Record<string, keyof Fields> = {
  sku: 'sku',
  id: 'sku',
  offer_id: 'sku',
  product_id: 'sku',
  name: 'name',
  title: 'name',
  brand: 'brand',
  vendor: 'brand',
  price: 'price',
  old_price: 'oldPrice',
  oldprice: 'oldPrice',
  currency: 'currency',
  currency_id: 'currency',
  currencyid: 'currency',
  category: 'category',
  categories: 'category',
  category_path: 'category',
  category_id: 'categoryId',
  categoryid: 'categoryId',
  description: 'description',
  url: 'url',
  link: 'url',
  image_url: 'imageUrl',
  image: 'imageUrl',
  image_link: 'imageUrl',
  picture: 'imageUrl',
  available: 'available',
  availability: 'available',
  in_stock: 'available',
  is_stm: 'isStm',
  // Russian headers, as shops in Russia and Kazakhstan name their spreadsheet columns.
  'артикул': 'sku',
  'код': 'sku',
  'название': 'name',
  'наименование': 'name',
  'бренд': 'brand',
  'производитель': 'brand',
  'цена': 'price',
  'старая_цена': 'oldPrice',
  'валюта': 'currency',
  'категория': 'category',
  'id_категории': 'categoryId',
  'описание': 'description',
  'ссылка': 'url',
  'изображение': 'imageUrl',
  'картинка': 'imageUrl',
  'фото': 'imageUrl',
  'наличие': 'available',
};
// Looked up by the feed's headers: a Map, so a column named "constructor" is a parameter.
const COLUMNS: ReadonlyMap<string, keyof Fields> = new Map(Object.entries(COLUMN_LIST));

interface Fields {
  sku: string;
  name: string;
  brand: string;
  price: string;
  oldPrice: string;
  currency: string;
  category: string;
  categoryId: string;
  description: string;
  url: string;
  imageUrl: string;
  available: string;
  isStm: string;
}

function normalizeHeader(h: string): string {
  return h
    .replace(/^\ufeff/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/**
 * Picks the delimiter that occurs most often outside quotes in the header line:
 * ";" is what spreadsheet software writes in locales where "," is the decimal mark.
 */
export function detectDelimiter(headerLine: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) {
      counts[ch]++;
    }
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) {
    return ';';
  }
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) {
    return '\t';
  }
  return ',';
}

/**
 * Streams products from CSV. Throws FeedFormatError when the header names neither an id
 * column nor a name column (then the file is not a catalogue, or has no header row).
 */
export async function* readCsv(source: AsyncIterable<Buffer>): AsyncGenerator<FeedItem> {
  const { head, rest } = await peek(source, 64 * 1024, (h) => h.includes(0x0a));
  const headerLine = head.toString('utf8').replace(/^\ufeff/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = detectDelimiter(headerLine);

  const validator = new ProductValidator();
  const skippedByParser: FeedItem[] = [];
  const parser = parse({
    delimiter,
    bom: true,
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: LIMITS.lineBytes,
    skip_records_with_error: true,
    on_skip: (err: CsvError | undefined) => {
      const line = (err as (CsvError & { lines?: number }) | undefined)?.lines;
      skippedByParser.push(validator.reject(null, `${line !== undefined ? `line ${line}: ` : ''}unreadable CSV row (${err?.message ?? 'parse error'})`));
      return undefined;
    },
  });
  const input = Readable.from(rest);
  input.on('error', (e) => parser.destroy(e));
  input.pipe(parser);

  let header: Array<{ field: keyof Fields | undefined; raw: string }> | undefined;
  try {
    for await (const entry of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      while (skippedByParser.length > 0) {
        yield skippedByParser.shift()!;
      }
      const { record, info } = entry;
      if (!header) {
        header = record.map((raw) => ({ field: COLUMNS.get(normalizeHeader(raw)), raw: raw.replace(/^\ufeff/, '').trim() }));
        const fields = new Set(header.map((h) => h.field));
        if (!fields.has('sku') || !fields.has('name')) {
          throw new FeedFormatError(
            `CSV header must name an id column (sku or id) and a name column (name or title); found: ${header.map((h) => h.raw).join(', ').slice(0, 300)}`,
          );
        }
        continue;
      }
      const f: Partial<Fields> = Object.create(null) as Partial<Fields>;
      const params = newParams();
      header.forEach((h, i) => {
        const value = record[i];
        if (value === undefined || value.trim() === '') {
          return;
        }
        if (h.field) {
          // The first column wins when a file has both "id" and "sku".
          f[h.field] ??= value;
        } else if (h.raw !== '') {
          addParam(params, h.raw, value);
        }
      });
      const draft: ProductDraft = {
        sku: f.sku,
        name: f.name,
        brand: f.brand,
        price: f.price,
        oldPrice: f.oldPrice,
        currency: f.currency,
        categoryId: f.categoryId,
        categories: f.category ? splitCategoryPath(f.category) : [],
        description: f.description,
        url: f.url,
        imageUrl: f.imageUrl,
        available: parseAvailable(f.available, true),
        params,
      };
      if (f.isStm !== undefined) {
        draft.isStm = parseAvailable(f.isStm, false);
      }
      yield validator.check(draft, `line ${info.lines}`);
    }
    while (skippedByParser.length > 0) {
      yield skippedByParser.shift()!;
    }
  } finally {
    input.destroy();
    parser.destroy();
  }
}
