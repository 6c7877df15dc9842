/**
 * The README's start command under a process manager: SIGTERM goes to the process that was
 * started (`npm start`), not to the server behind it. The server must receive it, finish what
 * is in flight and exit, leaving neither a process nor a held port behind.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const portAnswers = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

describe('npm start', () => {
  test('SIGTERM sent to npm stops the server gracefully and frees its port', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'aisle-start-'));
    const npm = spawn('npm', ['start'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: `sqlite:${path.join(dir, 'aisle.sqlite')}`, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    npm.stdout.on('data', (c: Buffer) => (out += c.toString()));
    npm.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const npmExited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    try {
      const started = await waitFor(() => /Aisle is listening at http:\/\/127\.0\.0\.1:\d+/.test(out) && /"pid":\d+[^\n]*"msg":"Aisle is listening"/.test(out), 90_000);
      assert.ok(started, `the server did not start:\n${out}`);
      const port = Number(/Aisle is listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)![1]);
      const serverPid = Number(/"pid":(\d+)[^\n]*"msg":"Aisle is listening"/.exec(out)![1]);
      assert.notEqual(serverPid, npm.pid, 'the server runs in its own process behind npm');
      assert.ok(await portAnswers(port));

      npm.kill('SIGTERM');
      assert.ok(await waitFor(() => !alive(serverPid), 20_000), `the server process ${serverPid} is still running after SIGTERM to npm:\n${out}`);
      assert.match(out, /SIGTERM: finishing requests in flight, then stopping/, 'the server stopped through its graceful path');
      assert.equal(await portAnswers(port), false, 'the port is free');
      await Promise.race([npmExited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      assert.notEqual(npm.exitCode === null && npm.signalCode === null, true, 'npm itself has exited');
    } finally {
      if (npm.exitCode === null && npm.signalCode === null) {
        npm.kill('SIGKILL');
      }
      const pid = /"pid":(\d+)/.exec(out)?.[1];
      if (pid && alive(Number(pid))) {
        process.kill(Number(pid), 'SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
