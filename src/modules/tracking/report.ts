/**
 * Per-tenant, per-day engagement from the tracking events: block impressions (IMP),
 * visible block impressions (WRIMP), card views (the cards' own visible_impression), clicks, and
 * click-through (clicks per block impression). Used by `aisle events-report`.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

export interface DayFigures {
  tenant: string;
  day: string;
  impressions: number;
  visibleImpressions: number;
  cardViews: number;
  clicks: number;
  clickThrough: number | null;
}

const DAY_MICROS = 86_400_000_000;

/**
 * The UTC day number of an event. The divisor is an inlined integer literal, not a bound
 * parameter: bound, SQLite received it as a REAL and divided in floating point (every event
 * its own "day" group), and PostgreSQL saw the select and GROUP BY expressions as different
 * ($1 vs $2) and refused the query.
 */
const dayNumber = sql<number>`(created_at / ${sql.lit(DAY_MICROS)})`;

export async function engagementByDay(db: Kysely<Database>, options: { tenantId?: string; sinceMicros: number }): Promise<DayFigures[]> {
  let query = db
    .selectFrom('tracking_events')
    .select([
      'tenant_id',
      dayNumber.as('day_number'),
      sql<number>`sum(case when type = 'IMP' then 1 else 0 end)`.as('imp'),
      sql<number>`sum(case when type = 'WRIMP' then 1 else 0 end)`.as('wrimp'),
      // Card views are the cards' own visible_impression events (they carry a SKU). The root
      // visible_impression is the whole block's, sent under the same condition as WRIMP
      // (spec part 6), so counting it here would add one "card view" per block seen.
      sql<number>`sum(case when type = 'visible_impression' and sku is not null then 1 else 0 end)`.as('views'),
      sql<number>`sum(case when type = 'click' then 1 else 0 end)`.as('clicks'),
    ])
    .where('created_at', '>=', options.sinceMicros)
    .groupBy(['tenant_id', dayNumber])
    .orderBy('tenant_id')
    .orderBy(dayNumber);
  if (options.tenantId) {
    query = query.where('tenant_id', '=', options.tenantId);
  }
  const rows = await query.execute();
  return rows.map((r) => {
    const impressions = Number(r.imp);
    const clicks = Number(r.clicks);
    return {
      tenant: r.tenant_id,
      day: new Date(Math.floor(Number(r.day_number)) * 86_400_000).toISOString().slice(0, 10),
      impressions,
      visibleImpressions: Number(r.wrimp),
      cardViews: Number(r.views),
      clicks,
      clickThrough: impressions > 0 ? clicks / impressions : null,
    };
  });
}
