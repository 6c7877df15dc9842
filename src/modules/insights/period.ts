/**
 * The period a shop asks its insights for: calendar days `from`–`to` (inclusive) in the shop's
 * time zone, given as minutes east of UTC (the page sends the browser's own). Turned into the
 * microsecond bounds the queries use, and the list of its days. Refused with a clear 400 when a
 * date is not a real day, `from` is after `to`, or the period is longer than `MAX_PERIOD_DAYS`.
 */
import { AppError } from '../../errors.ts';

/** The longest period one summary covers: a year, leap day included. */
export const MAX_PERIOD_DAYS = 366;
/** The period when the shop names none: the last 30 days, today included. */
export const DEFAULT_PERIOD_DAYS = 30;
/** Time zones run from UTC−12:00 to UTC+14:00. */
export const MAX_OFFSET_MINUTES = 14 * 60;

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface InsightsPeriod {
  from: string;
  to: string;
  utcOffsetMinutes: number;
  /** Start of `from` in the shop's zone, microseconds since the epoch. */
  sinceMicros: number;
  /** Start of the day after `to` (exclusive end). */
  untilMicros: number;
  /** Where the shop's days start relative to UTC midnight, in microseconds. */
  dayOffsetMicros: number;
  /** Every day of the period, `YYYY-MM-DD`, in order. */
  days: string[];
}

/** Milliseconds of UTC midnight of a `YYYY-MM-DD` date, or null when it is not a real day. */
function dayStart(text: string): number | null {
  const m = DATE.exec(text);
  if (!m) {
    return null;
  }
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // 2026-02-30 would roll over to March: a date that does not come back unchanged is no date.
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text ? ms : null;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day number (days since 1970-01-01 in the shop's zone) as a date. */
export function dayOfNumber(dayNumber: number): string {
  return isoDay(dayNumber * DAY_MS);
}

/**
 * The period of a request. `nowMicros` decides the default period (the last 30 days up to
 * today in the shop's zone).
 */
export function parsePeriod(query: { from?: string; to?: string; utcOffset?: number }, nowMicros: number): InsightsPeriod {
  const utcOffsetMinutes = query.utcOffset ?? 0;
  if (!Number.isInteger(utcOffsetMinutes) || Math.abs(utcOffsetMinutes) > MAX_OFFSET_MINUTES) {
    throw new AppError('INVALID_REQUEST', `utcOffset must be whole minutes between -${MAX_OFFSET_MINUTES} and ${MAX_OFFSET_MINUTES}`);
  }
  const offsetMs = utcOffsetMinutes * 60_000;
  const today = Math.floor((nowMicros / 1000 + offsetMs) / DAY_MS) * DAY_MS;
  const toMs = query.to === undefined ? today : dayStart(query.to);
  if (toMs === null) {
    throw new AppError('INVALID_REQUEST', 'to must be a date YYYY-MM-DD');
  }
  const fromMs = query.from === undefined ? toMs - (DEFAULT_PERIOD_DAYS - 1) * DAY_MS : dayStart(query.from);
  if (fromMs === null) {
    throw new AppError('INVALID_REQUEST', 'from must be a date YYYY-MM-DD');
  }
  if (fromMs > toMs) {
    throw new AppError('INVALID_REQUEST', 'from must not be after to');
  }
  const count = (toMs - fromMs) / DAY_MS + 1;
  if (count > MAX_PERIOD_DAYS) {
    throw new AppError('INVALID_REQUEST', `the period must be at most ${MAX_PERIOD_DAYS} days`);
  }
  const days: string[] = [];
  for (let i = 0; i < count; i++) {
    days.push(isoDay(fromMs + i * DAY_MS));
  }
  return {
    from: isoDay(fromMs),
    to: isoDay(toMs),
    utcOffsetMinutes,
    sinceMicros: (fromMs - offsetMs) * 1000,
    untilMicros: (toMs + DAY_MS - offsetMs) * 1000,
    dayOffsetMicros: offsetMs * 1000,
    days,
  };
}
