/**
 * The shop's insights, counted by the database (Kysely only; one code for SQLite and PostgreSQL
 * except the JSON functions, which each engine spells its own way). Every query is one tenant's,
 * within one period, grouped by the shop's days, and returns a bounded number of rows: a row per
 * day, or the top `limit` texts. Turns are read from the dialogs active in the period
 * (`dialogs_tenant_activity_idx`), then their answers (`messages_answers_idx`).
 *
 * Nothing here selects `resource_id` or `thread_id`: the shop sees its buyers' words, never who.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { DialectName } from '../../db/dialect.ts';
import { dayNumber } from '../../db/day-number.ts';


/** One tenant's period, and where its days start (microseconds east of UTC). */
export interface PeriodQuery {
  tenantId: string;
  sinceMicros: number;
  untilMicros: number;
  dayOffsetMicros: number;
}

export interface AnswerDayRow {
  dayNumber: number;
  turns: number;
  conversations: number;
  withProducts: number;
}

export interface FeedbackDayRow {
  dayNumber: number;
  likes: number;
  dislikes: number;
}

export interface RequestRow {
  /** The request, lower-cased, trimmed and cut to `REQUEST_KEY_CHARS` characters. */
  text: string;
  count: number;
  /** How many of these requests were answered without a product. */
  withoutProducts: number;
}

export interface DislikedRow {
  at: number;
  request: string | null;
  answer: string;
}

/** Characters of a request the grouping keeps (and the page shows). */
export const REQUEST_KEY_CHARS = 200;

/**
 * 1 when a stored answer shows at least one product, else 0: the generated column of migration
 * 0005, kept in `messages_answers_idx` with what the counts need besides.
 */
const HAS_PRODUCTS = sql<number>`a.has_products`;

/** The text of stored user content (the string itself, or its text parts joined), in each engine's JSON functions. */
function userText(dialect: DialectName, content: string): RawBuilder<string> {
  const c = sql.ref(content);
  return dialect === 'postgres'
    ? sql<string>`(case when left(${c}, 1) = '"' then ${c}::jsonb #>> '{}' else (select string_agg(p.part ->> 'text', E'\n') from jsonb_array_elements(${c}::jsonb) as p(part) where p.part ->> 'type' = 'text') end)`
    : sql<string>`(case when json_type(${c}) = 'text' then json_extract(${c}, '$') else (select group_concat(json_extract(p.value, '$.text'), char(10)) from json_each(${c}) as p where json_extract(p.value, '$.type') = 'text') end)`;
}

export function createInsightsRepository(db: Kysely<Database>, dialect: DialectName) {

  /** The period's answers of one tenant: assistant messages of the dialogs active in it. */
  const answers = (q: PeriodQuery) =>
    db
      .selectFrom('dialogs as d')
      .innerJoin('messages as a', 'a.dialog_id', 'd.id')
      .where('d.tenant_id', '=', q.tenantId)
      // Implied by the next condition (an answer is never later than its dialog's last message);
      // it lets the database start from the dialogs active in the period.
      .where('d.last_message_at', '>=', q.sinceMicros)
      .where('a.created_at', '>=', q.sinceMicros)
      .where('a.created_at', '<', q.untilMicros)
      .where('a.role', '=', 'assistant');

  /** The buyers' requests of the period: each answer's user message, as normalised text. */
  const requests = (q: PeriodQuery) =>
    answers(q)
      .innerJoin('messages as u', 'u.id', 'a.reply_to')
      .select([
        sql<string>`substr(lower(trim(${userText(dialect, 'u.content')})), 1, ${sql.lit(REQUEST_KEY_CHARS)})`.as('text'),
        HAS_PRODUCTS.as('has_products'),
      ]);

  return {
    /** Turns, active conversations and answers with products, per day of the period. */
    async answersByDay(q: PeriodQuery): Promise<AnswerDayRow[]> {
      const day = dayNumber('a.created_at', q.dayOffsetMicros);
      const rows = await answers(q)
        .select([
          day.as('day_number'),
          sql<number>`count(*)`.as('turns'),
          sql<number>`count(distinct a.dialog_id)`.as('conversations'),
          sql<number>`sum(${HAS_PRODUCTS})`.as('with_products'),
        ])
        .groupBy(day)
        .orderBy(day)
        .execute();
      return rows.map((r) => ({ dayNumber: Number(r.day_number), turns: Number(r.turns), conversations: Number(r.conversations), withProducts: Number(r.with_products) }));
    },

    /** Conversations with at least one answer in the period (a conversation over several days counts once). */
    async conversations(q: PeriodQuery): Promise<number> {
      const row = await answers(q).select(sql<number>`count(distinct a.dialog_id)`.as('n')).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * The most frequent requests and those most often answered without a product (only requests
     * that had such an answer): at most `limit` of each. The requests are read and grouped once
     * (materialised), then both lists are taken from the groups.
     */
    async topRequests(q: PeriodQuery, limit: number): Promise<{ byCount: RequestRow[]; byWithoutProducts: RequestRow[] }> {
      const rows = await db
        .with((cte) => cte('r').materialized(), () => requests(q))
        .with(
          (cte) => cte('g').materialized(),
          (qb) => qb.selectFrom('r').select(['r.text', sql<number>`count(*)`.as('n'), sql<number>`sum(1 - r.has_products)`.as('without_products')]).groupBy('r.text'),
        )
        .selectFrom((qb) => qb.selectFrom('g').select(['g.text', 'g.n', 'g.without_products', sql.lit('count').as('list')]).orderBy('g.n', 'desc').orderBy('g.text').limit(limit).as('c'))
        .selectAll()
        .unionAll((qb) =>
          qb
            .selectFrom((inner) =>
              inner
                .selectFrom('g')
                .select(['g.text', 'g.n', 'g.without_products', sql.lit('without').as('list')])
                .where('g.without_products', '>', 0)
                .orderBy('g.without_products', 'desc')
                .orderBy('g.text')
                .limit(limit)
                .as('w'),
            )
            .selectAll(),
        )
        .execute();
      const row = (r: (typeof rows)[number]): RequestRow => ({ text: r.text, count: Number(r.n), withoutProducts: Number(r.without_products) });
      return { byCount: rows.filter((r) => r.list === 'count').map(row), byWithoutProducts: rows.filter((r) => r.list === 'without').map(row) };
    },

    /** Likes and dislikes given in the period, per day they were given. */
    async feedbackByDay(q: PeriodQuery): Promise<FeedbackDayRow[]> {
      const day = dayNumber('f.updated_at', q.dayOffsetMicros);
      const rows = await db
        .selectFrom('feedback as f')
        .innerJoin('messages as a', 'a.id', 'f.message_id')
        .innerJoin('dialogs as d', 'd.id', 'a.dialog_id')
        .where('d.tenant_id', '=', q.tenantId)
        .where('f.updated_at', '>=', q.sinceMicros)
        .where('f.updated_at', '<', q.untilMicros)
        .select([
          day.as('day_number'),
          sql<number>`sum(case when f.reaction = 'like' then 1 else 0 end)`.as('likes'),
          sql<number>`sum(case when f.reaction = 'dislike' then 1 else 0 end)`.as('dislikes'),
        ])
        .groupBy(day)
        .orderBy(day)
        .execute();
      return rows.map((r) => ({ dayNumber: Number(r.day_number), likes: Number(r.likes), dislikes: Number(r.dislikes) }));
    },

    /** The latest disliked answers of the period, with the request they answered (stored JSON, read by the service). */
    async dislikedAnswers(q: PeriodQuery, limit: number): Promise<DislikedRow[]> {
      const rows = await db
        .selectFrom('feedback as f')
        .innerJoin('messages as a', 'a.id', 'f.message_id')
        .innerJoin('dialogs as d', 'd.id', 'a.dialog_id')
        .leftJoin('messages as u', 'u.id', 'a.reply_to')
        .where('d.tenant_id', '=', q.tenantId)
        .where('f.reaction', '=', 'dislike')
        .where('f.updated_at', '>=', q.sinceMicros)
        .where('f.updated_at', '<', q.untilMicros)
        .select(['f.updated_at', 'u.content as request', 'a.content as answer'])
        .orderBy('f.updated_at', 'desc')
        .orderBy('a.id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ at: Number(r.updated_at), request: r.request, answer: r.answer }));
    },

    /** How many starter-prompt selections of the period showed each prompt id. */
    async promptsShown(q: PeriodQuery): Promise<Map<string, number>> {
      // Each engine's table function over a JSON array: one row per prompt id shown.
      const [ids, id] =
        dialect === 'postgres'
          ? [sql`cross join lateral jsonb_array_elements_text(s.prompt_ids::jsonb) as p(prompt_id)`, sql`p.prompt_id`]
          : [sql`cross join json_each(s.prompt_ids) as p`, sql`p.value`];
      const { rows } = await sql<{ prompt_id: string; n: number }>`
        select ${id} as prompt_id, count(*) as n
        from starter_prompt_selections as s ${ids}
        where s.tenant_id = ${q.tenantId} and s.created_at >= ${q.sinceMicros} and s.created_at < ${q.untilMicros}
        group by ${id}`.execute(db);
      return new Map(rows.map((r) => [String(r.prompt_id), Number(r.n)]));
    },

    /** Selections of the period that showed prompts (empty ones — a failed selection — are not counted). */
    async selectionsShown(q: PeriodQuery): Promise<number> {
      const row = await db
        .selectFrom('starter_prompt_selections')
        .where('tenant_id', '=', q.tenantId)
        .where('created_at', '>=', q.sinceMicros)
        .where('created_at', '<', q.untilMicros)
        .where('prompt_ids', '<>', '[]')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * Presses of starter prompts in the period: dialogs begun in it whose first message is exactly
     * a prompt's text (the widget sends the text as a plain message, spec 4.9), counted per stored
     * content. One message is read per dialog begun, not every message of the period.
     * `storedTexts` are the prompts' texts as the store keeps a text message (JSON strings).
     */
    async promptPresses(q: PeriodQuery, storedTexts: string[]): Promise<Map<string, number>> {
      if (storedTexts.length === 0) {
        return new Map();
      }
      const rows = await db
        .selectFrom((qb) =>
          qb
            .selectFrom('dialogs as d')
            .where('d.tenant_id', '=', q.tenantId)
            // Implied by the next two (a dialog's last message is never before its first).
            .where('d.last_message_at', '>=', q.sinceMicros)
            .where('d.created_at', '>=', q.sinceMicros)
            .where('d.created_at', '<', q.untilMicros)
            .select((eb) =>
              eb
                .selectFrom('messages as e')
                .select('e.content')
                .whereRef('e.dialog_id', '=', 'd.id')
                .orderBy('e.created_at')
                .orderBy('e.id')
                .limit(1)
                .as('first_content'),
            )
            .as('f'),
        )
        .where('f.first_content', 'in', storedTexts)
        .select(['f.first_content', sql<number>`count(*)`.as('n')])
        .groupBy('f.first_content')
        .execute();
      return new Map(rows.map((r) => [String(r.first_content), Number(r.n)]));
    },
  };
}

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
