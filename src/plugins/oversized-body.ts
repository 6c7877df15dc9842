/**
 * Closing the connection after a 413 without resetting it. A client that sends its whole body
 * before reading the answer (most do) is still writing when Aisle refuses the body; if the
 * socket is closed while unread bytes wait in it, the kernel answers with a reset and the
 * client sees "connection reset" instead of the 413. So the rest of the body is read and
 * thrown away — up to a limit of bytes and time, after which the reset is the client's own
 * doing — and the connection is closed once the client has finished sending.
 */
import type { Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** Bodies declared larger than this are not drained: the connection is closed at once. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
/** How long a client may keep sending a refused body before the connection is cut. */
const DRAIN_MAX_MS = 10_000;

/** Marks a socket whose close waits for the client's body to end. */
const draining = new WeakSet<Socket>();

/** Call while answering 413: the response still goes out with `Connection: close`; the close waits for the body. */
export function closeAfterDrainingBody(request: FastifyRequest): void {
  const socket = request.raw.socket as Socket | null;
  if (!socket || draining.has(socket) || socket.destroyed) {
    return;
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > DRAIN_MAX_BYTES) {
    return;
  }
  draining.add(socket);
  // Node closes a `Connection: close` response's socket with destroySoon() once the response is
  // written; this socket instead half-closes (the client reads the 413 and the end of the
  // stream) and goes on reading until the client ends its side or the time is up.
  socket.destroySoon = function drainThenClose(this: Socket) {
    const cut = setTimeout(() => this.destroy(), DRAIN_MAX_MS);
    cut.unref();
    this.once('close', () => clearTimeout(cut));
    this.once('end', () => this.destroy());
    this.end();
    // The HTTP parser may have stopped reading: pull the rest of the body off the wire.
    request.raw.resume();
    this.resume();
  };
}
