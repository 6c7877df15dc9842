/**
 * Shared set-up for the catalogue engine tests: the real demo catalogue, tenants, a small
 * real tracking-link implementation, and a dialog runner that feeds each answer's state
 * back as history, as the generation service does.
 */
import assert from 'node:assert/strict';
import { createCatalogEngine } from '../../../src/assistant/catalog-engine/index.ts';
import { engineAnswerProblems, type ButtonBlock, type EngineAnswer, type ProductsBlock } from '../../../src/assistant/contract.ts';
import type { BuyerPreferences, EngineResult, EngineTurn, PageContext, TrackingLinks } from '../../../src/assistant/engine.ts';
import type { Tenant } from '../../../src/config/tenant.ts';
import type { CatalogProduct } from '../../../src/catalog/product.ts';
import { demoIndex } from '../catalog-search/demo-catalog.ts';
import type { CatalogIndex } from '../../../src/catalog/search/types.ts';

const { index } = await demoIndex();
export { index };

/** A product in stock for a small catalogue of a test. */
export function item(sku: string, name: string, categories: string[], price: number, description?: string, brand?: string): CatalogProduct {
  return {
    sku,
    name,
    categories,
    available: true,
    price,
    params: {},
    ...(description ? { description } : {}),
    ...(brand ? { brand } : {}),
  };
}

/** A tenant as the tenants file would give it, with the defaults filled in. */
export function tenant(overrides: Partial<Tenant> = {}): Tenant {
  return {
    id: 'demo',
    name: 'Demo shop',
    language: 'ru',
    messageFormat: 'plain_text',
    allowedIps: [],
    memory: false,
    supportChat: true,
    showCategories: false,
    links: [
      { topic: 'delivery', label: 'Доставка и оплата', url: 'https://demo.aisle.example/delivery', keywords: ['доставка', 'курьер', 'delivery', 'shipping'] },
      { topic: 'returns', label: 'Возврат товара', url: 'https://demo.aisle.example/returns', keywords: ['возврат', 'вернуть', 'return', 'refund'] },
      { topic: 'stores', label: 'Адреса магазинов', url: 'https://demo.aisle.example/stores', keywords: ['адрес магазина', 'магазины', 'stores'] },
    ],
    allowedLinkHosts: [],
    engine: { type: 'catalog' },
    starterPrompts: { enabled: false, version: 1, prompts: [], timeoutMs: 1500 },
    ...overrides,
  };
}

/** Tracking links as a collector would sign them, simplified to readable URLs. */
export const tracking: TrackingLinks = {
  block: (type) => `https://t.example/e/${type}`,
  card: (type, sku) => `https://t.example/e/${type}/${sku}`,
};

export const engine = createCatalogEngine({ catalogs: { get: (id) => (id === 'demo' || id === 'demo-en' ? index : undefined) } });

export interface AskOptions {
  page?: PageContext;
  history?: EngineTurn[];
  preferences?: BuyerPreferences | null;
  image?: boolean;
  tenant?: Tenant;
}

/** One engine answer; fails the test if the answer breaks the contract. */
export async function ask(text: string, opts: AskOptions = {}): Promise<EngineResult> {
  const result = await engine.answer({
    tenant: opts.tenant ?? tenant(),
    text,
    image: opts.image ? { jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) } : null,
    page: opts.page ?? { type: 'HOMEPAGE' },
    history: opts.history ?? [],
    preferences: opts.preferences ?? null,
    tracking,
    signal: new AbortController().signal,
  });
  assert.deepEqual(engineAnswerProblems(result.answer), [], `answer to "${text}" breaks the contract`);
  return result;
}

/** A dialog: each message is answered with the history of the earlier turns and their states. */
export async function converse(messages: string[], opts: Omit<AskOptions, 'history'> = {}): Promise<EngineResult[]> {
  const history: EngineTurn[] = [];
  const results: EngineResult[] = [];
  for (const text of messages) {
    const r = await ask(text, { ...opts, history: [...history] });
    results.push(r);
    history.push({ role: 'user', text }, { role: 'assistant', text: messageOf(r.answer), response: r.answer.response, state: r.state ?? null });
  }
  return results;
}

export function messageOf(answer: EngineAnswer): string {
  const m = answer.response.contents.find((b) => b.type === 'message');
  return m && m.type === 'message' ? m.value : '';
}

export function productsOf(answer: EngineAnswer): ProductsBlock | undefined {
  return answer.response.contents.find((b): b is ProductsBlock => b.type === 'products');
}

export function buttonsOf(answer: EngineAnswer): ButtonBlock[] {
  return answer.response.contents.filter((b): b is ButtonBlock => b.type === 'button');
}

export function shownSkus(answer: EngineAnswer): string[] {
  return (productsOf(answer)?.value ?? []).map((p) => p.sku ?? '');
}

/** A dialog on a catalogue of its own, each answer's state fed back as the generation service does. */
export async function dialogOn(catalog: CatalogIndex, language: 'ru' | 'en', messages: string[]): Promise<EngineAnswer[]> {
  const engine = createCatalogEngine({ catalogs: { get: () => catalog } });
  const history: EngineTurn[] = [];
  const answers: EngineAnswer[] = [];
  for (const text of messages) {
    const r = await engine.answer({ tenant: tenant({ language }), text, image: null, page: { type: 'HOMEPAGE' }, history: [...history], preferences: null, tracking, signal: new AbortController().signal });
    answers.push(r.answer);
    history.push({ role: 'user', text }, { role: 'assistant', text: messageOf(r.answer), response: r.answer.response, state: r.state ?? null });
  }
  return answers;
}
