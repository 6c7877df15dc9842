/**
 * The URL form against real local HTTPS servers.
 *
 * The certificate is made at test time with the openssl CLI and trusted only through the
 * fetcher's injected `connect.ca`; the injected address policy admits only 127.0.0.1, where
 * server A listens. Server B listens on 127.0.0.2 — a loopback address the policy refuses — and
 * must never see a connection: it stands for the private host an attacker wants to reach.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  createImagePipeline,
  createSafeFetcher,
  MAX_IMAGE_BYTES,
  type ResolvedAddress,
  type SafeFetcher,
} from '../../../src/images/index.ts';
import { appError, sample } from '../../unit/images/helpers.ts';
import { sharedDataSkip } from '../../helpers/shared-data.ts';

const hopper = sample('pillow_testimages/hopper.jpg');

let certDir: string;
let cert: Buffer;
let serverA: Server;
let serverB: Server;
let portA: number;
let portB: number;
let connectionsA = 0;
let connectionsB = 0;
/** Sockets the slow routes hold open, ended in `after`. */
const stalled = new Set<ServerResponse>();

/** A resolver standing in for DNS: `images.test` is server A, `private.test` is server B. */
const hosts: Record<string, string[]> = {
  'images.test': ['127.0.0.1'],
  'private.test': ['127.0.0.2'],
  'mixed.test': ['127.0.0.1', '10.0.0.7'],
  'nowhere.test': [],
};
async function resolveHost(hostname: string): Promise<ResolvedAddress[]> {
  const addresses = hosts[hostname];
  if (addresses === undefined) {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  }
  return addresses.map((address) => ({ address, family: 4 as const }));
}

function fetcher(overrides: { timeoutMs?: number; resolve?: (hostname: string) => Promise<ResolvedAddress[]> } = {}): SafeFetcher {
  return createSafeFetcher({
    isAllowedAddress: (ip) => ip === '127.0.0.1',
    connect: { ca: cert },
    resolveHost: overrides.resolve ?? resolveHost,
    ...(overrides.timeoutMs !== undefined ? { timeoutMs: overrides.timeoutMs } : {}),
  });
}

const a = (path: string): string => `https://127.0.0.1:${portA}${path}`;

function routeA(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'https://x');
  const path = url.pathname;
  const redirect = path.match(/^\/redirect\/(\d+)$/);
  if (redirect) {
    const left = Number(redirect[1]);
    if (left === 0) {
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(hopper);
    } else {
      // Alternate relative and absolute Locations, and the status codes a server may use.
      const location = left % 2 === 0 ? `/redirect/${left - 1}` : a(`/redirect/${left - 1}`);
      res.writeHead([301, 302, 303, 307, 308][left % 5]!, { location }).end();
    }
    return;
  }
  switch (path) {
    case '/hopper.jpg':
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': hopper.length }).end(hopper);
      return;
    case '/hopper-charset.jpg':
      res.writeHead(200, { 'content-type': 'Image/JPEG; charset=binary' }).end(hopper);
      return;
    case '/to-server-b':
      res.writeHead(302, { location: `https://127.0.0.2:${portB}/secret` }).end();
      return;
    case '/to-private-name':
      res.writeHead(302, { location: `https://private.test:${portB}/secret` }).end();
      return;
    case '/to-http':
      res.writeHead(302, { location: `http://127.0.0.1:${portA}/hopper.jpg` }).end();
      return;
    case '/to-credentials':
      res.writeHead(302, { location: `https://user:secret@127.0.0.1:${portA}/hopper.jpg` }).end();
      return;
    case '/redirect-without-location':
      res.writeHead(302).end();
      return;
    case '/html':
      res.writeHead(200, { 'content-type': 'text/html' }).end(hopper);
      return;
    case '/no-content-type':
      res.writeHead(200).end(hopper);
      return;
    case '/gif':
      res.writeHead(200, { 'content-type': 'image/gif' }).end(sample('pillow_testimages/hopper.gif'));
      return;
    case '/jpeg-labelled-png':
      res.writeHead(200, { 'content-type': 'image/png' }).end(hopper);
      return;
    case '/not-found':
      res.writeHead(404, { 'content-type': 'image/jpeg' }).end(hopper);
      return;
    case '/server-error':
      res.writeHead(500).end();
      return;
    case '/big-with-length':
      // Declares 6 MiB and sends the start only: the fetcher must refuse from the header.
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': 6 * 1024 * 1024 });
      res.write(hopper);
      stalled.add(res);
      return;
    case '/big-chunked':
      streamChunked(res, MAX_IMAGE_BYTES + 64 * 1024);
      return;
    case '/exactly-5-mib':
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end(Buffer.concat([hopper, Buffer.alloc(MAX_IMAGE_BYTES - hopper.length)]));
      return;
    case '/slow-body':
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': hopper.length });
      res.write(hopper.subarray(0, 100));
      stalled.add(res); // the rest never comes
      return;
    case '/slow-headers':
      stalled.add(res); // no answer at all
      return;
    default:
      res.writeHead(404).end();
  }
}

/** Sends `total` bytes without a Content-Length, in 64 KiB chunks, respecting backpressure. */
function streamChunked(res: ServerResponse, total: number): void {
  res.writeHead(200, { 'content-type': 'image/jpeg' });
  const chunk = Buffer.alloc(64 * 1024, 0xab);
  hopper.copy(chunk);
  let sent = 0;
  const pump = (): void => {
    while (sent < total) {
      sent += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    res.end();
  };
  res.on('error', () => {});
  pump();
}

function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve) => server.listen(0, host, () => resolve((server.address() as AddressInfo).port)));
}

before(async () => {
  certDir = mkdtempSync(join(tmpdir(), 'aisle-images-tls-'));
  execFileSync(
    'openssl',
    [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', join(certDir, 'key.pem'), '-out', join(certDir, 'cert.pem'), '-days', '2',
      '-subj', '/CN=images.test',
      '-addext', 'subjectAltName=DNS:images.test,DNS:private.test,DNS:mixed.test,IP:127.0.0.1,IP:127.0.0.2',
    ],
    { stdio: 'ignore' },
  );
  cert = readFileSync(join(certDir, 'cert.pem'));
  const key = readFileSync(join(certDir, 'key.pem'));
  serverA = createServer({ key, cert }, routeA);
  serverB = createServer({ key, cert }, (_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(hopper));
  serverA.on('connection', () => connectionsA++);
  serverB.on('connection', () => connectionsB++);
  portA = await listen(serverA, '127.0.0.1');
  portB = await listen(serverB, '127.0.0.2');
});

after(async () => {
  for (const res of stalled) {
    res.destroy();
  }
  serverA.closeAllConnections();
  serverB.closeAllConnections();
  await Promise.all([new Promise((r) => serverA.close(r)), new Promise((r) => serverB.close(r))]);
  rmSync(certDir, { recursive: true, force: true });
  assert.equal(connectionsB, 0, 'server B (a refused address) never saw a connection');
});

describe('successful downloads', { skip: sharedDataSkip }, () => {
  test('an image by IP literal', async () => {
    const image = await fetcher().fetch(a('/hopper.jpg'));
    assert.equal(image.mediaType, 'image/jpeg');
    assert.deepEqual(image.bytes, hopper);
  });

  test('an image by host name, connected to the checked address with the right TLS name', async () => {
    const image = await fetcher().fetch(`https://images.test:${portA}/hopper.jpg`);
    assert.deepEqual(image.bytes, hopper);
  });

  test('Content-Type parameters and case do not matter', async () => {
    const image = await fetcher().fetch(a('/hopper-charset.jpg'));
    assert.equal(image.mediaType, 'image/jpeg');
  });

  test('exactly 5 MiB is accepted', async () => {
    const image = await fetcher().fetch(a('/exactly-5-mib'));
    assert.equal(image.bytes.length, MAX_IMAGE_BYTES);
  });

  test('the pipeline normalises an image by URL', async () => {
    const pipeline = createImagePipeline({ fetcher: fetcher() });
    const result = await pipeline.normalise({ type: 'url', url: `https://images.test:${portA}/redirect/2` });
    assert.deepEqual([result.width, result.height], [128, 128]);
    assert.equal((await sharp(result.jpeg).metadata()).format, 'jpeg');
  });

  test('a DNS answer that changes after the check cannot redirect the connection (no second lookup)', async () => {
    let lookups = 0;
    // A rebinding resolver: first the allowed address, then the private one.
    const rebinding = async (): Promise<ResolvedAddress[]> => [{ address: lookups++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
    const image = await fetcher({ resolve: rebinding }).fetch(`https://images.test:${portA}/hopper.jpg`);
    assert.deepEqual(image.bytes, hopper);
  });
});

describe('redirects', { skip: sharedDataSkip }, () => {
  test('3 redirects are followed', async () => {
    const image = await fetcher().fetch(a('/redirect/3'));
    assert.deepEqual(image.bytes, hopper);
  });

  test('a 4th redirect is refused (400)', async () => {
    await assert.rejects(fetcher().fetch(a('/redirect/4')), appError('INVALID_REQUEST', 400));
  });

  test('a redirect to a refused address is refused, and no connection is made to it', async () => {
    const before = connectionsB;
    await assert.rejects(fetcher().fetch(a('/to-server-b')), appError('INVALID_REQUEST', 400));
    assert.equal(connectionsB, before);
  });

  test('a redirect to a host name resolving to a refused address is refused', async () => {
    const before = connectionsB;
    await assert.rejects(fetcher().fetch(a('/to-private-name')), appError('INVALID_REQUEST', 400));
    assert.equal(connectionsB, before);
  });

  test('a redirect to http: is refused (400)', async () => {
    await assert.rejects(fetcher().fetch(a('/to-http')), appError('INVALID_REQUEST', 400));
  });

  test('a redirect to a URL with credentials is refused (400)', async () => {
    await assert.rejects(fetcher().fetch(a('/to-credentials')), appError('INVALID_REQUEST', 400));
  });

  test('a redirect without Location cannot be downloaded (422)', async () => {
    await assert.rejects(fetcher().fetch(a('/redirect-without-location')), appError('IMAGE_UNPROCESSABLE', 422));
  });
});

describe('refused URLs never reach the network', { skip: sharedDataSkip }, () => {
  const refused: Array<[string, () => string]> = [
    ['http:', () => `http://127.0.0.1:${portA}/hopper.jpg`],
    ['ftp:', () => `ftp://127.0.0.1:${portA}/hopper.jpg`],
    ['user and password', () => `https://user:secret@127.0.0.1:${portA}/hopper.jpg`],
    ['user only', () => `https://user@127.0.0.1:${portA}/hopper.jpg`],
    ['a malformed URL', () => 'https://exa mple.com/x.jpg'],
    ['not a URL at all', () => 'hopper.jpg'],
    ['a refused IP literal', () => `https://127.0.0.2:${portB}/secret`],
    ['a host with any refused address', () => `https://mixed.test:${portA}/hopper.jpg`],
    ['a host resolving to a refused address', () => `https://private.test:${portB}/secret`],
  ];
  for (const [name, url] of refused) {
    test(`${name} → 400`, async () => {
      const [beforeA, beforeB] = [connectionsA, connectionsB];
      await assert.rejects(fetcher().fetch(url()), appError('INVALID_REQUEST', 400));
      assert.deepEqual([connectionsA, connectionsB], [beforeA, beforeB]);
    });
  }

  for (const host of ['2130706433', '0x7f.1', '0x7f000001', '017700000001', '0177.0.0.1', '127.1', '[::1]', '[::ffff:127.0.0.1]', 'localhost']) {
    test(`numeric or local host ${host} is refused by the default policy`, async () => {
      const before = connectionsA;
      const defaultPolicy = createSafeFetcher({ connect: { ca: cert } });
      await assert.rejects(defaultPolicy.fetch(`https://${host}:${portA}/hopper.jpg`), appError('INVALID_REQUEST', 400));
      assert.equal(connectionsA, before);
    });
  }

  test('the refusal message does not echo the URL', async () => {
    await assert.rejects(fetcher().fetch(`https://private.test:${portB}/secret-path`), (err: Error) => {
      assert.equal(/private\.test|secret-path/.test(err.message), false);
      return true;
    });
  });
});

describe('responses that are not an acceptable image', { skip: sharedDataSkip }, () => {
  test('wrong Content-Type → 415', async () => {
    await assert.rejects(fetcher().fetch(a('/html')), appError('IMAGE_UNSUPPORTED', 415));
  });

  test('no Content-Type → 415', async () => {
    await assert.rejects(fetcher().fetch(a('/no-content-type')), appError('IMAGE_UNSUPPORTED', 415));
  });

  test('a GIF → 415', async () => {
    await assert.rejects(fetcher().fetch(a('/gif')), appError('IMAGE_UNSUPPORTED', 415));
  });

  test('bytes that do not match the Content-Type → 415 (pipeline)', async () => {
    const pipeline = createImagePipeline({ fetcher: fetcher() });
    await assert.rejects(pipeline.normalise({ type: 'url', url: a('/jpeg-labelled-png') }), appError('IMAGE_UNSUPPORTED', 415));
  });

  test('oversized body declared by Content-Length → 413', async () => {
    await assert.rejects(fetcher().fetch(a('/big-with-length')), appError('IMAGE_TOO_LARGE', 413));
  });

  test('oversized body without Content-Length is cut off while streaming → 413', async () => {
    await assert.rejects(fetcher().fetch(a('/big-chunked')), appError('IMAGE_TOO_LARGE', 413));
  });

  test('404 → 422', async () => {
    await assert.rejects(fetcher().fetch(a('/not-found')), appError('IMAGE_UNPROCESSABLE', 422));
  });

  test('500 → 422', async () => {
    await assert.rejects(fetcher().fetch(a('/server-error')), appError('IMAGE_UNPROCESSABLE', 422));
  });
});

describe('unreachable and slow servers', { skip: sharedDataSkip }, () => {
  test('a body that stops arriving → 504', async () => {
    await assert.rejects(fetcher({ timeoutMs: 300 }).fetch(a('/slow-body')), appError('IMAGE_FETCH_TIMEOUT', 504));
  });

  test('a server that never answers → 504', async () => {
    await assert.rejects(fetcher({ timeoutMs: 300 }).fetch(a('/slow-headers')), appError('IMAGE_FETCH_TIMEOUT', 504));
  });

  test('a server that accepts the connection but never completes the TLS handshake → 504 at the deadline, not at the connect timeout', async () => {
    // Plain TCP: the connection is accepted and then nothing is ever said.
    const sockets: Socket[] = [];
    const silent = createTcpServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      const started = performance.now();
      await assert.rejects(fetcher({ timeoutMs: 300 }).fetch(`https://127.0.0.1:${port}/x.jpg`), appError('IMAGE_FETCH_TIMEOUT', 504));
      // Before the fix this took undici's own 10 s connect timeout; 3 s separates the two by far.
      const ms = performance.now() - started;
      assert.ok(ms < 3000, `answered after ${Math.round(ms)} ms`);
    } finally {
      sockets.forEach((s) => s.destroy());
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  test('a resolver that never answers → 504', async () => {
    const hanging = (): Promise<ResolvedAddress[]> => new Promise(() => {});
    await assert.rejects(fetcher({ timeoutMs: 300, resolve: hanging }).fetch(`https://images.test:${portA}/x`), appError('IMAGE_FETCH_TIMEOUT', 504));
  });

  test('connection refused → 422', async () => {
    const closed = createServer();
    const port = await listen(closed, '127.0.0.1');
    await new Promise((r) => closed.close(r));
    await assert.rejects(fetcher().fetch(`https://127.0.0.1:${port}/x.jpg`), appError('IMAGE_UNPROCESSABLE', 422));
  });

  test('an unknown host → 422', async () => {
    await assert.rejects(fetcher().fetch(`https://unknown.test:${portA}/x.jpg`), appError('IMAGE_UNPROCESSABLE', 422));
  });

  test('a host with no addresses → 422', async () => {
    await assert.rejects(fetcher().fetch(`https://nowhere.test:${portA}/x.jpg`), appError('IMAGE_UNPROCESSABLE', 422));
  });

  test('a certificate not trusted → 422', async () => {
    const noCa = createSafeFetcher({ isAllowedAddress: (ip) => ip === '127.0.0.1' });
    await assert.rejects(noCa.fetch(a('/hopper.jpg')), appError('IMAGE_UNPROCESSABLE', 422));
  });

  test("the caller's abort is passed through as the caller's reason", async () => {
    const controller = new AbortController();
    const pending = fetcher().fetch(a('/slow-headers'), controller.signal);
    controller.abort(new Error('client closed the request'));
    await assert.rejects(pending, /client closed the request/);
  });
});
