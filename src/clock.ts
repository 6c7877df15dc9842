/**
 * Time as Aisle sees it: microseconds since the epoch, injectable so tests can move it.
 * Microseconds because the dialog list shows `createdAt` with microsecond precision.
 */
export interface Clock {
  /** Microseconds since the Unix epoch. */
  nowMicros(): number;
}

/** The real clock: wall time with sub-millisecond precision, never going backwards in-process. */
export function systemClock(): Clock {
  const origin = Date.now() * 1000 - performance.now() * 1000;
  let last = 0;
  return {
    nowMicros() {
      const now = Math.floor(origin + performance.now() * 1000);
      last = now > last ? now : last + 1;
      return last;
    },
  };
}

/** A clock that stands still until moved; for tests and embedding programs. */
export function manualClock(startMicros = Date.UTC(2026, 0, 1) * 1000): Clock & { advance(micros: number): void; set(micros: number): void } {
  let now = startMicros;
  return {
    nowMicros: () => now++,
    advance(micros: number) {
      now += micros;
    },
    set(micros: number) {
      now = micros;
    },
  };
}

export const MICROS_PER_DAY = 86_400_000_000;

const MS_PER_DAY = 86_400_000;
const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
/** `YYYY-MM-DDT` of recent days: a page of dialogs or messages mostly shares a few days. */
const datePrefixes = new Map<number, string>();
const DATE_PREFIXES_KEPT = 1024;

function datePrefix(day: number): string {
  let prefix = datePrefixes.get(day);
  if (prefix === undefined) {
    if (datePrefixes.size >= DATE_PREFIXES_KEPT) {
      datePrefixes.clear();
    }
    prefix = new Date(day * MS_PER_DAY).toISOString().slice(0, -13);
    datePrefixes.set(day, prefix);
  }
  return prefix;
}

/**
 * `YYYY-MM-DDTHH:MM:SS.mmm` of a time in milliseconds, without the zone: the date from a small
 * table of days and the time of day by arithmetic (`Date#toISOString` for every timestamp was a
 * sixth of a dialog-list request's CPU).
 */
function isoWithoutZone(ms: number): string {
  const day = Math.floor(ms / MS_PER_DAY);
  let rest = ms - day * MS_PER_DAY;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${datePrefix(day)}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[rest - seconds * 1000]}`;
}

/** ISO 8601 UTC with milliseconds: `2026-01-01T10:00:00.123Z`. */
export function isoMillis(micros: number): string {
  return `${isoWithoutZone(Math.floor(micros / 1000))}Z`;
}

/** ISO 8601 UTC with microseconds: `2026-01-01T10:00:00.123456Z`. */
export function isoMicros(micros: number): string {
  const ms = Math.floor(micros / 1000);
  return `${isoWithoutZone(ms)}${THREE_DIGITS[micros - ms * 1000]}Z`;
}
