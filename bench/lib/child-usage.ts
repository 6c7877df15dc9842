import { Session } from 'node:inspector/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * What a benchmark child process (an Aisle server or the baseline) tells its parent over
 * IPC: its CPU time so far and its resident memory — the current value, the peak since
 * the last reset (sampled every 10 ms), and the kernel's lifetime peak. Measured inside
 * the child because only the child knows its own CPU time without counting the load tool.
 *
 * A child also ends by itself when its parent goes away or its time is up, so no server
 * outlives a benchmark that crashed.
 */

/** The routes of the measured endpoints, as `METHOD path-pattern`; the baseline serves these. */
export const BASELINE_ROUTES = [
  'POST /shopping/generate',
  'GET /shopping/dialogs',
  'POST /shopping/history',
  'PUT /shopping/feedback',
  'GET /dialogs/shared/:share_token',
] as const;
export type BaselineRoute = (typeof BASELINE_ROUTES)[number];

export interface Usage {
  /** Microseconds of CPU (user + system) since the process started. */
  cpuMicros: number;
  rss: number;
  /** Highest sampled RSS since the last `reset-peak`. */
  peakRss: number;
  /** Highest sampled RSS since the process started. */
  lifetimePeakRss: number;
  /**
   * The kernel's peak RSS (`ru_maxrss`). Not used for the report: Linux carries it over
   * from the forking parent across exec, so a child starts with the benchmark's own peak.
   */
  maxRss: number;
  /** Where the memory is: V8's heap (used and reserved) and memory outside it (buffers, native). */
  heapUsed: number;
  heapTotal: number;
  external: number;
}

export type ChildRequest =
  | { id: number; type: 'usage' }
  | { id: number; type: 'profile-start' }
  | { id: number; type: 'profile-stop'; file: string }
  | { id: number; type: 'reset-peak' }
  | { id: number; type: 'stop' }
  | { id: number; type: 'serve'; route: string; response: CapturedResponse };

export interface CapturedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const SAMPLE_MS = 10;

export function installUsageReporting(options: { onStop: () => Promise<void>; onServe?: (route: string, response: CapturedResponse) => void; maxLifetimeMs: number }): void {
  let peak = process.memoryUsage.rss();
  let lifetimePeak = peak;
  setInterval(() => {
    const rss = process.memoryUsage.rss();
    if (rss > peak) {
      peak = rss;
    }
    if (rss > lifetimePeak) {
      lifetimePeak = rss;
    }
  }, SAMPLE_MS).unref();

  const usage = (): Usage => {
    const cpu = process.cpuUsage();
    const memory = process.memoryUsage();
    return {
      cpuMicros: cpu.user + cpu.system,
      rss: memory.rss,
      peakRss: peak,
      lifetimePeakRss: lifetimePeak,
      maxRss: process.resourceUsage().maxRSS * 1024,
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
      external: memory.external,
    };
  };
  const send = (message: unknown) => process.send?.(message);
  // CPU profiles of measurement windows only (not of start-up), one per endpoint, on request.
  let session: Session | null = null;
  const profileStart = async () => {
    session ??= new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
  };
  const profileStop = async (file: string) => {
    if (!session) {
      return;
    }
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(profile));
  };

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) {
      return;
    }
    stopping = true;
    const force = setTimeout(() => process.exit(code), 10_000);
    force.unref();
    try {
      await options.onStop();
    } finally {
      process.exit(code);
    }
  };

  process.on('message', (raw) => {
    const msg = raw as ChildRequest;
    switch (msg.type) {
      case 'usage':
        send({ id: msg.id, usage: usage() });
        break;
      case 'reset-peak':
        peak = process.memoryUsage.rss();
        send({ id: msg.id, usage: usage() });
        break;
      case 'profile-start':
        void profileStart().then(() => send({ id: msg.id }));
        break;
      case 'profile-stop':
        void profileStop(msg.file).then(() => send({ id: msg.id }));
        break;
      case 'serve':
        options.onServe?.(msg.route, msg.response);
        send({ id: msg.id });
        break;
      case 'stop':
        send({ id: msg.id, usage: usage() });
        void stop(0);
        break;
    }
  });
  process.on('disconnect', () => void stop(0));
  setTimeout(() => {
    process.stderr.write(`benchmark child: lifetime of ${options.maxLifetimeMs} ms is over, stopping\n`);
    void stop(3);
  }, options.maxLifetimeMs).unref();
}

/** Tells the parent the child listens at `url`. */
export function reportReady(url: string): void {
  process.send?.({ ready: true, url, rss: process.memoryUsage.rss() });
}
