/**
 * A real `aisle serve` child process on a free port, for tests that stop or kill servers:
 * started with the given environment, ready once it logs that it listens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../bin/aisle.js', import.meta.url));

export interface ChildServer {
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  base: string;
  port: number;
  /** Settles with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

export function startChildServer(env: Record<string, string>, startTimeoutMs = 60_000): Promise<ChildServer> {
  const child = spawn(process.execPath, [CLI, 'serve'], { env: { ...process.env, ...env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let out = '';
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start:\n${out}`));
    }, startTimeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Aisle is listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        const port = Number(match[1]);
        resolve({ child, port, base: `http://127.0.0.1:${port}`, exited, output: () => out });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${out}`));
    });
  });
}

/** Ends a child server if it still runs (SIGKILL) and waits for it. */
export async function killChildServer(server: ChildServer | undefined): Promise<void> {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}
