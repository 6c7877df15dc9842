/**
 * Starts the benchmark's server processes (Aisle on SQLite, Aisle on PostgreSQL, the
 * baseline) and talks to them over IPC. Each is a separate process so its CPU time and
 * memory are its own, and the load tool in this process does not blur them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { CapturedResponse, Usage } from './child-usage.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ChildServer {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
  /** RSS right after the server reported it listens. */
  readonly startRss: number;
  usage(): Promise<Usage>;
  resetPeak(): Promise<Usage>;
  serve(route: string, response: CapturedResponse): Promise<void>;
  /** Starts a CPU profile of this process (the measurement window only). */
  profileStart(): Promise<void>;
  /** Stops it and writes it to `file`. */
  profileStop(file: string): Promise<void>;
  stop(): Promise<void>;
}

export interface ChildOptions {
  name: string;
  /** Node's arguments: the entry module and its own arguments, after any preloads. */
  args: string[];
  env: Record<string, string>;
  logFile: string;
  /**
   * How to know it listens: the child says so over IPC, or (a server that knows nothing of
   * the benchmark) its `/health` at this origin answers 200.
   */
  readyAt?: string;
  readyTimeoutMs?: number;
}

/** A free port on loopback, for a server that is told where to listen. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The last lines of a child's log, for an error message. */
export function logTail(file: string, lines = 8): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export async function startChild(options: ChildOptions): Promise<ChildServer> {
  const log = openSync(options.logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, options.args, {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', log, log, 'ipc'],
    });
  } finally {
    closeSync(log);
  }
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: { usage?: Usage }) => void; reject: (e: Error) => void }>();
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true;
      for (const p of pending.values()) {
        p.reject(new Error(`${options.name} exited (${code ?? signal}); see ${options.logFile}`));
      }
      pending.clear();
      resolve();
    });
  });

  const timeoutMs = options.readyTimeoutMs ?? 180_000;
  const failed = (why: string) => new Error(`${options.name} ${why}; its log ends:\n${logTail(options.logFile)}`);
  const ready = await new Promise<{ url: string; rss: number }>((resolve, reject) => {
    let settled = false;
    const done = (err: Error | null, value?: { url: string; rss: number }) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        if (err) {
          reject(err);
        } else {
          resolve(value!);
        }
      }
    };
    const timer = setTimeout(() => done(failed(`did not start within ${timeoutMs} ms`)), timeoutMs);
    child.on('message', (raw) => {
      const msg = raw as { ready?: boolean; url?: string; rss?: number; id?: number; usage?: Usage };
      if (msg.ready) {
        done(null, { url: msg.url!, rss: msg.rss! });
        return;
      }
      const p = msg.id === undefined ? undefined : pending.get(msg.id);
      if (p) {
        pending.delete(msg.id!);
        p.resolve(msg);
      }
    });
    child.once('exit', (code) => done(failed(`exited during start (code ${code})`)));
    if (options.readyAt) {
      const origin = options.readyAt;
      const poll = async () => {
        while (!settled) {
          try {
            const res = await fetch(`${origin}/health`);
            if (res.ok) {
              done(null, { url: origin, rss: 0 });
              return;
            }
          } catch {
            // Not listening yet.
          }
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      void poll();
    }
  });
  const ask = (type: string, extra: object = {}) =>
    new Promise<{ usage?: Usage }>((resolve, reject) => {
      if (exited) {
        reject(new Error(`${options.name} is not running`));
        return;
      }
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.send({ id, type, ...extra });
    });

  return {
    name: options.name,
    url: ready.url,
    pid: child.pid!,
    startRss: ready.rss,
    usage: async () => (await ask('usage')).usage!,
    resetPeak: async () => (await ask('reset-peak')).usage!,
    serve: async (route, response) => {
      await ask('serve', { route, response });
    },
    profileStart: async () => {
      await ask('profile-start');
    },
    profileStop: async (file) => {
      await ask('profile-stop', { file });
    },
    async stop() {
      if (exited) {
        return;
      }
      await ask('stop').catch(() => undefined);
      const timer = setTimeout(() => {
        // Ours, by its pid, only when it did not stop by itself.
        if (!exited) {
          child.kill('SIGKILL');
        }
      }, 15_000);
      await exit;
      clearTimeout(timer);
    },
  };
}
