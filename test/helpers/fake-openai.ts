/**
 * A fake OpenAI-compatible server for tests and benchmarks: a real node:http server on a
 * local port speaking `POST /v1/chat/completions` (plain JSON, and server-sent events when
 * a request asks for `stream: true`). Each test scripts it with a queue of replies — text,
 * tool calls, HTTP errors, delays, or no answer at all — and reads back the requests it got.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

export interface FakeToolCall {
  name: string;
  /** An object is sent as JSON; a string is sent as is (to script malformed arguments). */
  arguments: unknown;
}

export type FakeReply =
  | { text: string; delayMs?: number }
  /** `finishReason` defaults to `tool_calls`; `length` scripts a reply cut off by the token limit. */
  | { toolCalls: FakeToolCall[]; text?: string; delayMs?: number; finishReason?: string }
  | { status: number; body?: unknown; delayMs?: number }
  /** Never answers; the client has to give up. */
  | { hang: true };

export interface RecordedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  // The request body as the SDK sent it (OpenAI chat-completions shape).
  body: {
    model?: string;
    messages: Array<{ role: string; content: unknown; tool_calls?: unknown[]; tool_call_id?: string }>;
    tools?: Array<{ type: string; function: { name: string; description?: string; parameters: unknown } }>;
    tool_choice?: unknown;
    max_tokens?: number;
    temperature?: number;
    stream?: boolean;
    [key: string]: unknown;
  };
}

export interface FakeOpenAI {
  /** `http://127.0.0.1:<port>/v1`, as a tenant's `baseUrl`. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Adds replies, answered in order. */
  enqueue(...replies: FakeReply[]): void;
  /** Answers when the queue is empty; by default a 500 saying nothing was scripted. */
  otherwise: ((request: RecordedRequest) => FakeReply) | null;
  /** Empties the queue and the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

/** A reply that calls the answer tool with these arguments. */
export function answerReply(args: unknown, delayMs?: number): FakeReply {
  return { toolCalls: [{ name: 'answer', arguments: args }], ...(delayMs ? { delayMs } : {}) };
}

/** A reply that calls one tool. */
export function toolReply(name: string, args: unknown): FakeReply {
  return { toolCalls: [{ name, arguments: args }] };
}

function completion(model: string, reply: { text?: string; toolCalls?: FakeToolCall[]; finishReason?: string }) {
  const toolCalls = (reply.toolCalls ?? []).map((c) => ({
    id: `call_${randomUUID().slice(0, 8)}`,
    type: 'function',
    function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) },
  }));
  return {
    id: `chatcmpl-${randomUUID()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: reply.text ?? null, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) },
        finish_reason: reply.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

/** The same completion as server-sent events: one delta with everything, then the finish. */
function streamed(res: http.ServerResponse, body: ReturnType<typeof completion>): void {
  const choice = body.choices[0]!;
  const base = { id: body.id, object: 'chat.completion.chunk', created: body.created, model: body.model };
  const toolCalls = (choice.message.tool_calls ?? []).map((c, index) => ({ index, ...c }));
  const delta = { role: 'assistant', ...(choice.message.content ? { content: choice.message.content } : {}), ...(toolCalls.length ? { tool_calls: toolCalls } : {}) };
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`);
  res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: choice.finish_reason }], usage: body.usage })}\n\n`);
  res.end('data: [DONE]\n\n');
}

/** Starts the fake server on a free local port. */
export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const queue: FakeReply[] = [];
  const fake: FakeOpenAI = {
    baseUrl: '',
    requests: [],
    enqueue: (...replies) => queue.push(...replies),
    otherwise: null,
    reset() {
      queue.length = 0;
      fake.requests.length = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks).toString('utf8'));
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, text: string): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    let body: RecordedRequest['body'];
    try {
      body = JSON.parse(text) as RecordedRequest['body'];
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'bad json' } }));
      return;
    }
    const recorded: RecordedRequest = { path, headers: req.headers, body };
    fake.requests.push(recorded);
    const reply = queue.shift() ?? fake.otherwise?.(recorded) ?? { status: 500, body: { error: { message: 'no reply scripted' } } };
    if ('hang' in reply) {
      return;
    }
    if (reply.delayMs) {
      await new Promise((r) => setTimeout(r, reply.delayMs));
    }
    if (res.destroyed) {
      return;
    }
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body ?? { error: { message: `status ${reply.status}` } }));
      return;
    }
    const out = completion(body.model ?? 'fake', reply);
    if (body.stream) {
      streamed(res, out);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}

/** The text of every message of a recorded request, joined (what the model "read"). */
export function transcript(request: RecordedRequest): string {
  return request.body.messages
    .map((m) => {
      if (typeof m.content === 'string') {
        return m.content;
      }
      if (Array.isArray(m.content)) {
        return m.content.map((p: { type?: string; text?: string }) => (p.type === 'text' ? (p.text ?? '') : `[${p.type ?? 'part'}]`)).join(' ');
      }
      return '';
    })
    .join('\n');
}
