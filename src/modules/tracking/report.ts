/**
 * Per-tenant, per-day engagement from the tracking events: block impressions (IMP),
 * visible block impressions (WRIMP), card views (visible_impression), clicks, and
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

export async function engagementByDay(db: Kysely<Database>, options: { tenantId?: string; sinceMicros: number }): Promise<DayFigures[]> {
  let query = db
    .selectFrom('tracking_events')
    .select([
      'tenant_id',
      sql<number>`(created_at / ${DAY_MICROS})`.as('day_number'),
      sql<number>`sum(case when type = 'IMP' then 1 else 0 end)`.as('imp'),
      sql<number>`sum(case when type = 'WRIMP' then 1 else 0 end)`.as('wrimp'),
      sql<number>`sum(case when type = 'visible_impression' then 1 else 0 end)`.as('views'),
      sql<number>`sum(case when type = 'click' then 1 else 0 end)`.as('clicks'),
    ])
    .where('created_at', '>=', options.sinceMicros)
    .groupBy(['tenant_id', sql`(created_at / ${DAY_MICROS})`])
    .orderBy('tenant_id')
    .orderBy(sql`(created_at / ${DAY_MICROS})`);
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
