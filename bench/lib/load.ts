/**
 * One bounded load run with autocannon over loopback. Latencies are taken from every
 * response with sub-millisecond precision (autocannon's own histogram keeps whole
 * milliseconds, too coarse for a server that answers in 200 µs). Requests per second are
 * the responses between the first and the last one over that time: from the first
 * response on, every connection has a request in flight, so this is the steady rate — the
 * run's wall time would also count the ramp-up and the requests abandoned at the stop,
 * which on a slow endpoint at 50 connections is a large share of a short run.
 */
import autocannon from 'autocannon';

export interface RequestShape {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadSpec {
  request: RequestShape;
  /** Per-request variation (a new message id, another answer to react to); `n` counts up across runs. */
  vary?: (n: number) => Partial<RequestShape>;
}

export interface LoadResult {
  connections: number;
  requests: number;
  seconds: number;
  rps: number;
  /** Milliseconds, ascending. */
  latencies: Float64Array;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
}

/** Shared request counter per target, so varied requests never repeat across runs. */
export interface Counter {
  n: number;
}

export async function runLoad(origin: string, spec: LoadSpec, options: { connections: number; seconds: number; counter: Counter }): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let timeouts = 0;
  const { request, vary } = spec;
  const started = performance.now();
  let guard: NodeJS.Timeout | undefined;
  let firstAt = 0;
  let lastAt = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections: options.connections,
        duration: options.seconds,
        // The stop flag is looked at on each sample tick: 100 ms keeps short runs short.
        sampleInt: 100,
        timeout: 10,
        requests: [
          {
            method: request.method,
            path: request.path,
            headers: request.headers,
            ...(request.body !== undefined ? { body: request.body } : {}),
            ...(vary ? { setupRequest: (req: autocannon.Request) => ({ ...req, ...vary(options.counter.n++) }) as autocannon.Request } : {}),
          },
        ],
      },
      (err, res) => (err ? reject(err as Error) : resolve(res)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      lastAt = performance.now();
      firstAt ||= lastAt;
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
    instance.on('reqError', (err: { code?: string }) => {
      if (err?.code === 'ETIMEDOUT' || /timeout/i.test(String(err))) {
        timeouts++;
      } else {
        errors++;
      }
    });
    // A run never outlives its duration by much, whatever the server does.
    guard = setTimeout(() => instance.stop(), (options.seconds + 15) * 1000);
  }).finally(() => clearTimeout(guard));
  const seconds = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return {
    connections: options.connections,
    requests: sorted.length,
    seconds,
    rps: sorted.length >= 2 && lastAt > firstAt ? ((sorted.length - 1) * 1000) / (lastAt - firstAt) : sorted.length / seconds,
    latencies: sorted,
    statuses,
    errors: errors || result.errors,
    timeouts: timeouts || result.timeouts,
  };
}
