/**
 * The engine's state kept on the dialog (`dialogs.engine_state`): a catalogue-engine turn reads
 * the state its last answer kept together with the dialog, instead of reading the dialog's
 * last twenty messages — on SQLite those rows hold the answers' text and links in overflow
 * pages that must be walked to reach the state stored after them (docs/performance.md).
 *
 * Existing dialogs get the state of their latest answer that kept one, found through
 * `messages_dialog_idx`: in one statement on SQLite (one writer, nothing else runs during a
 * migration), in batches of 5,000 dialogs on PostgreSQL (each statement well within the pool's
 * 10-second query timeout), as migration 0005 does.
 * Never edit after it has landed; add a new one.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.ts';

const BATCH = 5000;

export function dialogEngineStateMigration(dialect: DialectName): Migration {
  return {
    // Migrations see the schema as it was then, not as the current table types say (Kysely docs).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('dialogs').addColumn('engine_state', 'text').execute();
      const latestState = sql`(
        select m.engine_state from messages m
        where m.dialog_id = dialogs.id and m.engine_state is not null
        order by m.created_at desc, m.id desc
        limit 1
      )`;
      if (dialect === 'sqlite') {
        await sql`update dialogs set engine_state = ${latestState}`.execute(db);
        return;
      }
      let after = '';
      for (;;) {
        const { rows } = await sql<{ last: string | null }>`
          with batch as (select id from dialogs where id > ${after} order by id limit ${BATCH}),
          done as (
            update dialogs set engine_state = ${latestState}
            from batch where dialogs.id = batch.id
            returning dialogs.id
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
      await db.schema.alterTable('dialogs').dropColumn('engine_state').execute();
    },
  };
}
