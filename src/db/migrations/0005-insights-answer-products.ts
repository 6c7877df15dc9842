/**
 * Whether a stored answer shows products, kept by the database itself so that counting a
 * period's answers never reads their JSON (docs/performance.md):
 * - SQLite: a generated column of `messages` (computed on read), held by `messages_answers_idx`
 *   with everything the counts need (dialog, role, time, the request answered): the counts read
 *   the index only.
 * - PostgreSQL: a column set by a trigger on insert (and on a change of content), filled for
 *   existing rows in batches of 5,000 (each statement well within the pool's 10-second query
 *   timeout; a generated stored column would rewrite the table in one statement). No new index:
 *   the answers are found through `messages_dialog_idx`, and reading the column from the row
 *   does not touch the answer's text, kept apart (TOAST).
 *
 * The test needs no JSON parsing and is exact: an answer is stored as `JSON.stringify` of a
 * response that passed the answer schema, where `name` is a key of product cards only (required,
 * never empty) and every card sits in a products block; inside a JSON string a quote is always
 * escaped, so `"name":` is never part of a text (user rows, JSON strings, never match).
 * Never edit after it has landed; add a new one.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.ts';

const BATCH = 5000;

export function insightsAnswerProductsMigration(dialect: DialectName): Migration {
  return {
    // Migrations see the schema as it was then, not as the current table types say (Kysely docs).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') {
        await db.schema
          .alterTable('messages')
          .addColumn('has_products', 'integer', (c) => c.generatedAlwaysAs(sql`(case when instr(content, '"name":') > 0 then 1 else 0 end)`))
          .execute();
        await db.schema
          .createIndex('messages_answers_idx')
          .on('messages')
          .columns(['dialog_id', 'role', 'created_at', 'has_products', 'reply_to'])
          .execute();
        return;
      }
      await db.schema.alterTable('messages').addColumn('has_products', 'integer').execute();
      await sql`
        create function messages_set_has_products() returns trigger language plpgsql as $$
        begin
          new.has_products := case when strpos(new.content, '"name":') > 0 then 1 else 0 end;
          return new;
        end $$`.execute(db);
      await sql`
        create trigger messages_has_products before insert or update of content on messages
        for each row execute function messages_set_has_products()`.execute(db);
      // Existing rows, in key order, a batch per statement.
      let after = '';
      for (;;) {
        const { rows } = await sql<{ last: string | null }>`
          with batch as (select id from messages where id > ${after} order by id limit ${BATCH}),
          done as (
            update messages m set has_products = case when strpos(m.content, '"name":') > 0 then 1 else 0 end
            from batch where m.id = batch.id
            returning m.id
          )
          select max(id) as last from done`.execute(db);
        const last = rows[0]?.last ?? null;
        if (last === null) {
          break;
        }
        after = last;
      }
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      if (dialect === 'sqlite') {
        await db.schema.dropIndex('messages_answers_idx').execute();
      } else {
        await sql`drop trigger messages_has_products on messages`.execute(db);
        await sql`drop function messages_set_has_products()`.execute(db);
      }
      await db.schema.alterTable('messages').dropColumn('has_products').execute();
    },
  };
}
