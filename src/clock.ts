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

/** ISO 8601 UTC with milliseconds: `2026-01-01T10:00:00.123Z`. */
export function isoMillis(micros: number): string {
  return new Date(Math.floor(micros / 1000)).toISOString();
}

/** ISO 8601 UTC with microseconds: `2026-01-01T10:00:00.123456Z`. */
export function isoMicros(micros: number): string {
  const ms = new Date(Math.floor(micros / 1000)).toISOString();
  const extra = String(((micros % 1000) + 1000) % 1000).padStart(3, '0');
  return `${ms.slice(0, -1)}${extra}Z`;
}
