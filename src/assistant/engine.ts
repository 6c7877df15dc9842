/**
 * The one interface every assistant engine implements (catalogue engine, LLM engine),
 * and what the generation service hands it. Engines never touch storage or HTTP: the
 * service loads the dialog, calls `answer`, validates and stores the result.
 */
import type { Tenant, PageType } from '../config/tenant.ts';
import type { AssistantResponse, EngineAnswer } from './contract.ts';

/** Spec 2.3 `runtimeContext.ctx`, normalised. */
export interface PageContext {
  type: PageType;
  data?: unknown;
  lng?: string | null;
  location?: string | null;
  storeId?: string;
}

/** An earlier turn of the same dialog, oldest first. */
export interface EngineTurn {
  role: 'user' | 'assistant';
  /** The user's text, or the assistant's message blocks joined. */
  text: string;
  response?: AssistantResponse;
  /** What the engine chose to remember of its own turn (e.g. the search it ran), see `EngineResult.state`. */
  state?: Record<string, unknown> | null;
}

/** A buyer's stable preferences, kept per tenant and resource when memory is on. */
export interface BuyerPreferences {
  brands?: string[];
  budgetMax?: number;
  budgetMin?: number;
  sizes?: string[];
  constraints?: string[];
}

/** Makes signed links to Aisle's own event collector for the answer being built. */
export interface TrackingLinks {
  /** A block-level event (root `events[]`): IMP, WRIMP, visible_impression. */
  block(type: string): string;
  /** A card-level event (`products[].events[]`): click, visible_impression. */
  card(type: string, sku: string): string;
}

export interface EngineRequest {
  tenant: Tenant;
  /** The text of the new user message ('' when the message is an image alone). */
  text: string;
  /** The normalised JPEG of an image part, when the message had one. */
  image: { jpeg: Buffer } | null;
  page: PageContext;
  history: EngineTurn[];
  preferences: BuyerPreferences | null;
  tracking: TrackingLinks;
  signal: AbortSignal;
}

export interface EngineResult {
  answer: EngineAnswer;
  /** Kept with the assistant message and given back in `EngineTurn.state` on later turns. */
  state?: Record<string, unknown> | null;
  /** Preferences learned from this turn, merged into the saved ones when memory is on. */
  learnedPreferences?: BuyerPreferences | null;
}

export interface AssistantEngine {
  answer(request: EngineRequest): Promise<EngineResult>;
}
