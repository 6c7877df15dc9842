/**
 * The shop's insights page (`/insights`) reads one tenant's activity over a period: the dialogs
 * active in it (then their messages through `messages_dialog_idx`), reactions by when they were
 * given, and starter-prompt selections by tenant and time. These indexes keep its summary fast
 * at a million messages (docs/performance.md). Never edit after it has landed; add a new one.
 */
import type { Kysely, Migration } from 'kysely';

export const insightsIndexesMigration: Migration = {
  // Migrations see the schema as it was then, not as the current table types say (Kysely docs).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.createIndex('dialogs_tenant_activity_idx').on('dialogs').columns(['tenant_id', 'last_message_at']).execute();
    await db.schema.createIndex('feedback_updated_idx').on('feedback').columns(['updated_at']).execute();
    await db.schema.createIndex('starter_prompt_selections_tenant_idx').on('starter_prompt_selections').columns(['tenant_id', 'created_at']).execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('starter_prompt_selections_tenant_idx').execute();
    await db.schema.dropIndex('feedback_updated_idx').execute();
    await db.schema.dropIndex('dialogs_tenant_activity_idx').execute();
  },
};
