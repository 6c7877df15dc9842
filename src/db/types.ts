/**
 * Table types for Kysely. Times are integers in microseconds since the epoch; JSON is kept
 * as text so both databases share one code path; booleans as 0/1 integers.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface SettingsTable {
  key: string;
  value: string;
}

export interface GuestSessionsTable {
  id: string;
  tenant_id: string;
  resource_id: string;
  /** SHA-256 (hex) of the access token; the token itself is never stored. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  /** When expiry was last moved; extension is skipped when this is under a minute old. */
  extended_at: number;
  revoked_at: number | null;
}

export interface DialogsTable {
  id: string;
  tenant_id: string;
  resource_id: string;
  thread_id: string;
  /** Owning guest session; null for resources that were never registered. */
  session_id: string | null;
  title: string;
  created_at: number;
  last_message_at: number;
  hidden_at: number | null;
  /**
   * What the catalogue engine kept for later turns with the dialog's latest answer that kept
   * something (JSON; the same as that message's `engine_state`), so a turn reads it with the
   * dialog instead of reading earlier messages. Read only by generation: `Dialog` leaves it out.
   */
  engine_state: string | null;
}

export interface MessagesTable {
  id: string;
  dialog_id: string;
  role: 'user' | 'assistant';
  /** User: content as sent, with image data replaced by a reference. Assistant: the `response` object. */
  content: string;
  created_at: number;
  /** User messages: the client's `messages[].id` (idempotency key within the dialog). */
  client_message_id: string | null;
  /** User messages: hash of the canonical request, to tell a retry from a conflicting reuse. */
  fingerprint: string | null;
  /** Assistant messages: the user message they answer. */
  reply_to: string | null;
  traffic_type: string | null;
  latency_ms: number | null;
  /** Assistant messages: root events (JSON array). */
  events: string | null;
  /** Assistant messages: what the engine keeps for later turns (JSON). */
  engine_state: string | null;
}

export interface MessageImagesTable {
  message_id: string;
  jpeg: Buffer;
  width: number;
  height: number;
}

export interface FeedbackTable {
  message_id: string;
  reaction: 'like' | 'dislike';
  updated_at: number;
}

export interface SharesTable {
  id: string;
  token_hash: string;
  dialog_id: string;
  through_message_id: string;
  /** The immutable public snapshot (JSON `messages` array). */
  snapshot: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface TrackingEventsTable {
  id: Generated<number>;
  tenant_id: string;
  dialog_id: string;
  message_id: string;
  type: string;
  sku: string | null;
  created_at: number;
}

export interface StarterPromptSelectionsTable {
  id: string;
  tenant_id: string;
  session_id: string;
  prompt_set_version: number;
  page_type: string;
  /** JSON array of the prompt ids shown, in display order (empty when selection failed). */
  prompt_ids: string;
  created_at: number;
}

export interface BuyerPreferencesTable {
  tenant_id: string;
  resource_id: string;
  data: string;
  updated_at: number;
}

export interface CatalogsTable {
  tenant_id: string;
  /** Bumped on every import; instances reload their index when it changes. */
  version: number;
  product_count: number;
  imported_at: number;
  source: string;
}

export interface CatalogProductsTable {
  tenant_id: string;
  version: number;
  sku: string;
  data: string;
}

/** Single flight of a turn with a message id: a lease held while the engine works, kept once the turn is stored. */
export interface GenerationClaimsTable {
  dialog_key: string;
  client_message_id: string;
  fingerprint: string;
  /** When the current holder took the claim. */
  claimed_at: number;
  /** The request holding the claim (random per holding); null on rows of pre-lease code. */
  holder: string | null;
  /** The lease runs out at this time unless its holder renews it; null on rows of pre-lease code. */
  lease_until: number | null;
  /** When the turn was stored; a done claim is never taken again. */
  done_at: number | null;
}

export interface Database {
  settings: SettingsTable;
  guest_sessions: GuestSessionsTable;
  dialogs: DialogsTable;
  messages: MessagesTable;
  message_images: MessageImagesTable;
  feedback: FeedbackTable;
  shares: SharesTable;
  tracking_events: TrackingEventsTable;
  starter_prompt_selections: StarterPromptSelectionsTable;
  buyer_preferences: BuyerPreferencesTable;
  catalogs: CatalogsTable;
  catalog_products: CatalogProductsTable;
  generation_claims: GenerationClaimsTable;
}

export type GuestSession = Selectable<GuestSessionsTable>;
/** A dialog as every module but generation reads it (`DIALOG_COLUMNS`): without the engine's state. */
export type Dialog = Omit<Selectable<DialogsTable>, 'engine_state'>;
/** The columns of `Dialog`. */
export const DIALOG_COLUMNS = ['id', 'tenant_id', 'resource_id', 'thread_id', 'session_id', 'title', 'created_at', 'last_message_at', 'hidden_at'] as const satisfies ReadonlyArray<keyof Dialog>;
export type NewDialog = Insertable<DialogsTable>;
export type Message = Selectable<MessagesTable>;
export type NewMessage = Insertable<MessagesTable>;
export type DialogUpdate = Updateable<DialogsTable>;
