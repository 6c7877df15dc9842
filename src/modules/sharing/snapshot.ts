/**
 * What a public snapshot keeps of a dialog (spec 2.11). Built by copying named fields
 * into new objects — never by deleting from the stored ones — so a field added to the
 * answer contract later stays out of snapshots until someone decides it belongs there.
 */
import { isoMillis } from '../../clock.ts';
import type { AssistantResponse, Product } from '../../assistant/contract.ts';
import { userText, type StoredUserContent } from '../dialogs/stored-content.ts';
import type { SnapshotMessage, SnapshotProduct, SnapshotProductsBlock } from './schemas.ts';

/** A stored message as the snapshot builder reads it. */
export interface StoredMessage {
  role: 'user' | 'assistant';
  content: string;
  created_at: number;
}

const PRODUCT_FIELDS = ['sku', 'category_id', 'name', 'price', 'features', 'brand', 'url', 'image_url'] as const satisfies ReadonlyArray<keyof SnapshotProduct>;

/** A product card without tracking events, `is_stm` or anything else the snapshot omits. */
export function snapshotProduct(product: Product): SnapshotProduct {
  const out: Record<string, unknown> = {};
  for (const field of PRODUCT_FIELDS) {
    if (product[field] !== undefined) {
      out[field] = product[field];
    }
  }
  return out as SnapshotProduct;
}

type SnapshotBlock = { type: 'message'; value: string } | SnapshotProductsBlock;

/** Message and products blocks only; buttons, quick replies, `shelf_id` and `source_query` are left out. */
export function snapshotContents(response: AssistantResponse): SnapshotBlock[] {
  const blocks: SnapshotBlock[] = [];
  for (const block of response.contents) {
    if (block.type === 'message') {
      blocks.push({ type: 'message', value: block.value });
    } else if (block.type === 'products') {
      const out: SnapshotProductsBlock = { type: 'products', value: block.value.map(snapshotProduct) };
      if (block.title !== undefined) {
        out.title = block.title;
      }
      if (block.categories !== undefined) {
        out.categories = [...block.categories];
      }
      blocks.push(out);
    }
  }
  return blocks;
}

/** One message of the snapshot: no ids, images, reactions, latency or events. */
export function snapshotMessage(row: StoredMessage): SnapshotMessage {
  const createdAt = isoMillis(row.created_at);
  if (row.role === 'user') {
    return { role: 'user', created_at: createdAt, content: userText(JSON.parse(row.content) as StoredUserContent) };
  }
  return { role: 'assistant', created_at: createdAt, response: { contents: snapshotContents(JSON.parse(row.content) as AssistantResponse) } };
}

/** The snapshot's `messages` as the JSON text that is stored and served unchanged. */
export function snapshotJson(rows: StoredMessage[]): string {
  return JSON.stringify(rows.map(snapshotMessage));
}
