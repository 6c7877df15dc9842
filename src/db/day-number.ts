/** Grouping by day in SQL, the same on SQLite and PostgreSQL. */
import { sql, type RawBuilder } from 'kysely';
import { MICROS_PER_DAY } from '../clock.ts';

/**
 * The day number of a microsecond timestamp column, days starting at midnight `offsetMicros`
 * east of UTC. The divisor and the offset are inlined integer literals, not bound parameters:
 * bound, SQLite received the divisor as a REAL and divided in floating point (every row its own
 * "day" group), and PostgreSQL saw the select and GROUP BY expressions as different ($1 vs $2)
 * and refused the query.
 */
export function dayNumber(column: string, offsetMicros: number): RawBuilder<number> {
  if (!Number.isSafeInteger(offsetMicros)) {
    throw new RangeError('the day offset must be a whole number of microseconds');
  }
  return offsetMicros === 0
    ? sql<number>`(${sql.ref(column)} / ${sql.lit(MICROS_PER_DAY)})`
    : sql<number>`((${sql.ref(column)} + ${sql.lit(offsetMicros)}) / ${sql.lit(MICROS_PER_DAY)})`;
}
