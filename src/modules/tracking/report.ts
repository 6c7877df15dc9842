/**
 * Per-tenant, per-day engagement from the tracking events: block impressions (IMP),
 * visible block impressions (WRIMP), card views (the cards' own visible_impression), clicks, and
 * click-through (clicks per block impression). Used by `aisle events-report` and the shop's
 * insights page, which asks for one period and for days of the shop's own time zone.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { dayNumber } from '../../db/day-number.ts';

export interface DayFigures {
  tenant: string;
  day: string;
  impressions: number;
  visibleImpressions: number;
  cardViews: number;
  clicks: number;
  clickThrough: number | null;
}

export interface EngagementOptions {
  tenantId?: string;
  sinceMicros: number;
  /** End of the period (exclusive); open when absent. */
  untilMicros?: number;
  /** Where days start: this many microseconds east of UTC (default 0, UTC days). */
  dayOffsetMicros?: number;
}

export async function engagementByDay(db: Kysely<Database>, options: EngagementOptions): Promise<DayFigures[]> {
  const day = dayNumber('created_at', options.dayOffsetMicros ?? 0);
  let query = db
    .selectFrom('tracking_events')
    .select([
      'tenant_id',
      day.as('day_number'),
      sql<number>`sum(case when type = 'IMP' then 1 else 0 end)`.as('imp'),
      sql<number>`sum(case when type = 'WRIMP' then 1 else 0 end)`.as('wrimp'),
      // Card views are the cards' own visible_impression events (they carry a SKU). The root
      // visible_impression is the whole block's, sent under the same condition as WRIMP
      // (spec part 6), so counting it here would add one "card view" per block seen.
      sql<number>`sum(case when type = 'visible_impression' and sku is not null then 1 else 0 end)`.as('views'),
      sql<number>`sum(case when type = 'click' then 1 else 0 end)`.as('clicks'),
    ])
    .where('created_at', '>=', options.sinceMicros)
    .groupBy(['tenant_id', day])
    .orderBy('tenant_id')
    .orderBy(day);
  if (options.tenantId) {
    query = query.where('tenant_id', '=', options.tenantId);
  }
  if (options.untilMicros !== undefined) {
    query = query.where('created_at', '<', options.untilMicros);
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
