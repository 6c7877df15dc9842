/**
 * The initial schema: every resource of the spec, so later features add and do not rework.
 * Never edit a migration after it has landed; add a new one.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.ts';

export function initialMigration(dialect: DialectName): Migration {
  const blob = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    // Migrations see the schema as it was then, not as the current table types say (Kysely docs).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('guest_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('extended_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      // One registration per resource, ever (spec 3.1: a lost token cannot be reissued).
      await db.schema
        .createIndex('guest_sessions_resource_uq')
        .on('guest_sessions')
        .columns(['tenant_id', 'resource_id'])
        .unique()
        .execute();

      await db.schema
        .createTable('dialogs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'text', (c) => c.notNull())
        .addColumn('thread_id', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text', (c) => c.references('guest_sessions.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_message_at', 'bigint', (c) => c.notNull())
        .addColumn('hidden_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('dialogs_key_uq')
        .on('dialogs')
        .columns(['tenant_id', 'resource_id', 'thread_id'])
        .unique()
        .execute();
      // The dialog list: visible dialogs of a session, most recently active first (keyset).
      await db.schema
        .createIndex('dialogs_list_idx')
        .on('dialogs')
        .columns(['session_id', 'last_message_at desc', 'thread_id desc'])
        .where(sql.ref('hidden_at'), 'is', null)
        .execute();

      await db.schema
        .createTable('messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('dialog_id', 'text', (c) => c.notNull().references('dialogs.id'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('client_message_id', 'text')
        .addColumn('fingerprint', 'text')
        .addColumn('reply_to', 'text')
        .addColumn('traffic_type', 'text')
        .addColumn('latency_ms', 'integer')
        .addColumn('events', 'text')
        .addColumn('engine_state', 'text')
        .execute();
      await db.schema.createIndex('messages_dialog_idx').on('messages').columns(['dialog_id', 'created_at', 'id']).execute();
      await db.schema
        .createIndex('messages_client_id_uq')
        .on('messages')
        .columns(['dialog_id', 'client_message_id'])
        .unique()
        .where(sql.ref('client_message_id'), 'is not', null)
        .execute();
      await db.schema
        .createIndex('messages_reply_idx')
        .on('messages')
        .column('reply_to')
        .where(sql.ref('reply_to'), 'is not', null)
        .execute();

      await db.schema
        .createTable('message_images')
        .addColumn('message_id', 'text', (c) => c.primaryKey().references('messages.id').onDelete('cascade'))
        .addColumn('jpeg', blob as 'blob', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('feedback')
        .addColumn('message_id', 'text', (c) => c.primaryKey().references('messages.id').onDelete('cascade'))
        .addColumn('reaction', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('shares')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('dialog_id', 'text', (c) => c.notNull().references('dialogs.id'))
        .addColumn('through_message_id', 'text', (c) => c.notNull())
        .addColumn('snapshot', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('shares_dialog_idx').on('shares').column('dialog_id').execute();
      await db.schema.createIndex('shares_expiry_idx').on('shares').column('expires_at').execute();

      await db.schema
        .createTable('tracking_events')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('dialog_id', 'text', (c) => c.notNull())
        .addColumn('message_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('sku', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tracking_events_tenant_idx').on('tracking_events').columns(['tenant_id', 'created_at']).execute();

      await db.schema
        .createTable('starter_prompt_selections')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('prompt_set_version', 'integer', (c) => c.notNull())
        .addColumn('page_type', 'text', (c) => c.notNull())
        .addColumn('prompt_ids', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('starter_prompt_selections_session_idx')
        .on('starter_prompt_selections')
        .columns(['session_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('buyer_preferences')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('buyer_preferences_pk', ['tenant_id', 'resource_id'])
        .execute();

      await db.schema
        .createTable('catalogs')
        .addColumn('tenant_id', 'text', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('product_count', 'integer', (c) => c.notNull())
        .addColumn('imported_at', 'bigint', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('catalog_products')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('catalog_products_pk', ['tenant_id', 'version', 'sku'])
        .execute();

      await db.schema
        .createTable('generation_claims')
        .addColumn('dialog_key', 'text', (c) => c.notNull())
        .addColumn('client_message_id', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('claimed_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('generation_claims_pk', ['dialog_key', 'client_message_id'])
        .execute();
    },
  };
}
